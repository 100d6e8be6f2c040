package jmpi.datatype;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_CHAR_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_LONG_UNALIGNED;
import static java.lang.foreign.ValueLayout.JAVA_SHORT_UNALIGNED;

import java.lang.foreign.MemorySegment;

/**
 * The copy loops of {@link PackPlan}, one per array type, so that each is a tight loop the JIT can
 * unroll (and, for array-to-array copies, vectorize). Callers have checked every index: these methods
 * do no checks of their own beyond the JVM's. Bytes are in native order, one byte (1 or 0) per boolean,
 * as {@link BasicType#bytesOf} has them. The per-type bodies are identical but for the
 * element type and layout: change them together.
 */
final class Kernels {
    /** Blocks at least this long are copied with one bulk copy each instead of an element loop. */
    static final int BULK = 16;
    /** Elements staged at a time by the strided segment copies (8 KiB of doubles: stays in L1). */
    static final int STAGE = 1024;

    private Kernels() {
    }

    /** Copies {@code n} elements of {@code a} from {@code i} to {@code seg} at byte {@code off}. */
    static void toSegment(Object a, int i, MemorySegment seg, long off, int n) {
        switch (a) {
            case boolean[] x -> {
                for (int k = 0; k < n; k++) {
                    seg.set(JAVA_BYTE, off + k, (byte) (x[i + k] ? 1 : 0));
                }
            }
            case byte[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(x, i, seg, JAVA_BYTE, off, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        seg.set(JAVA_BYTE, off + k, x[i + k]);
                    }
                }
            }
            case char[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(x, i, seg, JAVA_CHAR_UNALIGNED, off, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        seg.set(JAVA_CHAR_UNALIGNED, off + 2L * k, x[i + k]);
                    }
                }
            }
            case short[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(x, i, seg, JAVA_SHORT_UNALIGNED, off, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        seg.set(JAVA_SHORT_UNALIGNED, off + 2L * k, x[i + k]);
                    }
                }
            }
            case int[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(x, i, seg, JAVA_INT_UNALIGNED, off, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        seg.set(JAVA_INT_UNALIGNED, off + 4L * k, x[i + k]);
                    }
                }
            }
            case long[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(x, i, seg, JAVA_LONG_UNALIGNED, off, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        seg.set(JAVA_LONG_UNALIGNED, off + 8L * k, x[i + k]);
                    }
                }
            }
            case float[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(x, i, seg, JAVA_FLOAT_UNALIGNED, off, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        seg.set(JAVA_FLOAT_UNALIGNED, off + 4L * k, x[i + k]);
                    }
                }
            }
            case double[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(x, i, seg, JAVA_DOUBLE_UNALIGNED, off, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        seg.set(JAVA_DOUBLE_UNALIGNED, off + 8L * k, x[i + k]);
                    }
                }
            }
            default -> throw new IllegalArgumentException("not a primitive array: " + a.getClass().getName());
        }
    }

    /** Copies {@code n} elements from {@code seg} at byte {@code off} into {@code a} from {@code i}. */
    static void fromSegment(MemorySegment seg, long off, Object a, int i, int n) {
        switch (a) {
            case boolean[] x -> {
                for (int k = 0; k < n; k++) {
                    x[i + k] = seg.get(JAVA_BYTE, off + k) != 0;
                }
            }
            case byte[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(seg, JAVA_BYTE, off, x, i, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        x[i + k] = seg.get(JAVA_BYTE, off + k);
                    }
                }
            }
            case char[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(seg, JAVA_CHAR_UNALIGNED, off, x, i, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        x[i + k] = seg.get(JAVA_CHAR_UNALIGNED, off + 2L * k);
                    }
                }
            }
            case short[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(seg, JAVA_SHORT_UNALIGNED, off, x, i, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        x[i + k] = seg.get(JAVA_SHORT_UNALIGNED, off + 2L * k);
                    }
                }
            }
            case int[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(seg, JAVA_INT_UNALIGNED, off, x, i, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        x[i + k] = seg.get(JAVA_INT_UNALIGNED, off + 4L * k);
                    }
                }
            }
            case long[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(seg, JAVA_LONG_UNALIGNED, off, x, i, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        x[i + k] = seg.get(JAVA_LONG_UNALIGNED, off + 8L * k);
                    }
                }
            }
            case float[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(seg, JAVA_FLOAT_UNALIGNED, off, x, i, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        x[i + k] = seg.get(JAVA_FLOAT_UNALIGNED, off + 4L * k);
                    }
                }
            }
            case double[] x -> {
                if (n >= BULK) {
                    MemorySegment.copy(seg, JAVA_DOUBLE_UNALIGNED, off, x, i, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        x[i + k] = seg.get(JAVA_DOUBLE_UNALIGNED, off + 8L * k);
                    }
                }
            }
            default -> throw new IllegalArgumentException("not a primitive array: " + a.getClass().getName());
        }
    }

    /**
     * Packs {@code blocks} blocks of {@code blocklength} elements of {@code a}, the first at {@code i},
     * each {@code stride} elements after the last, into {@code seg} from byte {@code off}. Short blocks are
     * gathered into a small staging array (a tight array loop) and moved with one bulk copy per
     * {@link #STAGE} elements: per-element segment stores cost about three times as much.
     */
    static void packStrided(Object a, int i, int stride, int blocklength, int blocks, MemorySegment seg, long off) {
        long bytes = (long) blocklength * elementSize(a);
        if (blocklength >= BULK || a instanceof boolean[]) {
            for (int b = 0; b < blocks; b++) {
                toSegment(a, i + b * stride, seg, off + b * bytes, blocklength);
            }
            return;
        }
        int perChunk = Math.max(1, STAGE / blocklength);
        Object stage = newArray(a, Math.min(blocks, perChunk) * blocklength);
        for (int b = 0; b < blocks; b += perChunk) {
            int n = Math.min(perChunk, blocks - b);
            gather(a, i + b * stride, stride, blocklength, n, stage, 0);
            toSegment(stage, 0, seg, off + b * bytes, n * blocklength);
        }
    }

    /** The inverse of {@link #packStrided}: unpacks {@code seg} from byte {@code off} into the blocks of {@code a}. */
    static void unpackStrided(MemorySegment seg, long off, Object a, int i, int stride, int blocklength, int blocks) {
        long bytes = (long) blocklength * elementSize(a);
        if (blocklength >= BULK || a instanceof boolean[]) {
            for (int b = 0; b < blocks; b++) {
                fromSegment(seg, off + b * bytes, a, i + b * stride, blocklength);
            }
            return;
        }
        int perChunk = Math.max(1, STAGE / blocklength);
        Object stage = newArray(a, Math.min(blocks, perChunk) * blocklength);
        for (int b = 0; b < blocks; b += perChunk) {
            int n = Math.min(perChunk, blocks - b);
            fromSegment(seg, off + b * bytes, stage, 0, n * blocklength);
            scatter(stage, 0, a, i + b * stride, stride, blocklength, n);
        }
    }

    private static Object newArray(Object like, int n) {
        return java.lang.reflect.Array.newInstance(like.getClass().getComponentType(), n);
    }

    /**
     * Copies {@code blocks} blocks of {@code blocklength} elements of {@code src}, the first at {@code s},
     * each {@code stride} after the last, to consecutive elements of {@code dst} from {@code d}.
     */
    /**
     * Copies {@code blocks} blocks of {@code blocklength} elements from {@code src} (block b at
     * {@code s + b * sStride}) to {@code dst} (block b at {@code d + b * dStride}): a strided array to
     * another, as between two vector types. Arrays of one element type; bounds checked by the caller.
     */
    static void stridedCopy(Object src, int s, int sStride, Object dst, int d, int dStride, int blocklength, int blocks) {
        if (blocklength != 1) {
            for (int b = 0; b < blocks; b++) {
                System.arraycopy(src, s + b * sStride, dst, d + b * dStride, blocklength);
            }
            return;
        }
        switch (src) {
            case double[] x -> {
                double[] y = (double[]) dst;
                for (int b = 0; b < blocks; b++) {
                    y[d + b * dStride] = x[s + b * sStride];
                }
            }
            case long[] x -> {
                long[] y = (long[]) dst;
                for (int b = 0; b < blocks; b++) {
                    y[d + b * dStride] = x[s + b * sStride];
                }
            }
            case int[] x -> {
                int[] y = (int[]) dst;
                for (int b = 0; b < blocks; b++) {
                    y[d + b * dStride] = x[s + b * sStride];
                }
            }
            case float[] x -> {
                float[] y = (float[]) dst;
                for (int b = 0; b < blocks; b++) {
                    y[d + b * dStride] = x[s + b * sStride];
                }
            }
            case byte[] x -> {
                byte[] y = (byte[]) dst;
                for (int b = 0; b < blocks; b++) {
                    y[d + b * dStride] = x[s + b * sStride];
                }
            }
            case short[] x -> {
                short[] y = (short[]) dst;
                for (int b = 0; b < blocks; b++) {
                    y[d + b * dStride] = x[s + b * sStride];
                }
            }
            case char[] x -> {
                char[] y = (char[]) dst;
                for (int b = 0; b < blocks; b++) {
                    y[d + b * dStride] = x[s + b * sStride];
                }
            }
            case boolean[] x -> {
                boolean[] y = (boolean[]) dst;
                for (int b = 0; b < blocks; b++) {
                    y[d + b * dStride] = x[s + b * sStride];
                }
            }
            default -> {
                for (int b = 0; b < blocks; b++) {
                    System.arraycopy(src, s + b * sStride, dst, d + b * dStride, 1);
                }
            }
        }
    }

    static void gather(Object src, int s, int stride, int blocklength, int blocks, Object dst, int d) {
        if (blocklength >= BULK / 2) {
            for (int b = 0; b < blocks; b++) {
                System.arraycopy(src, s + b * stride, dst, d + b * blocklength, blocklength);
            }
            return;
        }
        switch (src) {
            case byte[] x -> {
                byte[] y = (byte[]) dst;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b] = x[s + b * stride];
                    }
                } else {
                    int q = d;
                    for (int b = 0; b < blocks; b++) {
                        int p = s + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q++] = x[p + k];
                        }
                    }
                }
            }
            case char[] x -> {
                char[] y = (char[]) dst;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b] = x[s + b * stride];
                    }
                } else {
                    int q = d;
                    for (int b = 0; b < blocks; b++) {
                        int p = s + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q++] = x[p + k];
                        }
                    }
                }
            }
            case short[] x -> {
                short[] y = (short[]) dst;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b] = x[s + b * stride];
                    }
                } else {
                    int q = d;
                    for (int b = 0; b < blocks; b++) {
                        int p = s + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q++] = x[p + k];
                        }
                    }
                }
            }
            case int[] x -> {
                int[] y = (int[]) dst;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b] = x[s + b * stride];
                    }
                } else {
                    int q = d;
                    for (int b = 0; b < blocks; b++) {
                        int p = s + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q++] = x[p + k];
                        }
                    }
                }
            }
            case long[] x -> {
                long[] y = (long[]) dst;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b] = x[s + b * stride];
                    }
                } else {
                    int q = d;
                    for (int b = 0; b < blocks; b++) {
                        int p = s + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q++] = x[p + k];
                        }
                    }
                }
            }
            case float[] x -> {
                float[] y = (float[]) dst;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b] = x[s + b * stride];
                    }
                } else {
                    int q = d;
                    for (int b = 0; b < blocks; b++) {
                        int p = s + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q++] = x[p + k];
                        }
                    }
                }
            }
            case double[] x -> {
                double[] y = (double[]) dst;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b] = x[s + b * stride];
                    }
                } else {
                    int q = d;
                    for (int b = 0; b < blocks; b++) {
                        int p = s + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q++] = x[p + k];
                        }
                    }
                }
            }
            case boolean[] x -> {
                boolean[] y = (boolean[]) dst;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b] = x[s + b * stride];
                    }
                } else {
                    int q = d;
                    for (int b = 0; b < blocks; b++) {
                        int p = s + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q++] = x[p + k];
                        }
                    }
                }
            }
            case Object[] x -> {
                Object[] y = (Object[]) dst;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b] = x[s + b * stride];
                    }
                } else {
                    int q = d;
                    for (int b = 0; b < blocks; b++) {
                        int p = s + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q++] = x[p + k];
                        }
                    }
                }
            }
            default -> throw new IllegalArgumentException("not an array: " + src.getClass().getName());
        }
    }

    /**
     * Copies consecutive elements of {@code src} from {@code s} into {@code blocks} blocks of
     * {@code blocklength} elements of {@code dst}, the first at {@code d}, each {@code stride} after the last.
     */
    static void scatter(Object src, int s, Object dst, int d, int stride, int blocklength, int blocks) {
        if (blocklength >= BULK / 2) {
            for (int b = 0; b < blocks; b++) {
                System.arraycopy(src, s + b * blocklength, dst, d + b * stride, blocklength);
            }
            return;
        }
        switch (dst) {
            case byte[] y -> {
                byte[] x = (byte[]) src;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b * stride] = x[s + b];
                    }
                } else {
                    int p = s;
                    for (int b = 0; b < blocks; b++) {
                        int q = d + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q + k] = x[p++];
                        }
                    }
                }
            }
            case char[] y -> {
                char[] x = (char[]) src;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b * stride] = x[s + b];
                    }
                } else {
                    int p = s;
                    for (int b = 0; b < blocks; b++) {
                        int q = d + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q + k] = x[p++];
                        }
                    }
                }
            }
            case short[] y -> {
                short[] x = (short[]) src;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b * stride] = x[s + b];
                    }
                } else {
                    int p = s;
                    for (int b = 0; b < blocks; b++) {
                        int q = d + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q + k] = x[p++];
                        }
                    }
                }
            }
            case int[] y -> {
                int[] x = (int[]) src;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b * stride] = x[s + b];
                    }
                } else {
                    int p = s;
                    for (int b = 0; b < blocks; b++) {
                        int q = d + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q + k] = x[p++];
                        }
                    }
                }
            }
            case long[] y -> {
                long[] x = (long[]) src;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b * stride] = x[s + b];
                    }
                } else {
                    int p = s;
                    for (int b = 0; b < blocks; b++) {
                        int q = d + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q + k] = x[p++];
                        }
                    }
                }
            }
            case float[] y -> {
                float[] x = (float[]) src;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b * stride] = x[s + b];
                    }
                } else {
                    int p = s;
                    for (int b = 0; b < blocks; b++) {
                        int q = d + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q + k] = x[p++];
                        }
                    }
                }
            }
            case double[] y -> {
                double[] x = (double[]) src;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b * stride] = x[s + b];
                    }
                } else {
                    int p = s;
                    for (int b = 0; b < blocks; b++) {
                        int q = d + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q + k] = x[p++];
                        }
                    }
                }
            }
            case boolean[] y -> {
                boolean[] x = (boolean[]) src;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b * stride] = x[s + b];
                    }
                } else {
                    int p = s;
                    for (int b = 0; b < blocks; b++) {
                        int q = d + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q + k] = x[p++];
                        }
                    }
                }
            }
            case Object[] y -> {
                Object[] x = (Object[]) src;
                if (blocklength == 1) {
                    for (int b = 0; b < blocks; b++) {
                        y[d + b * stride] = x[s + b];
                    }
                } else {
                    int p = s;
                    for (int b = 0; b < blocks; b++) {
                        int q = d + b * stride;
                        for (int k = 0; k < blocklength; k++) {
                            y[q + k] = x[p++];
                        }
                    }
                }
            }
            default -> throw new IllegalArgumentException("not an array: " + dst.getClass().getName());
        }
    }

    /** Bytes one element of {@code a} takes in a packed stream. */
    static int elementSize(Object a) {
        return switch (a) {
            case byte[] x -> 1;
            case boolean[] x -> 1;
            case char[] x -> 2;
            case short[] x -> 2;
            case int[] x -> 4;
            case float[] x -> 4;
            case long[] x -> 8;
            case double[] x -> 8;
            default -> throw new IllegalArgumentException("not a primitive array: " + a.getClass().getName());
        };
    }
}
