package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.foreign.MemorySegment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every refused input, each with its MPI error class. */
class BadInputTest {
    private static final TypeMap INT = TypeMap.of(BasicType.INT);
    private static final TypeMap DOUBLE = TypeMap.of(BasicType.DOUBLE);

    private static void fails(DatatypeException.Kind kind, Executable call) {
        DatatypeException e = assertThrows(DatatypeException.class, call);
        assertEquals(kind, e.errorClass(), e.getMessage());
    }

    @Test
    void negativeCounts() {
        fails(DatatypeException.Kind.ERR_COUNT, () -> TypeMap.contiguous(-1, INT));
        fails(DatatypeException.Kind.ERR_COUNT, () -> TypeMap.vector(-1, 1, 1, INT));
        fails(DatatypeException.Kind.ERR_COUNT, () -> TypeMap.hvector(-3, 1, 4, INT));
        PackPlan p = PackPlan.of(BasicType.INT);
        fails(DatatypeException.Kind.ERR_COUNT, () -> p.checkBuffer(new int[4], 0, -1));
        fails(DatatypeException.Kind.ERR_COUNT, () -> p.pack(new int[4], 0, -1, MemorySegment.ofArray(new byte[16]), 0));
        fails(DatatypeException.Kind.ERR_COUNT, () -> p.packSize(-1));
    }

