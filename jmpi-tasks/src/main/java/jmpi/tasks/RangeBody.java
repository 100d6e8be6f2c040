package jmpi.tasks;

/**
 * The body of a parallel loop, called once per chunk with the half-open index range
 * {@code [start, end)} it must process. Taking a chunk instead of one index lets the loop inside
 * the body be compiled and vectorized like a serial loop. Called concurrently by several workers
 * on disjoint chunks: shared state it writes needs {@link Critical}, {@link Atomics} or disjoint indices.
 */
@FunctionalInterface
public interface RangeBody {
    /**
     * Processes the indices {@code start <= i < end}.
     *
     * @param start first index of the chunk
     * @param end one past the last index of the chunk ({@code end > start})
     */
    void run(int start, int end);
}
