package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Messages as the API will use the plans: sender and receiver types that differ but share a signature,
 * Pack/Unpack into one byte buffer, MPI.OBJECT over bytes, the counts a Status reports.
 */
class MessagesTest {
    private static final TypeMap DOUBLE = TypeMap.of(BasicType.DOUBLE);

    private static double[] ramp(int n) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = i + 0.5;
        }
        return a;
    }

    @Test
    void stridedSentContiguousReceivedAndBack() {
        int n = 10_000;
        PackPlan stride = TypeMap.vector(n, 1, 8, DOUBLE).compile(); // the STRIDE
        PackPlan contiguous = TypeMap.contiguous(n, DOUBLE).compile();
        double[] src = ramp(8 * n);
        double[] packed = new double[n];
        assertEquals(Signature.Match.OK, Signature.match(stride, 1, contiguous, 1));
        assertEquals(n, PackPlan.copy(src, 0, 1, stride, packed, 0, 1, contiguous));
        for (int i = 0; i < n; i++) {
            assertEquals(src[8 * i], packed[i]);
        }
        double[] back = new double[8 * n];
        PackPlan.copy(packed, 0, 1, contiguous, back, 0, 1, stride);
        for (int i = 0; i < 8 * n; i++) {
            assertEquals(i % 8 == 0 ? src[i] : 0.0, back[i]);
        }
        // the same through bytes, in 64 KiB pieces
        MemorySegment wire = MemorySegment.ofArray(new byte[(int) stride.packedSize(1)]);
        for (long at = 0; at < wire.byteSize(); at += 65536) {
            long len = Math.min(65536, wire.byteSize() - at);
            stride.packRange(src, 0, 1, at, wire, at, len);
        }
        double[] received = new double[n];
        contiguous.unpack(wire, 0, received, 0, 1);
        assertArrayEquals(packed, received);
    }

    @Test
    void fewerElementsThanTheBufferHolds() {
        PackPlan v = TypeMap.vector(4, 1, 2, DOUBLE).compile(); // 4 elements per item
        double[] sent = ramp(6);
        double[] buf = new double[16];
        assertEquals(Signature.Match.OK, Signature.match(BasicType.DOUBLE, 6, v, 2));
        assertEquals(6, PackPlan.copy(sent, 0, 6, PackPlan.of(BasicType.DOUBLE), buf, 0, 2, v));
        assertEquals(6, Signature.elements(v, 48));
        assertEquals(Signature.UNDEFINED, Signature.count(v, 6));
        assertEquals(2, Signature.count(v, 8));
        assertEquals(Signature.UNDEFINED, Signature.elements(v, 47));
        assertEquals(Signature.Match.TRUNCATED, Signature.match(BasicType.DOUBLE, 9, v, 2));
        assertEquals(0.5, buf[0]);
        assertEquals(1.5, buf[2]);
        assertEquals(3.5, buf[6]);
        assertEquals(4.5, buf[7]); // the second item starts one extent (7) after the first
        assertEquals(5.5, buf[9]);
        assertEquals(0.0, buf[11]);
    }

    @Test
    void packSeveralMessagesIntoOneBuffer() {
        PackPlan ints = TypeMap.vector(3, 1, 2, TypeMap.of(BasicType.INT)).compile();
        PackPlan dbl = PackPlan.of(BasicType.DOUBLE);
        int size = ints.packSize(2) + dbl.packSize(2);
        assertEquals(2 * 12 + 16, size);
        byte[] buf = new byte[size];
        int[] a = {1, -1, 2, -1, 3, 4, -1, 5, -1, 6};
        int pos = ints.packInto(a, 0, 2, buf, 0);
        assertEquals(24, pos);
        pos = dbl.packInto(new double[] {7.5, 8.5}, 0, 2, buf, pos);
        assertEquals(size, pos);

        int[] back = new int[6];
        double[] d = new double[2];
        pos = PackPlan.of(BasicType.INT).unpackFrom(buf, 0, back, 0, 6);
        pos = dbl.unpackFrom(buf, pos, d, 0, 2);
        assertEquals(size, pos);
        assertArrayEquals(new int[] {1, 2, 3, 4, 5, 6}, back);
        assertArrayEquals(new double[] {7.5, 8.5}, d);
    }

    @Test
    void booleansPackAsOneByteEach() {
        PackPlan v = TypeMap.vector(3, 1, 2, TypeMap.of(BasicType.BOOLEAN)).compile();
        byte[] out = new byte[3];
        v.packInto(new boolean[] {true, false, false, false, true}, 0, 1, out, 0);
        assertArrayEquals(new byte[] {1, 0, 1}, out);
    }

    @Test
    void objectsThroughBytes() {
        TypeMap obj = TypeMap.of(BasicType.OBJECT);
        PackPlan v = TypeMap.vector(2, 1, 2, obj).compile();
        String[] src = {"a", "x", "b"};
        byte[] buf = new byte[1024];
        int pos = v.packInto(src, 0, 1, buf, 0);
        String[] dst = new String[2];
        ClassLoader loader = getClass().getClassLoader();
        int end = PackPlan.of(BasicType.OBJECT).unpackFrom(buf, 0, dst, 0, 2, loader,
                ObjectAllowList.create(null, null));
        assertEquals(pos, end);
        assertArrayEquals(new String[] {"a", "b"}, dst);

        byte[] data = v.serializeObjects(src, 0, 1);
        Object[] wide = new Object[5];
        v.deserializeObjects(data, 2, wide, 1, 1, loader, ObjectAllowList.create(null, null));
        assertArrayEquals(new Object[] {null, "a", null, "b", null}, wide);
    }

    @Test
    void objectArraysCopyReferencesBetweenDifferentTypes() {
        TypeMap obj = TypeMap.of(BasicType.OBJECT);
        PackPlan idx = TypeMap.indexed(new int[] {1, 2}, new int[] {3, 0}, obj).compile();
        List<String> x = new ArrayList<>(List.of("x"));
        Object[] src = {"p", "q", "r", x};
        Object[] dst = new Object[3];
        PackPlan.copy(src, 0, 1, idx, dst, 0, 3, PackPlan.of(BasicType.OBJECT));
        assertArrayEquals(new Object[] {x, "p", "q"}, dst);
        assertEquals(x, dst[0]);
    }
}
