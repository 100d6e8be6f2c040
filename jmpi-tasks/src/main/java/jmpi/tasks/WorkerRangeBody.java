package jmpi.tasks;

/**
 * A parallel loop body that also learns which worker runs the chunk, so that it can use
 * per-worker scratch memory allocated once ({@code scratch[worker]}). Worker 0 is the calling
 * thread; workers are numbered {@code 0 .. pool.size()-1}. Called concurrently by several workers,
 * as a {@link RangeBody}.
 */
@FunctionalInterface
public interface WorkerRangeBody {
    /**
     * Processes the indices {@code start <= i < end} on worker {@code worker}.
     *
     * @param worker the worker running this chunk, {@code 0 <= worker < pool.size()}
     * @param start first index of the chunk
     * @param end one past the last index of the chunk
     */
    void run(int worker, int start, int end);
}
