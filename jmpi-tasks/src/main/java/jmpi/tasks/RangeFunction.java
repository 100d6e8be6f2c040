package jmpi.tasks;

/**
 * Computes a partial result over one chunk {@code [start, end)} of a generic parallel reduction.
 * Called concurrently by several workers on disjoint chunks, as a {@link DoubleRangeFunction}.
 *
 * @param <T> the type of the partial results
 */
@FunctionalInterface
public interface RangeFunction<T> {
    /**
     * @param start first index of the chunk
     * @param end one past the last index of the chunk
     * @return the partial result over the chunk
     */
    T apply(int start, int end);
}
