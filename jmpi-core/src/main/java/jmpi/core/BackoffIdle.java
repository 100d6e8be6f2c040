package jmpi.core;

import jmpi.spi.Endpoint;

/**
 * How a rank waits when there is nothing to do: spin with {@link Thread#onSpinWait()} (a hand-off
 * costs ~20 ns), then {@link Thread#yield()}, then park on the endpoint (a wake-up costs ~40 us on
 * this kind of machine). When ranks outnumber cores the spin and yield phases shrink, since a
 * spinning rank then steals the core its peer needs.
 *
 * <p>One instance per rank, immutable; the per-wait state lives in the caller's loop.
 */
final class BackoffIdle {
    private final long spinNanos;
    private final long yieldNanos;
    private final long parkNanos;

    BackoffIdle(int localRanks) {
        boolean oversubscribed = localRanks > Runtime.getRuntime().availableProcessors();
        this.spinNanos = Config.SPIN_NANOS.longValue(oversubscribed ? 2_000 : 50_000);
        this.yieldNanos = Config.YIELD_NANOS.longValue(oversubscribed ? 20_000 : 200_000);
        this.parkNanos = Math.max(1_000, Config.PARK_NANOS.longValue(1_000_000));
    }

    /**
     * One idle step of a wait that has been idle since {@code idleSince} (a {@link System#nanoTime()}).
     * When it parks, the endpoint re-checks {@code w} after announcing the parked thread, so that a
     * completion by another rank's thread (which wakes the endpoint) is never missed.
     *
     * @param iteration how many idle steps this wait has taken since it last saw work
     */
    void idle(long idleSince, int iteration, Endpoint endpoint, Waitable w) {
        if (iteration < 64) {
            Thread.onSpinWait();
            return;
        }
        long idleFor = System.nanoTime() - idleSince;
        if (idleFor < spinNanos) {
            Thread.onSpinWait();
        } else if (idleFor < spinNanos + yieldNanos) {
            Thread.yield();
        } else {
            endpoint.park(parkNanos, w::isDone);
        }
    }
}
