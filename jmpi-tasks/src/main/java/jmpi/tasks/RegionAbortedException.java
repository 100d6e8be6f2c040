package jmpi.tasks;

/**
 * Thrown by {@link Region#barrier()} in the surviving workers when another worker of the same
 * region failed: the barrier can never complete. The region's caller receives the failing worker's
 * own exception, not this one. Thrown on the surviving worker's own thread; the pool drops it
 * from the failures it reports.
 */
public final class RegionAbortedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    RegionAbortedException() {
        super("another worker of this parallel region failed", null, false, false);
    }
}
