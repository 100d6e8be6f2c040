package jmpi.tasks;

/**
 * The descriptor of a parallel region ({@link TaskPool#parallel(RegionBody)}): every worker runs
 * the body once with its own {@link Region} handle; the handles and the {@link RegionBarrier} are
 * created once per pool. Concurrency: as every {@link Work}, written by the owner before the
 * region's publication, read-only while it runs.
 */
final class RegionWork extends Work {
    private final Region[] regions;
    private final RegionBarrier barrier;
    private RegionBody body;

    RegionWork(int workers, RegionBarrier barrier) {
        this.barrier = barrier;
        this.regions = new Region[workers];
        for (int w = 0; w < workers; w++) {
            regions[w] = new Region(barrier, workers, w);
        }
    }

    /** Describes a region running {@code body} (owner, before publication). */
    void set(RegionBody body) {
        this.body = body;
        barrier.reset();
    }

    @Override
    void runShare(int w) {
        body.run(regions[w]);
    }

    @Override
    void clear() {
        body = null;
    }
}
