package jmpi.tasks;

/**
 * What a region runs, as a typed descriptor: a parallel loop ({@link Loop}: a body over chunks, or a
 * {@link Reduce reduction}) or a parallel region ({@link RegionWork}: one body per worker). The
 * pool keeps one reusable descriptor of each kind, so starting a region allocates nothing.
 *
 * <p>Concurrency: the owner writes a descriptor's fields, then {@link Dispatch} publishes it with a
 * volatile store of the region's epoch; workers read the fields only after reading that epoch, and
 * the owner rewrites them only after every worker reported its share finished.
 */
abstract sealed class Work permits Loop, RegionWork {
    /**
     * Runs worker {@code w}'s share of the region.
     *
     * @param w the worker, {@code 0} (the owner) to {@code workers - 1}
     */
    abstract void runShare(int w);

    /** Called by the owner once every worker finished its share, none failing (reductions fold here). */
    void collect() {
    }

    /** Drops the references to the caller's bodies once the region is over (owner only). */
    abstract void clear();
}
