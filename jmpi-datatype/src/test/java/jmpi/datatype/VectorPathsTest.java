package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The strided fast paths of {@link PackPlan} for vectors ({@link PackPlan#wholeBlocks}: one kernel call, no
 * walk: {@link Kernels#packStrided}, {@link Kernels#unpackStrided}, {@link Kernels#gather}, {@link Kernels#scatter},
 * {@link Kernels#stridedCopy})
 * against the reference model {@link RefType}: every basic type, one-element and longer blocks, strides 1 (dense),
 * 2, 8, 9, 64 and negative, zero and several items, a message at either end of its array, ranges that start and end
 * inside blocks (which take the walk), the same array as source and destination of a copy where the elements are
 * disjoint, and too small a buffer.
 */
class VectorPathsTest {
    private static final BasicType[] PRIMITIVE = {BasicType.BYTE, BasicType.BOOLEAN, BasicType.CHAR, BasicType.SHORT,
        BasicType.INT, BasicType.LONG, BasicType.FLOAT, BasicType.DOUBLE};
    /** {blocks, blocklength, stride}. */
    private static final int[][] SHAPES = {{1, 1, 8}, {2, 1, 2}, {5, 1, 1}, {7, 1, 8}, {9, 1, 9}, {40, 1, 64},
        {1100, 1, 8}, {1100, 1, 3}, {6, 1, -8}, {5, 1, -1}, {1030, 1, -4}, {4, 3, 5}, {3, 2, -4}, {20, 16, 17},
        {0, 1, 8}};
    private static final int[] COUNTS = {0, 1, 2, 3};

    private record Case(BasicType base, int blocks, int blocklength, int stride, int count, PackPlan plan, RefType ref) {
        @Override
        public String toString() {
            return base + " Vector(" + blocks + ", " + blocklength + ", " + stride + ") x " + count;
        }
    }

    private static List<Case> cases(BasicType base) {
        List<Case> out = new ArrayList<>();
        for (int[] s : SHAPES) {
            for (int count : COUNTS) {
                out.add(new Case(base, s[0], s[1], s[2], count,
                        PackPlan.compile(TypeMap.vector(s[0], s[1], s[2], TypeMap.of(base))),
                        RefType.vector(s[0], s[1], s[2], RefType.basic(base))));
            }
        }
        return out;
    }

    /** The smallest and the largest offset at which the message fits an array of {@code length}, and one between. */
    private static int[] offsets(Case c, int length) {
        long[] at0 = c.ref().indices(0, c.count());
        if (at0.length == 0) {
            return new int[] {0, length};
        }
        long lo = Arrays.stream(at0).min().getAsLong();
        long hi = Arrays.stream(at0).max().getAsLong();
        int first = (int) -lo;
        int last = (int) (length - 1 - hi);
        return new int[] {first, last, (first + last) / 2};
    }

    private static int arrayLength(Case c) {
        long[] at0 = c.ref().indices(0, c.count());
        if (at0.length == 0) {
            return 5;
        }
        return (int) (Arrays.stream(at0).max().getAsLong() - Arrays.stream(at0).min().getAsLong() + 1 + 3);
    }

    @Test
    void packAndUnpackEveryTypeEveryShapeAtEitherEndOfTheArray() {
        Random rnd = new Random(11);
        for (BasicType base : PRIMITIVE) {
            for (Case c : cases(base)) {
                int length = arrayLength(c);
                for (int offset : offsets(c, length)) {
                    String what = c + " at offset " + offset + " of " + length;
                    Object array = Values.randomArray(base, length, rnd);
                    byte[] expected = c.ref().pack(array, offset, c.count());
                    assertEquals(expected.length, c.plan().packedSize(c.count()), what);

                    byte[] out = new byte[expected.length + 6];
                    Arrays.fill(out, (byte) 0x5A);
                    c.plan().pack(array, offset, c.count(), MemorySegment.ofArray(out), 3);
                    assertBytes(expected, out, 3, what + " pack");

                    // by ranges: whole blocks (the kernel) and ranges cut inside blocks (the walk), in turn
                    Arrays.fill(out, (byte) 0x5A);
                    for (long[] r : ranges(rnd, expected.length / base.size(), base.size())) {
                        c.plan().packRange(array, offset, c.count(), r[0], MemorySegment.ofArray(out), 3 + r[0], r[1]);
                    }
                    assertBytes(expected, out, 3, what + " packRange");

                    Object before = Values.randomArray(base, length, rnd);
                    byte[] stream = new byte[expected.length];
                    rnd.nextBytes(stream);
                    if (base == BasicType.BOOLEAN) {
                        for (int k = 0; k < stream.length; k++) {
                            stream[k] &= 1;
                        }
                    }
                    Object want = Values.copy(before);
                    c.ref().unpack(stream, want, offset, c.count());
                    Object got = Values.copy(before);
                    c.plan().unpack(MemorySegment.ofArray(stream), 0, got, offset, c.count());
                    assertSame(want, got, what + " unpack");
                    got = Values.copy(before);
                    for (long[] r : ranges(rnd, stream.length / base.size(), base.size())) {
                        c.plan().unpackRange(MemorySegment.ofArray(stream), r[0], got, offset, c.count(), r[0], r[1]);
                    }
                    assertSame(want, got, what + " unpackRange");
                }
            }
        }
    }

    @Test
    void gatherScatterAndVectorToVectorEveryTypeWithObjects() {
        Random rnd = new Random(12);
        List<BasicType> types = new ArrayList<>(List.of(PRIMITIVE));
        types.add(BasicType.OBJECT);
        for (BasicType base : types) {
            PackPlan one = PackPlan.of(base);
            for (Case c : cases(base)) {
                int length = arrayLength(c);
                long n = c.plan().elementsOf(c.count());
                for (int offset : offsets(c, length)) {
                    String what = c + " at offset " + offset + " of " + length;
                    long[] idx = c.ref().indices(offset, c.count());
                    Object src = Values.randomArray(base, length, rnd);

                    // gather: into a dense array, whole and by ranges
                    Object dense = Values.randomArray(base, (int) n + 2, rnd);
                    Object want = Values.copy(dense);
                    for (int e = 0; e < n; e++) {
                        Values.set(src, (int) idx[e], want, 1 + e);
                    }
                    Object got = Values.copy(dense);
                    assertEquals(n, PackPlan.copy(src, offset, c.count(), c.plan(), got, 1, (int) n, one), what);
                    assertSame(want, got, what + " gather");
                    got = Values.copy(dense);
                    for (long[] r : ranges(rnd, n, 1)) {
                        PackPlan.copyRange(src, offset, c.count(), c.plan(), got, 1, (int) n, one, r[0], r[1]);
                    }
                    assertSame(want, got, what + " gather by ranges");

                    // scatter: from that dense array back into a strided one
                    Object into = Values.randomArray(base, length, rnd);
                    Object wantBack = Values.copy(into);
                    for (int e = 0; e < n; e++) {
                        Values.set(want, 1 + e, wantBack, (int) idx[e]);
                    }
                    got = Values.copy(into);
                    PackPlan.copy(want, 1, (int) n, one, got, offset, c.count(), c.plan());
                    assertSame(wantBack, got, what + " scatter");
                    got = Values.copy(into);
                    for (long[] r : ranges(rnd, n, 1)) {
                        PackPlan.copyRange(want, 1, (int) n, one, got, offset, c.count(), c.plan(), r[0], r[1]);
                    }
                    assertSame(wantBack, got, what + " scatter by ranges");

                    // vector to vector of the same shape, between two arrays
                    got = Values.copy(into);
                    Object wantCopy = Values.copy(into);
                    for (int e = 0; e < n; e++) {
                        Values.set(src, (int) idx[e], wantCopy, (int) idx[e]);
                    }
                    PackPlan.copy(src, offset, c.count(), c.plan(), got, offset, c.count(), c.plan());
                    assertSame(wantCopy, got, what + " vector to vector");
                }
            }
        }
    }

    @Test
    void oneArrayAsSourceAndDestinationOfDisjointVectors() {
        Random rnd = new Random(13);
        for (BasicType base : PRIMITIVE) {
            for (int stride : new int[] {2, 8, -8}) {
                int n = 1000;
                PackPlan even = PackPlan.compile(TypeMap.vector(n, 1, stride, TypeMap.of(base)));
                RefType ref = RefType.vector(n, 1, stride, RefType.basic(base));
                int length = n * Math.abs(stride) + 1;
                int offset = stride < 0 ? length - 2 : 0; // the source's elements; the destination's are one further on
                Object a = Values.randomArray(base, length, rnd);
                long[] from = ref.indices(offset, 1);
                long[] to = ref.indices(offset + 1, 1);
                Object want = Values.copy(a);
                for (int e = 0; e < n; e++) {
                    Values.set(a, (int) from[e], want, (int) to[e]);
                }
                PackPlan.copy(a, offset, 1, even, a, offset + 1, 1, even);
                assertSame(want, a, base + " stride " + stride + " within one array");

                // gather from one half of an array into the other half of it
                PackPlan one = PackPlan.of(base);
                PackPlan half = PackPlan.compile(TypeMap.vector(n / 2, 1, 2, TypeMap.of(base)));
                Object b = Values.randomArray(base, 2 * n, rnd);
                Object wantB = Values.copy(b);
                for (int e = 0; e < n / 2; e++) {
                    Values.set(b, 2 * e, wantB, n + e);
                }
                PackPlan.copy(b, 0, 1, half, b, n, n / 2, one);
                assertSame(wantB, b, base + " gather within one array");
            }
        }
    }

    @Test
    void aBufferTooSmallOrANegativeCountFailsBeforeAnythingIsCopied() {
        for (BasicType base : PRIMITIVE) {
            PackPlan p = PackPlan.compile(TypeMap.vector(10, 1, 8, TypeMap.of(base)));
            PackPlan neg = PackPlan.compile(TypeMap.vector(10, 1, -8, TypeMap.of(base)));
            Object small = Values.randomArray(base, 72, new Random(1)); // one element short of 73
            Object copy = Values.copy(small);
            byte[] out = new byte[(int) p.packedSize(1)];
            MemorySegment seg = MemorySegment.ofArray(out);
            assertKind(DatatypeException.Kind.ERR_BUFFER, () -> p.pack(small, 0, 1, seg, 0));
            assertKind(DatatypeException.Kind.ERR_BUFFER, () -> p.unpack(seg, 0, small, 0, 1));
            assertKind(DatatypeException.Kind.ERR_BUFFER, () -> p.unpackRange(seg, 0, small, 0, 1, 0, base.size()));
            assertKind(DatatypeException.Kind.ERR_BUFFER, () -> neg.unpack(seg, 0, small, 71, 1)); // reaches index -1
            Object dense = Values.randomArray(base, 10, new Random(2));
            assertKind(DatatypeException.Kind.ERR_BUFFER,
                    () -> PackPlan.copy(dense, 0, 10, PackPlan.of(base), small, 0, 1, p));
            assertKind(DatatypeException.Kind.ERR_BUFFER,
                    () -> PackPlan.copy(small, 1, 1, p, dense, 0, 10, PackPlan.of(base)));
            assertKind(DatatypeException.Kind.ERR_COUNT, () -> p.pack(small, 0, -1, seg, 0));
            assertKind(DatatypeException.Kind.ERR_BUFFER, () -> p.pack(small, 0, 1, MemorySegment.ofArray(new byte[3]), 0));
            assertSame(copy, small, base + ": nothing written by a failed call");
            // an empty message needs no room at all
            p.unpack(MemorySegment.ofArray(new byte[0]), 0, small, 0, 0);
            assertEquals(0, PackPlan.copy(dense, 0, 0, PackPlan.of(base), small, 500, 0, p));
        }
    }

    @Test
    void theFastPathTakesWholeBlocksOfOneProgressionOnly() {
        PackPlan v = PackPlan.compile(TypeMap.vector(10, 2, 5, TypeMap.of(BasicType.INT)));
        assertTrue(v.wholeBlocks(1, 0, 20));
        assertTrue(v.wholeBlocks(1, 4, 6));
        assertFalse(v.wholeBlocks(1, 1, 4), "a range starting inside a block takes the walk");
        assertFalse(v.wholeBlocks(1, 0, 3), "a range ending inside a block takes the walk");
        assertFalse(v.wholeBlocks(2, 0, 40), "item 2 does not continue item 1's stride (extent 47, not 50)");
        PackPlan chained = PackPlan.compile(TypeMap.resized(TypeMap.vector(10, 2, 5, TypeMap.of(BasicType.INT)), 0, 50));
        assertTrue(chained.wholeBlocks(3, 0, 60), "a resized vector whose items continue the stride");
        assertEquals(5 + 50 + 3 * 5, chained.blockIndex(5, 26));
        assertFalse(PackPlan.compile(TypeMap.contiguous(4, TypeMap.of(BasicType.INT))).wholeBlocks(1, 0, 4),
                "a dense plan is one bulk copy, not a strided one");
    }

    private static void assertKind(DatatypeException.Kind kind, Runnable r) {
        assertEquals(kind, assertThrows(DatatypeException.class, r::run).errorClass());
    }

    /**
     * Random ranges [from, len] (in bytes of {@code size}-byte elements) covering [0, elements) in order: single
     * elements, odd lengths, and now and then all that is left.
     */
    private static List<long[]> ranges(Random rnd, long elements, int size) {
        List<long[]> out = new ArrayList<>();
        long at = 0;
        while (at < elements) {
            long left = elements - at;
            long take = rnd.nextInt(3) == 0 ? left : 1 + rnd.nextInt((int) Math.min(left, 37));
            out.add(new long[] {at * size, take * size});
            at += take;
        }
        return out;
    }

    private static void assertBytes(byte[] expected, byte[] out, int margin, String what) {
        for (int i = 0; i < out.length; i++) {
            byte want = i < margin || i >= margin + expected.length ? (byte) 0x5A : expected[i - margin];
            if (out[i] != want) {
                fail(what + ": byte " + (i - margin) + " of " + expected.length + " is " + out[i] + ", expected " + want);
            }
        }
    }

    private static void assertSame(Object expected, Object actual, String what) {
        int i = Values.firstDifference(expected, actual);
        if (i >= 0) {
            fail(what + ": element " + i + " differs");
        }
    }
}
