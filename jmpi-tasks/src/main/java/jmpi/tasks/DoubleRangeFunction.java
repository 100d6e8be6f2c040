package jmpi.tasks;

/**
 * Computes a partial result over one chunk {@code [start, end)} of a parallel reduction of doubles,
 * for example the sum of {@code a[i]} over the chunk. Called concurrently by several workers on
 * disjoint chunks; the pool keeps each worker's partial apart, so it needs no synchronization.
 */
@FunctionalInterface
public interface DoubleRangeFunction {
    /**
     * @param start first index of the chunk
     * @param end one past the last index of the chunk
     * @return the partial result over the chunk
     */
    double apply(int start, int end);
}
