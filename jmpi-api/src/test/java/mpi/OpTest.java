package mpi;

import static mpi.Errors.fails;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import jmpi.coll.Combiner;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;

/**
 * {@link Op}: predefined and user operations, commutativity, Free, and the check of an operation
 * against the datatype it is applied to. Local; single-threaded.
 */
class OpTest {
    /** inoutvec[i] = invec[i] - inoutvec[i]: not commutative. */
    static final class Minus extends User_function {
        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            int[] in = (int[]) invec;
            int[] io = (int[]) inoutvec;
            for (int i = 0; i < count; i++) {
                io[inoutoffset + i] = in[inoffset + i] - io[inoutoffset + i];
            }
        }
    }

    @Test
    void userOperationsKeepTheirCommutativity() {
        assertFalse(new Op(new Minus(), false).Is_commute());
        assertTrue(new Op(new Minus(), true).Is_commute());
        assertEquals("user operation", new Op(new Minus(), true).toString());
    }

    @Test
    void aUserCombinerCallsTheFunctionPerItem() {
        Op op = new Op(new Minus(), false);
        Combiner c = op.combiner(MPI.INT);
        int[] in = {10, 20, 30};
        int[] io = {1, 2, 3};
        c.apply(in, 1, io, 0, 2, BasicType.INT);
        assertEquals(20 - 1, io[0]);
        assertEquals(30 - 2, io[1]);
        assertEquals(3, io[2]);
        assertFalse(c.commutative());
    }

    @Test
    void aNullFunctionIsAnError() {
        fails(MPI.ERR_OP, "user function is null", () -> new Op(null, true));
    }

    @Test
    void predefinedOperationsCannotBeFreed() {
        fails(MPI.ERR_OP, "predefined operation MPI.SUM cannot be freed", MPI.SUM::Free);
    }

    @Test
    void aFreedOperationCannotBeUsed() {
        Op op = new Op(new Minus(), true);
        op.Free();
        MpiError e = assertThrows(MpiError.class, () -> op.combiner(MPI.INT));
        assertTrue(e.getMessage().contains("freed"), e.getMessage());
    }

    @Test
    void locOperationsNeedPairsAndOthersRefuseThem() {
        MpiError loc = assertThrows(MpiError.class, () -> MPI.MAXLOC.combiner(MPI.INT));
        assertTrue(loc.getMessage().contains("needs a (value, index) pair type"), loc.getMessage());
        MpiError sum = assertThrows(MpiError.class, () -> MPI.SUM.combiner(MPI.INT2));
        assertTrue(sum.getMessage().contains("does not apply to the pair type"), sum.getMessage());
        MPI.MINLOC.combiner(MPI.DOUBLE2);
        MPI.SUM.combiner(MPI.DOUBLE);
    }

    @Test
    void logicalAndBitwiseOperationsCheckTheBasicType() {
        assertThrows(MpiError.class, () -> MPI.BAND.combiner(MPI.DOUBLE));
        assertThrows(MpiError.class, () -> MPI.SUM.combiner(MPI.OBJECT));
        MPI.BAND.combiner(MPI.INT);
        MPI.LAND.combiner(MPI.BOOLEAN);
    }
}
