package jmpi.coll;

/**
 * Counts and displacements of blocks: p equal ones (the uniform collectives served by their vector forms), or
 * blocks of given counts laid end to end. Pure functions: safe from any thread.
 */
final class Blocks {
    private Blocks() {
    }

    static int[] counts(int p, int count) {
        int[] c = new int[p];
        java.util.Arrays.fill(c, count);
        return c;
    }

    /** Displacements of blocks of {@code counts} laid end to end (prefix sums). */
    static int[] displs(int[] counts) {
        int[] d = new int[counts.length];
        for (int i = 1; i < counts.length; i++) {
            d[i] = d[i - 1] + counts[i - 1];
        }
        return d;
    }

    /**
     * {@code count} elements cut into {@code p} blocks in order, each a whole number of items of {@code unit}
     * elements (an operation's {@link Combiner#unit()}), numbers of items differing by at most one; a partial
     * last item (count not a multiple of unit) stays in the last block.
     */
    static int[] split(int count, int p, int unit) {
        long items = count / unit;
        int[] c = new int[p];
        for (int i = 0; i < p; i++) {
            c[i] = (int) ((items * (i + 1) / p - items * i / p) * unit);
        }
        c[p - 1] += count - (int) (items * unit);
        return c;
    }

    /** Whole elements of {@code t} in a segment of {@code segmentBytes} (a segmented algorithm's step): at least 1. */
    static int perSegment(long segmentBytes, jmpi.datatype.BasicType t) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, segmentBytes / Math.max(1, t.size())));
    }

    static int[] displs(int p, int count) {
        int[] d = new int[p];
        for (int i = 0; i < p; i++) {
            d[i] = i * count;
        }
        return d;
    }
}