    @Test
    void negativeBlockLengths() {
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.vector(2, -1, 1, INT));
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.hvector(2, -1, 4, INT));
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.indexed(new int[] {1, -1}, new int[] {0, 2}, INT));
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.hindexed(new int[] {-1}, new int[] {0}, INT));
        fails(DatatypeException.Kind.ERR_ARG,
                () -> TypeMap.struct(new int[] {-1}, new int[] {0}, new TypeMap[] {INT}));
    }

    @Test
    void malformedArrays() {
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.indexed(new int[] {1, 1}, new int[] {0}, INT));
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.indexed(null, new int[] {0}, INT));
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.hindexed(new int[] {1}, null, INT));
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.struct(new int[] {1, 1}, new int[] {0, 1}, new TypeMap[] {INT}));
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.struct(new int[] {1}, new int[] {0}, null));
    }

    @Test
    void nullAndMixedTypes() {
        fails(DatatypeException.Kind.ERR_TYPE, () -> TypeMap.contiguous(1, null));
        fails(DatatypeException.Kind.ERR_TYPE, () -> TypeMap.vector(1, 1, 1, null));
        fails(DatatypeException.Kind.ERR_TYPE, () -> TypeMap.of(null));
        fails(DatatypeException.Kind.ERR_TYPE, () -> PackPlan.compile(null));
        fails(DatatypeException.Kind.ERR_TYPE, () -> TypeMap.struct(new int[] {1}, new int[] {0}, new TypeMap[] {null}));
        fails(DatatypeException.Kind.ERR_TYPE, () -> TypeMap.struct(new int[] {1, 1}, new int[] {0, 1},
                new TypeMap[] {INT, DOUBLE}));
        // even a zero-length block of another base mixes base types (one array per buffer)
        fails(DatatypeException.Kind.ERR_TYPE, () -> TypeMap.struct(new int[] {1, 0}, new int[] {0, 1},
                new TypeMap[] {INT, TypeMap.vector(2, 1, 2, DOUBLE)}));
    }

    @Test
    void hValuesAreElementsOfEveryBaseType() {
        // mpiJava units: any stride or displacement is a whole number of elements, whatever the base type
        for (BasicType b : new BasicType[] {BasicType.INT, BasicType.DOUBLE, BasicType.OBJECT, BasicType.BYTE}) {
            TypeMap v = TypeMap.hvector(2, 1, 3, TypeMap.of(b));
            org.junit.jupiter.api.Assertions.assertEquals(4, v.extent(), b + " hvector extent");
            TypeMap h = TypeMap.hindexed(new int[] {1, 1}, new int[] {0, 5}, TypeMap.of(b));
            org.junit.jupiter.api.Assertions.assertEquals(6, h.extent(), b + " hindexed extent");
        }
    }

    @Test
    void typesTooLargeForAnArray() {
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.vector(1 << 20, 1 << 12, 1 << 12, INT));
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.vector(3, 1, Integer.MAX_VALUE, INT));
        TypeMap big = TypeMap.contiguous(1 << 16, INT);
        fails(DatatypeException.Kind.ERR_ARG, () -> TypeMap.contiguous(1 << 16, big));
    }

    @Test
    void buffers() {
        PackPlan v = TypeMap.vector(3, 1, -2, INT).compile(); // reaches offset-4 .. offset
        v.checkBuffer(new int[5], 4, 1);
        fails(DatatypeException.Kind.ERR_BUFFER, () -> v.checkBuffer(new int[5], 3, 1));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> v.checkBuffer(new int[4], 4, 1));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> v.pack(new int[5], 3, 1, MemorySegment.ofArray(new byte[12]), 0));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> v.checkBuffer(null, 0, 1));
        fails(DatatypeException.Kind.ERR_TYPE, () -> v.checkBuffer(new long[5], 4, 1));
        v.checkBuffer(null, 0, 0); // an empty message needs no buffer
        // a huge offset does not wrap around
        fails(DatatypeException.Kind.ERR_BUFFER, () -> v.checkBuffer(new int[5], Integer.MAX_VALUE, 3));
        PackPlan c = TypeMap.contiguous(4, INT).compile();
        fails(DatatypeException.Kind.ERR_BUFFER, () -> c.checkBuffer(new int[100], Integer.MAX_VALUE - 2, 1));
    }

    @Test
    void segments() {
        PackPlan c = TypeMap.contiguous(4, INT).compile();
        int[] a = new int[4];
        fails(DatatypeException.Kind.ERR_BUFFER, () -> c.pack(a, 0, 1, MemorySegment.ofArray(new byte[15]), 0));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> c.pack(a, 0, 1, MemorySegment.ofArray(new byte[16]), 1));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> c.pack(a, 0, 1, MemorySegment.ofArray(new byte[16]), -1));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> c.unpack(MemorySegment.ofArray(new byte[8]), 0, a, 0, 1));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> c.pack(a, 0, 1, (MemorySegment) null, 0));
        // ranges: on element boundaries and inside the stream
        MemorySegment seg = MemorySegment.ofArray(new byte[16]);
        fails(DatatypeException.Kind.ERR_ARG, () -> c.packRange(a, 0, 1, 2, seg, 0, 4));
        fails(DatatypeException.Kind.ERR_ARG, () -> c.packRange(a, 0, 1, 0, seg, 0, 6));
        fails(DatatypeException.Kind.ERR_ARG, () -> c.packRange(a, 0, 1, 12, seg, 0, 8));
        fails(DatatypeException.Kind.ERR_ARG, () -> c.unpackRange(seg, 0, a, 0, 1, -4, 4));
        // objects have no bytes of their own
        PackPlan o = PackPlan.of(BasicType.OBJECT);
        fails(DatatypeException.Kind.ERR_TYPE, () -> o.pack(new Object[1], 0, 1, seg, 0));
        fails(DatatypeException.Kind.ERR_TYPE, () -> o.packSize(1));
    }

    @Test
    void copies() {
        PackPlan i = PackPlan.of(BasicType.INT);
        PackPlan l = PackPlan.of(BasicType.LONG);
        fails(DatatypeException.Kind.ERR_TYPE, () -> PackPlan.copy(new int[2], 0, 2, i, new long[2], 0, 2, l));
        fails(DatatypeException.Kind.ERR_TYPE, () -> PackPlan.copy(new int[2], 0, 2, i, new int[2], 0, 2, l));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> PackPlan.copy(new int[2], 0, 3, i, new int[4], 0, 4, i));
        fails(DatatypeException.Kind.ERR_ARG,
                () -> PackPlan.copyRange(new int[4], 0, 4, i, new int[4], 0, 2, i, 1, 2));
        PackPlan o = PackPlan.of(BasicType.OBJECT);
        fails(DatatypeException.Kind.ERR_TYPE,
                () -> PackPlan.copy(new Object[] {1, 2}, 0, 2, o, new String[2], 0, 2, o));
        fails(DatatypeException.Kind.ERR_TRUNCATE, () -> o.scatterObjects(new Object[3], new Object[2], 0, 2));
    }

    @Test
    void overlappingReceiveTypes() {
        PackPlan v = TypeMap.vector(2, 2, 1, INT).compile(); // 0,1, 1,2
        v.checkBuffer(new int[3], 0, 1); // fine to send
        fails(DatatypeException.Kind.ERR_TYPE, () -> v.checkReceive(new int[3], 0, 1));
        PackPlan idx = TypeMap.indexed(new int[] {2, 1}, new int[] {3, 4}, INT).compile();
        fails(DatatypeException.Kind.ERR_TYPE, () -> idx.checkReceive(new int[8], 0, 1));
        // items that overlap each other (extent shortened by UB)
        PackPlan t = TypeMap.struct(new int[] {3, 1}, new int[] {0, 2}, new TypeMap[] {INT, TypeMap.UB}).compile();
        t.checkReceive(new int[3], 0, 1);
        fails(DatatypeException.Kind.ERR_TYPE, () -> t.checkReceive(new int[5], 0, 2));
        // zero stride: every block on the same elements
        fails(DatatypeException.Kind.ERR_TYPE,
                () -> TypeMap.vector(2, 1, 0, INT).compile().checkReceive(new int[1], 0, 1));
    }

    @Test
    void signatures() {
        PackPlan i = PackPlan.of(BasicType.INT);
        PackPlan v = TypeMap.vector(3, 1, 2, INT).compile();
        fails(DatatypeException.Kind.ERR_TYPE, () -> Signature.check(BasicType.DOUBLE, 3, v, 1));
        fails(DatatypeException.Kind.ERR_TRUNCATE, () -> Signature.check(BasicType.INT, 4, v, 1));
        Signature.check(BasicType.INT, 3, v, 1);
        Signature.check(BasicType.DOUBLE, 0, i, 0); // an empty message matches anything
        assertEquals(Signature.Match.TYPE_MISMATCH, Signature.match(BasicType.LONG, 9, i, 1));
    }

    @Test
    void packAndUnpackBuffers() {
        PackPlan i = PackPlan.of(BasicType.INT);
        fails(DatatypeException.Kind.ERR_BUFFER, () -> i.packInto(new int[4], 0, 4, new byte[15], 0));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> i.packInto(new int[4], 0, 4, new byte[20], 5));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> i.packInto(new int[4], 0, 4, null, 0));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> i.unpackFrom(new byte[15], 0, new int[4], 0, 4));
        fails(DatatypeException.Kind.ERR_TYPE, () -> i.packInto(new long[4], 0, 4, new byte[32], 0));
        PackPlan o = PackPlan.of(BasicType.OBJECT);
        fails(DatatypeException.Kind.ERR_TYPE, () -> o.packInto(new int[1], 0, 1, new byte[64], 0));
        fails(DatatypeException.Kind.ERR_BUFFER, () -> o.packInto(new Object[] {"x"}, 0, 1, new byte[8], 0));
        fails(DatatypeException.Kind.ERR_TYPE, () -> o.unpackFrom(new byte[64], 0, new Object[1], 0, 1));
    }
}
