package jmpi.tasks;

/**
 * The barrier of a parallel region ({@link Region#barrier()}): generation-based, an arrival counter
 * and a generation number, no allocation. The last worker to arrive resets the counter, bumps the
 * generation and wakes the others; a worker that finds the region failed throws
 * {@link RegionAbortedException} instead of waiting forever.
 *
 * <p>Concurrency: the counter and the generation are volatile cells, each alone on its 128 bytes.
 * The last arrival's volatile store of the new generation happens after every arrival's
 * read-modify-write of the counter, and every waiter reads the generation before going on: so
 * everything any worker wrote before the barrier is visible to all after it.
 */
final class RegionBarrier {
    private static final int ARRIVED = 0;
    private static final int GENERATION = 1;

    private final int workers;
    private final PaddedCells cells = new PaddedCells(2);
    private final Failures failures;
    private final Waiting waiting;
    private final Waiting.Condition released;

    RegionBarrier(int workers, Failures failures, Waiting waiting) {
        this.workers = workers;
        this.failures = failures;
        this.waiting = waiting;
        this.released = gen -> cells.getVolatile(GENERATION) != gen || failures.failed();
    }

    /** Forgets arrivals of an earlier, failed region (owner, before publishing a region). */
    void reset() {
        cells.setPlain(ARRIVED, 0);
    }

    /**
     * Worker {@code w} arrives and waits for the others.
     *
     * @throws RegionAbortedException when another worker of the region failed
     */
    void await(int w) {
        if (workers == 1) {
            return;
        }
        long gen = cells.getVolatile(GENERATION);
        if (cells.getAndAdd(ARRIVED, 1) == workers - 1) {
            cells.setVolatile(ARRIVED, 0);
            cells.setVolatile(GENERATION, gen + 1); // releases the others, publishing everyone's writes
            waiting.wakeAllBut(w);
            return;
        }
        if (cells.getVolatile(GENERATION) == gen) {
            waiting.await(w, released, gen);
        }
        if (cells.getVolatile(GENERATION) == gen) {
            throw new RegionAbortedException();
        }
    }
}
