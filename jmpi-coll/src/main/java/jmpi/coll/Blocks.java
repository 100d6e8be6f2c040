package jmpi.coll;

/** Counts and displacements of p equal blocks, for the uniform collectives served by their vector forms. */
final class Blocks {
    private Blocks() {
    }

    static int[] counts(int p, int count) {
        int[] c = new int[p];
        java.util.Arrays.fill(c, count);
        return c;
    }

    static int[] displs(int p, int count) {
        int[] d = new int[p];
        for (int i = 0; i < p; i++) {
            d[i] = i * count;
        }
        return d;
    }
}
