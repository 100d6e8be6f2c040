package jmpi.tasks;

/**
 * The hand-off of a region to the workers. The owner writes the region's descriptor ({@link Work}),
 * bumps the epoch (one volatile store, which publishes it), wakes the workers that parked, runs its
 * own share and waits for the count of workers still running to reach zero; each worker, seeing a
 * new epoch, runs its share and counts itself out, and the last one wakes the owner if it parked.
 * Nothing is allocated and no thread is created per region.
 *
 * <p>Concurrency (happens-before): everything the owner wrote before {@link #run} (the descriptor
 * and the caller's own data) is visible to a worker that read the new epoch; everything a worker
 * wrote in its share is visible to the owner once it read the remaining count at zero (each
 * worker's count-out is a volatile read-modify-write). The epoch and the count are volatile cells,
 * each alone on its 128 bytes; {@link #work} is a plain field covered by the epoch. Only the owner
 * calls {@link #run}; the workers call {@link #published} and {@link #runPublished}.
 */
final class Dispatch {
    private static final int EPOCH = 0;
    private static final int REMAINING = 1; // workers 1..size-1 still running their share

    private final int workers;
    private final PaddedCells cells = new PaddedCells(2);
    private final Failures failures;
    private final Waiting waiting;
    private final Waiting.Condition finished;
    private Work work; // written by the owner before the EPOCH store, read by workers after reading it
    private long epoch; // owner-confined copy of EPOCH

    Dispatch(int workers, Failures failures, Waiting waiting) {
        this.workers = workers;
        this.failures = failures;
        this.waiting = waiting;
        this.finished = ignored -> cells.getVolatile(REMAINING) == 0;
    }

    /**
     * Runs {@code region} on every worker, the calling owner being worker 0, and returns when all have
     * finished; then throws the first failure of any worker (later ones suppressed), or else lets the
     * region {@link Work#collect collect} the workers' results.
     */
    void run(Work region) {
        failures.clear();
        work = region;
        if (workers == 1) {
            runShare(0);
        } else {
            cells.setPlain(REMAINING, workers - 1);
            cells.setVolatile(EPOCH, ++epoch); // publishes the region to the workers
            waiting.wakeWorkers();
            runShare(0);
            if (cells.getVolatile(REMAINING) != 0) {
                waiting.await(0, finished, 0);
            }
        }
        failures.rethrow();
        region.collect();
    }

    /** @return the epoch of the last published region (0 before the first; volatile read) */
    long published() {
        return cells.getVolatile(EPOCH);
    }

    /** Worker {@code w >= 1}: runs its share of the region it saw published, then counts itself out. */
    void runPublished(int w) {
        runShare(w);
        if (cells.getAndAdd(REMAINING, -1) == 1) {
            waiting.wake(0);
        }
    }

    /** Runs worker {@code w}'s share, recording (never losing) its failure. */
    private void runShare(int w) {
        try {
            work.runShare(w);
        } catch (Throwable t) {
            failures.record(t);
        }
    }
}
