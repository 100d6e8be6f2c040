package jmpi.tasks;

/**
 * Splits an iteration space {@code [from, to)} into {@code parts} contiguous, near-equal chunks: every
 * chunk has {@code n / parts} or {@code n / parts + 1} indices, and the {@code n % parts} larger
 * chunks come first (the ParJava scheme: Akopyan, "Using multithreaded processes in the ParJava
 * environment", Proc. ISP RAS 27(2), 2015, Fig. 3-4). Chunk {@code k} is {@code [start(k), end(k))}; chunks may be empty when {@code parts > n}. Pure functions, no state.
 */
public final class Splitter {
    private Splitter() {
    }

    /**
     * @param from first index of the space
     * @param to one past the last index ({@code to >= from})
     * @param parts number of chunks ({@code > 0})
     * @param k chunk number, {@code 0 <= k <= parts} ({@code k == parts} gives {@code to})
     * @return the first index of chunk {@code k}
     */
    public static int start(int from, int to, int parts, int k) {
        if (parts <= 0 || k < 0 || k > parts || to < from) {
            throw new IllegalArgumentException("bad split: [" + from + ", " + to + ") into " + parts + " parts, chunk " + k);
        }
        long n = (long) to - from;
        long chunk = n / parts;
        long rem = n % parts;
        return (int) (from + k * chunk + Math.min(k, rem));
    }

    /**
     * @param from first index of the space
     * @param to one past the last index
     * @param parts number of chunks
     * @param k chunk number, {@code 0 <= k < parts}
     * @return one past the last index of chunk {@code k}
     */
    public static int end(int from, int to, int parts, int k) {
        if (k >= parts) {
            throw new IllegalArgumentException("chunk " + k + " of " + parts);
        }
        return start(from, to, parts, k + 1);
    }

    /**
     * @param from first index of the space
     * @param to one past the last index
     * @param parts number of chunks
     * @param k chunk number
     * @return the number of indices in chunk {@code k}
     */
    public static int size(int from, int to, int parts, int k) {
        return end(from, to, parts, k) - start(from, to, parts, k);
    }
}
