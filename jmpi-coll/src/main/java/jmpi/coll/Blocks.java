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

    static int[] displs(int p, int count) {
        int[] d = new int[p];
        for (int i = 0; i < p; i++) {
            d[i] = i * count;
        }
        return d;
    }
}
