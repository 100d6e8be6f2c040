package jmpi.tasks;

/**
 * The body of a parallel region ({@link TaskPool#parallel(RegionBody)}): every worker of the pool
 * runs it once, with its own {@link Region} handle (worker number, barrier, block bounds).
 * Called concurrently by every worker; {@link Region#barrier()} orders their writes.
 */
@FunctionalInterface
public interface RegionBody {
    /**
     * Runs this worker's part of the region.
     *
     * @param region this worker's handle on the region
     */
    void run(Region region);
}
