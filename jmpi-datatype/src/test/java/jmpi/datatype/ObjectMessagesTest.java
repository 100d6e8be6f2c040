package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ObjectInputFilter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.Test;

/**
 * {@link ObjectMessages}: MPI.OBJECT messages of a derived type gathered, serialized, deserialized and
 * scattered in stream order; {@code Comm.Pack}'s length-prefixed form; every refusal with its error class.
 */
class ObjectMessagesTest {
    private static final TypeMap OBJ = TypeMap.of(BasicType.OBJECT);
    private static final ObjectInputFilter ALLOW = ObjectAllowList.create(null, null);
    private final ClassLoader loader = getClass().getClassLoader();

    private static void fails(DatatypeException.Kind kind, Runnable r) {
        DatatypeException e = assertThrows(DatatypeException.class, r::run);
        assertEquals(kind, e.errorClass(), e.getMessage());
    }

    @Test
    void gatherSerializeDeserializeScatterInStreamOrder() {
        PackPlan v = TypeMap.vector(2, 2, 3, OBJ).compile(); // elements 0,1, 3,4 of an item of extent 5
        String[] src = {"a", "b", "-", "c", "d", "e", "f", "-", "g", "h"};
        assertArrayEquals(new Object[] {"a", "b", "c", "d", "e", "f", "g", "h"}, ObjectMessages.gather(v, src, 0, 2));

        byte[] data = ObjectMessages.serialize(v, src, 0, 2);
        String[] dst = new String[10];
        ObjectMessages.deserialize(v, data, 8, dst, 0, 2, loader, ALLOW);
        assertArrayEquals(new String[] {"a", "b", null, "c", "d", "e", "f", null, "g", "h"}, dst);

        Object[] some = new Object[10];
        ObjectMessages.scatter(v, new Object[] {"x", "y", "z"}, some, 0, 2);
        assertArrayEquals(new Object[] {"x", "y", null, "z", null, null, null, null, null, null}, some);
    }

    @Test
    void packIntoWritesALengthThenTheSerializedForm() {
        PackPlan one = PackPlan.of(BasicType.OBJECT);
        Object[] src = {"p", 42};
        byte[] buf = new byte[512];
        int end = ObjectMessages.packInto(one, src, 0, 2, buf, 3);
        int length = MemorySegment.ofArray(buf).get(ValueLayout.JAVA_INT_UNALIGNED, 3);
        assertEquals(3 + 4 + length, end);
        Object[] back = new Object[2];
        assertEquals(end, ObjectMessages.unpackFrom(one, buf, 3, back, 0, 2, loader, ALLOW));
        assertArrayEquals(src, back);
    }

    @Test
    void refusals() {
        PackPlan ints = PackPlan.of(BasicType.INT);
        PackPlan one = PackPlan.of(BasicType.OBJECT);
        fails(DatatypeException.Kind.ERR_TYPE, () -> ObjectMessages.gather(ints, new Object[1], 0, 1));
        fails(DatatypeException.Kind.ERR_TRUNCATE, () -> ObjectMessages.scatter(one, new Object[2], new Object[2], 0, 1));
        byte[] two = ObjectMessages.serialize(one, new Object[] {"a", "b"}, 0, 2);
        fails(DatatypeException.Kind.ERR_TRUNCATE,
                () -> ObjectMessages.deserialize(one, two, 2, new Object[2], 0, 1, loader, ALLOW));
        fails(DatatypeException.Kind.ERR_TYPE, () -> ObjectMessages.unpackFrom(one, new byte[8], 0, new Object[1], 0, 1, loader, null));
        byte[] corrupt = new byte[16];
        MemorySegment.ofArray(corrupt).set(ValueLayout.JAVA_INT_UNALIGNED, 0, 100);
        fails(DatatypeException.Kind.ERR_BUFFER,
                () -> ObjectMessages.unpackFrom(one, corrupt, 0, new Object[1], 0, 1, loader, ALLOW));
        MemorySegment.ofArray(corrupt).set(ValueLayout.JAVA_INT_UNALIGNED, 0, -1);
        fails(DatatypeException.Kind.ERR_BUFFER,
                () -> ObjectMessages.unpackFrom(one, corrupt, 0, new Object[1], 0, 1, loader, ALLOW));
        // a class outside the allow-list: refused by name, nothing stored
        byte[] atomic = ObjectMessages.serialize(one, new Object[] {new java.util.concurrent.atomic.AtomicLong(1)}, 0, 1);
        Object[] into = {"kept"};
        RuntimeException e = assertThrows(RuntimeException.class,
                () -> ObjectMessages.deserialize(one, atomic, 1, into, 0, 1, loader, ALLOW));
        assertTrue(e.getMessage().contains("AtomicLong"), e.getMessage());
        assertEquals("kept", into[0]);
    }
}
