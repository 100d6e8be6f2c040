package jmpi.tasks;

/**
 * Computes a partial result over one chunk {@code [start, end)} of a parallel reduction of longs.
 * Called concurrently by several workers on disjoint chunks, as a {@link DoubleRangeFunction}.
 */
@FunctionalInterface
public interface LongRangeFunction {
    /**
     * @param start first index of the chunk
     * @param end one past the last index of the chunk
     * @return the partial result over the chunk
     */
    long apply(int start, int end);
}
