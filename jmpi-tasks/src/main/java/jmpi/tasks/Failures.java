package jmpi.tasks;

/**
 * The failures of the current region or task batch: the first exception or error thrown by a
 * chunk, region body or task, the later ones attached to it as suppressed, and a flag the workers
 * poll to stop handing out work (dynamic and guided loops, barriers).
 *
 * <p>Concurrency: any worker records; the owner clears before a region and takes the failure after
 * every worker has finished (it read their completion, so it sees every record). The failure is
 * guarded by this object's lock; the flag is a volatile cell alone on its 128 bytes.
 */
final class Failures {
    private final PaddedCells failed = new PaddedCells(1); // 1 once a worker failed
    private Throwable failure; // guarded by this

    /** @return whether a worker failed in the current region or batch (volatile read) */
    boolean failed() {
        return failed.getVolatile(0) != 0;
    }

    /** Forgets earlier failures; the owner calls it before publishing a region. */
    void clear() {
        synchronized (this) {
            failure = null;
        }
        failed.setPlain(0, 0);
    }

    /** Records {@code t}: the first failure, or one suppressed by it ({@link RegionAbortedException}s are dropped). */
    void record(Throwable t) {
        synchronized (this) {
            if (failure == null) {
                failure = t;
            } else if (t != failure && !(t instanceof RegionAbortedException)) {
                failure.addSuppressed(t);
            }
        }
        failed.setVolatile(0, 1);
    }

    /** @return the first failure (or {@code null}), clearing it */
    Throwable take() {
        synchronized (this) {
            Throwable f = failure;
            failure = null;
            failed.setPlain(0, 0);
            return f;
        }
    }

    /** Throws the first failure, if any, to the owner: unchecked ones as they are, checked ones wrapped. */
    void rethrow() {
        Throwable f = take();
        if (f != null) {
            throw propagate(f);
        }
    }

    /** @return never: throws {@code f} as it is if unchecked, else in a {@link TaskFailedException} */
    static RuntimeException propagate(Throwable f) {
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error e) {
            throw e;
        }
        throw new TaskFailedException(f);
    }
}
