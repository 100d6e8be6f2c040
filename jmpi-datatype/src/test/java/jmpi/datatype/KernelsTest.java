package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The generated copy loops ({@link Kernels}, expanded from {@code Kernels.java.template}) for every array
 * type, against an element-by-element reference: counts 0, 1, odd tails, both sides of {@link Kernels#BULK}
 * and of a {@link Kernels#STAGE} chunk; unaligned byte offsets; elements outside the copy left untouched.
 */
class KernelsTest {
    private static final BasicType[] PRIMITIVE = {BasicType.BYTE, BasicType.BOOLEAN, BasicType.CHAR, BasicType.SHORT,
        BasicType.INT, BasicType.LONG, BasicType.FLOAT, BasicType.DOUBLE};
    private static final int[] COUNTS = {0, 1, 2, 3, 7, 15, 16, 17, 31, 33, 1025};
    private static final int[] BLOCKLENGTHS = {1, 2, 3, 7, 8, 9, 15, 16, 17};
    private static final byte FILL = 0x5A;

    private static List<BasicType> withObject() {
        List<BasicType> all = new ArrayList<>(List.of(PRIMITIVE));
        all.add(BasicType.OBJECT);
        return all;
    }

    /** The reference stream: elements {@code idx} of {@code a}, native order. */
    private static byte[] stream(Object a, int[] idx) {
        int size = Kernels.elementSize(a);
        ByteBuffer b = ByteBuffer.allocate(idx.length * size).order(ByteOrder.nativeOrder());
        for (int i : idx) {
            Values.put(b, a, i);
        }
        return b.array();
    }

    private static MemorySegment filled(long bytes) {
        byte[] b = new byte[(int) bytes];
        java.util.Arrays.fill(b, FILL);
        return MemorySegment.ofArray(b);
    }

    /** Asserts seg holds {@code expected} at {@code off} and FILL elsewhere. */
    private static void assertSegment(byte[] expected, MemorySegment seg, long off, String what) {
        byte[] got = seg.toArray(ValueLayout.JAVA_BYTE);
        for (int k = 0; k < got.length; k++) {
            byte want = k >= off && k < off + expected.length ? expected[(int) (k - off)] : FILL;
            assertEquals(want, got[k], what + ": byte " + k);
        }
    }

    /** Asserts {@code got} equals {@code before} except at {@code idx}, where it holds {@code from}'s elements in order. */
    private static void assertArray(Object before, Object from, int[] idx, Object got, String what) {
        Object want = Values.copy(before);
        for (int e = 0; e < idx.length; e++) {
            Values.set(from, e, want, idx[e]);
        }
        assertEquals(-1, Values.firstDifference(want, got), what);
    }

    private static int[] strided(int first, int stride, int blocklength, int blocks) {
        int[] idx = new int[blocks * blocklength];
        for (int b = 0; b < blocks; b++) {
            for (int k = 0; k < blocklength; k++) {
                idx[b * blocklength + k] = first + b * stride + k;
            }
        }
        return idx;
    }

    private static int[] range(int first, int n) {
        return strided(first, n, n, 1);
    }

    @Test
    void toAndFromSegmentEveryTypeEveryCount() {
        Random rnd = new Random(1);
        for (BasicType t : PRIMITIVE) {
            for (int n : COUNTS) {
                String what = t + " n=" + n;
                Object a = Values.randomArray(t, n + 5, rnd);
                int size = t.size();
                long off = 3; // unaligned for every size but 1
                MemorySegment seg = filled(off + (long) n * size + 5);
                Kernels.toSegment(a, 2, seg, off, n);
                assertSegment(stream(a, range(2, n)), seg, off, what + " toSegment");

                Object back = Values.randomArray(t, n + 6, rnd);
                Object before = Values.copy(back);
                Kernels.fromSegment(seg, off, back, 4, n);
                Object packed = Values.randomArray(t, n, rnd);
                ByteBuffer in = ByteBuffer.wrap(stream(a, range(2, n))).order(ByteOrder.nativeOrder());
                for (int e = 0; e < n; e++) {
                    Values.get(in, packed, e);
                }
                assertArray(before, packed, range(4, n), back, what + " fromSegment");
            }
        }
    }

    /**
     * Heap segments and native ones (a transport's memory, where one-element blocks are stored and loaded element by
     * element with no staging array), at an odd byte offset.
     */
    @Test
    void packAndUnpackStridedEveryTypeEveryBlockShape() {
        Random rnd = new Random(2);
        int[] blockCounts = {0, 1, 2, 5, 70};
        for (boolean nativeMemory : new boolean[] {false, true}) {
            for (BasicType t : PRIMITIVE) {
                for (int bl : BLOCKLENGTHS) {
                    for (int blocks : blockCounts) {
                        for (int gap : new int[] {0, 1, 3}) {
                            check(t, bl, blocks, bl + gap, rnd, nativeMemory);
                        }
                    }
                }
                check(t, 1, 2 * Kernels.STAGE + 3, 2, rnd, nativeMemory); // several staging chunks, a short last one
                check(t, 3, Kernels.STAGE / 3 + 1, 5, rnd, nativeMemory);
            }
        }
    }

    private static void check(BasicType t, int bl, int blocks, int stride, Random rnd, boolean nativeMemory) {
        String what = t + " blocklength " + bl + " blocks " + blocks + " stride " + stride
                + (nativeMemory ? " native" : " heap");
        int first = 1;
        int length = first + Math.max(0, blocks - 1) * stride + bl + 2;
        Object a = Values.randomArray(t, length, rnd);
        int[] idx = strided(first, stride, bl, blocks);
        long off = 5;
        MemorySegment seg = filled(off + (long) idx.length * t.size() + 3);
        if (nativeMemory) {
            MemorySegment heap = seg;
            seg = java.lang.foreign.Arena.ofAuto().allocate(heap.byteSize(), 64);
            seg.copyFrom(heap);
        }
        Kernels.packStrided(a, first, stride, bl, blocks, seg, off);
        byte[] expected = stream(a, idx);
        assertSegment(expected, seg, off, what + " packStrided");

        Object back = Values.randomArray(t, length, rnd);
        Object before = Values.copy(back);
        Kernels.unpackStrided(seg, off, back, first, stride, bl, blocks);
        Object packed = Values.randomArray(t, idx.length, rnd);
        ByteBuffer in = ByteBuffer.wrap(expected).order(ByteOrder.nativeOrder());
        for (int e = 0; e < idx.length; e++) {
            Values.get(in, packed, e);
        }
        assertArray(before, packed, idx, back, what + " unpackStrided");
    }

    @Test
    void gatherScatterAndStridedCopyEveryTypeWithObjects() {
        Random rnd = new Random(3);
        for (BasicType t : withObject()) {
            for (int bl : BLOCKLENGTHS) {
                for (int blocks : new int[] {0, 1, 2, 5, 9}) {
                    for (int gap : new int[] {0, 2}) {
                        int stride = bl + gap;
                        String what = t + " blocklength " + bl + " blocks " + blocks + " stride " + stride;
                        int length = 3 + Math.max(0, blocks - 1) * stride + bl + 1;
                        Object src = Values.randomArray(t, length, rnd);
                        int[] idx = strided(3, stride, bl, blocks);

                        Object dense = Values.randomArray(t, idx.length + 4, rnd);
                        Object before = Values.copy(dense);
                        Kernels.gather(src, 3, stride, bl, blocks, dense, 2);
                        Object inOrder = Values.randomArray(t, idx.length, rnd);
                        for (int e = 0; e < idx.length; e++) {
                            Values.set(src, idx[e], inOrder, e);
                        }
                        assertArray(before, inOrder, range(2, idx.length), dense, what + " gather");

                        Object dst = Values.randomArray(t, length, rnd);
                        before = Values.copy(dst);
                        Kernels.scatter(dense, 2, dst, 3, stride, bl, blocks);
                        assertArray(before, inOrder, idx, dst, what + " scatter");

                        int dStride = bl + 1 + gap;
                        Object to = Values.randomArray(t, 1 + Math.max(0, blocks - 1) * dStride + bl + 1, rnd);
                        before = Values.copy(to);
                        Kernels.stridedCopy(src, 3, stride, to, 1, dStride, bl, blocks);
                        assertArray(before, inOrder, strided(1, dStride, bl, blocks), to, what + " stridedCopy");
                    }
                }
            }
        }
    }

    @Test
    void elementSizesAndWrongArrays() {
        for (BasicType t : PRIMITIVE) {
            assertEquals(t.size(), Kernels.elementSize(java.lang.reflect.Array.newInstance(t.arrayClass().componentType(), 0)), t.name());
        }
        MemorySegment seg = filled(8);
        String[] strings = new String[2];
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Kernels.elementSize(strings)).getMessage()
                .contains("not a primitive array"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Kernels.toSegment(strings, 0, seg, 0, 1))
                .getMessage().contains("String"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Kernels.fromSegment(seg, 0, strings, 0, 1))
                .getMessage().contains("String"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Kernels.gather("x", 0, 1, 1, 1, "y", 0))
                .getMessage().contains("not an array"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> Kernels.scatter("x", 0, "y", 0, 1, 1, 1))
                .getMessage().contains("not an array"));
    }
}
