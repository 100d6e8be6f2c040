package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

/**
 * The constants of {@link MPI} against the mpiJava 1.2 specification (which names them and leaves most
 * values to the implementation: then the rules MPI sets on them are checked) and MPJ Express (whose
 * values are compile-time constants, inlined into programs compiled against it, so they must be equal
 * here). Reads statics only; single-threaded.
 */
class ConstantsTest {
    private static int value(String name) throws ReflectiveOperationException {
        Field f = MPI.class.getField(name);
        int m = f.getModifiers();
        assertTrue(Modifier.isStatic(m) && Modifier.isFinal(m) && f.getType() == int.class,
                "MPI." + name + " is a static final int (a compile-time constant for programs)");
        return f.getInt(null);
    }

    @Test
    void errorClassesAreSuccessThenOneToLastcode() throws ReflectiveOperationException {
        String[] classes = {"ERR_BUFFER", "ERR_COUNT", "ERR_TYPE", "ERR_TAG", "ERR_COMM", "ERR_RANK", "ERR_REQUEST",
                "ERR_ROOT", "ERR_GROUP", "ERR_OP", "ERR_TOPOLOGY", "ERR_DIMS", "ERR_ARG", "ERR_UNKNOWN", "ERR_TRUNCATE",
                "ERR_OTHER", "ERR_INTERN", "ERR_IN_STATUS", "ERR_PENDING"};
        assertEquals(0, value("SUCCESS"));
        for (int i = 0; i < classes.length; i++) {
            assertEquals(i + 1, value(classes[i]), "MPI." + classes[i] + " (MPI-1's order)");
        }
        assertEquals(value("ERR_PENDING"), value("ERR_LASTCODE"), "ERR_LASTCODE is the largest class");
    }

    @Test
    void everyErrorClassHasItsOwnString() {
        Set<String> seen = new HashSet<>();
        for (int c = MPI.SUCCESS; c <= MPI.ERR_LASTCODE; c++) {
            String s = MPI.Error_string(c);
            assertTrue(s != null && !s.isBlank(), "Error_string(" + c + ")");
            assertTrue(seen.add(s), "Error_string(" + c + ") = '" + s + "' is another class's too");
        }
    }

    @Test
    void wildcardsAndNullProcessAreNoRanks() throws ReflectiveOperationException {
        int anySource = value("ANY_SOURCE");
        int procNull = value("PROC_NULL");
        int undefined = value("UNDEFINED");
        assertTrue(anySource < 0 && procNull < 0 && undefined < 0, "never a rank");
        assertEquals(3, Set.of(anySource, procNull, undefined).size(), "ANY_SOURCE, PROC_NULL, UNDEFINED differ");
        assertEquals(-1, undefined, "MPJ Express's UNDEFINED");
        assertTrue(value("ANY_TAG") < 0, "ANY_TAG is no tag a send may use");
    }

    @Test
    void tagUpperBoundIsAtLeastWhatMpiPromises() throws ReflectiveOperationException {
        assertTrue(value("TAG_UB_VALUE") >= 32767, "MPI-1 3.2.3: TAG_UB is at least 32767");
    }

    @Test
    void comparisonResultsAreMpjExpressValues() throws ReflectiveOperationException {
        assertEquals(0, value("IDENT"));
        assertEquals(3, value("CONGRUENT"));
        assertEquals(1, value("SIMILAR"));
        assertEquals(2, value("UNEQUAL"));
    }

    @Test
    void threadLevelsAreOrderedAsMpiRequires() throws ReflectiveOperationException {
        assertEquals(1, value("THREAD_SINGLE"));
        assertEquals(2, value("THREAD_FUNNELED"));
        assertEquals(3, value("THREAD_SERIALIZED"));
        assertEquals(4, value("THREAD_MULTIPLE"));
    }

    @Test
    void topologyKindsAndAttributeKeysDiffer() throws ReflectiveOperationException {
        assertNotEquals(value("GRAPH"), value("CART"));
        assertNotEquals(MPI.UNDEFINED, value("GRAPH"));
        assertNotEquals(MPI.UNDEFINED, value("CART"));
        assertEquals(4, Set.of(value("TAG_UB"), value("HOST"), value("IO"), value("WTIME_IS_GLOBAL")).size());
    }

    @Test
    void predefinedObjectsAreDistinctAndNamed() throws ReflectiveOperationException {
        String[] types = {"BYTE", "CHAR", "SHORT", "BOOLEAN", "INT", "LONG", "FLOAT", "DOUBLE", "OBJECT", "PACKED", "LB",
                "UB", "SHORT2", "INT2", "LONG2", "FLOAT2", "DOUBLE2"};
        Set<String> names = new HashSet<>();
        for (String name : types) {
            Datatype t = assertInstanceOf(Datatype.class, MPI.class.getField(name).get(null), name);
            assertTrue(t.toString().endsWith(name), "MPI." + name + " prints as " + t);
            assertTrue(names.add(t.toString()), "two types print as " + t);
        }
        Op[] ops = {MPI.MAX, MPI.MIN, MPI.SUM, MPI.PROD, MPI.LAND, MPI.BAND, MPI.LOR, MPI.BOR, MPI.LXOR, MPI.BXOR,
                MPI.MAXLOC, MPI.MINLOC};
        Set<String> opNames = new HashSet<>();
        for (Op op : ops) {
            assertTrue(opNames.add(op.toString()), "two operations print as " + op);
            assertTrue(op.Is_commute(), op + " is commutative");
        }
        assertEquals("MPI.SUM", MPI.SUM.toString());
        assertNotSame(MPI.COMM_WORLD, MPI.COMM_SELF);
        assertNotSame(MPI.GROUP_EMPTY, MPI.GROUP_NULL);
        assertNotSame(MPI.ERRORS_ARE_FATAL, MPI.ERRORS_RETURN);
    }
}
