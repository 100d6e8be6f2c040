package jmpi.tasks;

/**
 * One worker's handle on a running parallel region ({@link TaskPool#parallel(RegionBody)}). The
 * pool keeps one handle per worker and reuses it for every region, so entering a region allocates
 * nothing. A handle is valid only inside the region body, and only on the worker it was given to.
 */
public final class Region {
    private final RegionBarrier barrier;
    private final int workers;
    private final int worker;

    Region(RegionBarrier barrier, int workers, int worker) {
        this.barrier = barrier;
        this.workers = workers;
        this.worker = worker;
    }

    /** @return this worker's number, {@code 0} (the calling thread) to {@code workers() - 1} */
    public int worker() {
        return worker;
    }

    /** @return the number of workers running the region (the pool's size) */
    public int workers() {
        return workers;
    }

    /**
     * Waits until every worker of the region has called {@code barrier()} (generation-based, no
     * allocation). Everything any worker wrote before the barrier is visible to every worker after
     * it. If another worker of the region failed, this throws {@link RegionAbortedException} instead
     * of waiting forever; the region then reports that worker's exception.
     */
    public void barrier() {
        barrier.await(worker);
    }

    /**
     * @param from first index of a loop
     * @param to one past the last index
     * @return the first index of this worker's near-equal block of {@code [from, to)} ({@link Splitter})
     */
    public int blockStart(int from, int to) {
        return Splitter.start(from, to, workers, worker);
    }

    /**
     * @param from first index of a loop
     * @param to one past the last index
     * @return one past the last index of this worker's block of {@code [from, to)}
     */
    public int blockEnd(int from, int to) {
        return Splitter.end(from, to, workers, worker);
    }

    /**
     * Runs {@code action} on worker 0 only, then a barrier for all (OpenMP's {@code single} with the
     * implied barrier, on the master).
     *
     * @param action what worker 0 runs
     */
    public void master(Runnable action) {
        if (worker == 0) {
            action.run();
        }
        barrier();
    }
}
