package jmpi.core;

import jmpi.spi.Backoff;
import jmpi.spi.Endpoint;

/**
 * How a rank waits when there is nothing to do: the shared idle policy {@link Backoff} (spin, then
 * yield, shorter when ranks outnumber cores; properties {@code jmpi.wait.*}, {@link jmpi.spi.WaitSetting}),
 * then a park on the endpoint, which is this class's own part.
 *
 * <p>One instance per rank, immutable; the per-wait state lives in the caller's loop.
 */
final class BackoffIdle {
    private final Backoff backoff;

    BackoffIdle(int localRanks) {
        try {
            this.backoff = Backoff.forThreads(localRanks);
        } catch (IllegalArgumentException e) {
            // A bad jmpi.wait.* value is an ERR_ARG error of the rank, as every engine property.
            throw new MpiError(ErrorClass.ERR_ARG, e.getMessage(), e);
        }
    }

    /**
     * One idle step of a wait that has been idle since {@code idleSince} (a {@link System#nanoTime()}).
     * When it parks, the endpoint re-checks {@code w} after announcing the parked thread, so that a
     * completion by another rank's thread (which wakes the endpoint) is never missed.
     *
     * @param iteration how many idle steps this wait has taken since it last saw work
     */
    void idle(long idleSince, int iteration, Endpoint endpoint, Waitable w) {
        if (!backoff.idle(idleSince, iteration)) {
            endpoint.park(backoff.parkNanos(), w::isDone);
        }
    }
}
