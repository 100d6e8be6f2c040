package jmpi.spi;

import java.util.function.BinaryOperator;

/**
 * The idle policy of a waiting thread, shared by the engine's waits and the task pool's workers:
 * spin with {@link Thread#onSpinWait()} (a hand-off between running threads costs well under a
 * microsecond), then {@link Thread#yield()}, then tell the caller to park (a wake-up from a park
 * costs about 40 us on the reference machine). When the threads that wait outnumber the cores the
 * spin and yield phases shrink, since a spinning thread then steals the core its peer needs.
 *
 * <p>The spin phase can also yield once every {@code spinYieldSteps} idle steps (64 steps take about
 * 3 us here; off by default). A waiter does not know whether the peer it waits for is running or
 * queued behind it on the same core: there, without these yields, every hand-off between the two
 * costs a whole spin phase. With them it costs a few microseconds; but on a quiet 2-core machine
 * two ranks then tend to stay together on one core (about 7 us per small allreduce instead of
 * 0.4-2 us, measured by bench/wait-yield.sh), so they are for machines whose cores other busy
 * processes share. A yield with nothing else queued returns in about 0.4 us.
 *
 * <p>The park itself is the caller's (the engine parks on its endpoint, the task pool on its own
 * threads with its hand-shake): {@link #idle} only says when. A wait calls {@code idle} once per
 * unsuccessful check of its condition; the first {@link #SPIN_ITERATIONS} calls spin without reading
 * the clock, so a caller may take its {@code idleSince} lazily at that iteration.
 *
 * <p>Immutable and stateless: one instance may be shared by any number of threads (the per-wait
 * state, the start time and the iteration count, lives in the caller's loop).
 */
public final class Backoff {
    /** Idle steps that always spin, before the clock is consulted. */
    public static final int SPIN_ITERATIONS = 64;

    /** The default of {@code jmpi.wait.spinYieldSteps}. */
    public static final int DEFAULT_SPIN_YIELD_STEPS = 0;

    private final long spinNanos;
    private final int spinYieldSteps;
    private final long yieldNanos;
    private final long parkNanos;

    /**
     * @param spinNanos how long to spin, {@code >= 0}
     * @param yieldNanos how long to yield after spinning, {@code >= 0}
     * @param parkNanos the longest single park the caller should make, {@code >= 1000}
     */
    public Backoff(long spinNanos, long yieldNanos, long parkNanos) {
        this(spinNanos, DEFAULT_SPIN_YIELD_STEPS, yieldNanos, parkNanos);
    }

    /**
     * @param spinNanos how long to spin, {@code >= 0}
     * @param spinYieldSteps yield once every this many idle steps of the spin phase, {@code >= 0}
     *     ({@code 0}: never)
     * @param yieldNanos how long to yield after spinning, {@code >= 0}
     * @param parkNanos the longest single park the caller should make, {@code >= 1000}
     */
    public Backoff(long spinNanos, int spinYieldSteps, long yieldNanos, long parkNanos) {
        if (spinNanos < 0 || spinYieldSteps < 0 || yieldNanos < 0 || parkNanos < 1_000) {
            throw new IllegalArgumentException("bad backoff: spin " + spinNanos + " ns yielding every "
                    + spinYieldSteps + " steps, yield " + yieldNanos + " ns (all >= 0), park " + parkNanos
                    + " ns (>= 1000)");
        }
        this.spinNanos = spinNanos;
        this.spinYieldSteps = spinYieldSteps;
        this.yieldNanos = yieldNanos;
        this.parkNanos = parkNanos;
    }

    /**
     * The policy set by the {@link WaitSetting} system properties for {@code threads} waiting threads
     * sharing this machine's cores.
     *
     * @param threads how many threads may wait at once on this machine (ranks of this node, or a
     *     pool's workers)
     * @return the policy
     * @throws IllegalArgumentException naming the property when a value is malformed
     */
    public static Backoff forThreads(int threads) {
        return forThreads(threads, Setting.SYSTEM_PROPERTIES);
    }

    /**
     * {@link #forThreads(int)} with the properties read from {@code source}.
     *
     * @param threads how many threads may wait at once on this machine
     * @param source where properties come from ({@code source.apply(property, default)})
     * @return the policy
     */
    public static Backoff forThreads(int threads, BinaryOperator<String> source) {
        boolean oversubscribed = oversubscribed(threads);
        long spin = WaitSetting.SPIN_NANOS.longValue(source, 0, Long.MAX_VALUE, oversubscribed ? 2_000 : 50_000);
        long yield = WaitSetting.YIELD_NANOS.longValue(source, 0, Long.MAX_VALUE, oversubscribed ? 20_000 : 200_000);
        long park = Math.max(1_000, WaitSetting.PARK_NANOS.longValue(source, 0, Long.MAX_VALUE, 1_000_000));
        int steps = WaitSetting.SPIN_YIELD_STEPS.intValue(source, 0, Integer.MAX_VALUE, DEFAULT_SPIN_YIELD_STEPS);
        return new Backoff(spin, steps, yield, park);
    }

    /**
     * @param threads how many threads may wait at once
     * @return whether they outnumber the cores available to this JVM
     */
    public static boolean oversubscribed(int threads) {
        return threads > Runtime.getRuntime().availableProcessors();
    }

    /**
     * @param nanos the new spin time, {@code >= 0}
     * @return this policy with another spin time
     */
    public Backoff withSpinNanos(long nanos) {
        return new Backoff(nanos, spinYieldSteps, yieldNanos, parkNanos);
    }

    /**
     * One idle step of a wait that has been idle since {@code idleSince} (a {@link System#nanoTime()},
     * ignored while {@code iteration < SPIN_ITERATIONS}): spins or yields once and returns
     * {@code true}, or returns {@code false} without pausing when the caller should park now.
     *
     * @param idleSince when the wait last saw progress
     * @param iteration idle steps taken since then
     * @return {@code false} when the spin and yield phases are over
     */
    public boolean idle(long idleSince, int iteration) {
        if (iteration < SPIN_ITERATIONS) {
            Thread.onSpinWait();
            return true;
        }
        long idleFor = System.nanoTime() - idleSince;
        if (idleFor < spinNanos) {
            if (spinYieldSteps > 0 && iteration % spinYieldSteps == 0) {
                Thread.yield(); // a peer queued on this core runs now, not after the spin phase
            } else {
                Thread.onSpinWait();
            }
            return true;
        }
        if (idleFor - spinNanos < yieldNanos) { // no overflow for large settings
            Thread.yield();
            return true;
        }
        return false;
    }

    /** @return how long a wait spins */
    public long spinNanos() {
        return spinNanos;
    }

    /** @return how many idle steps of the spin phase pass between two yields ({@code 0}: none) */
    public int spinYieldSteps() {
        return spinYieldSteps;
    }

    /** @return how long a wait yields after spinning */
    public long yieldNanos() {
        return yieldNanos;
    }

    /** @return the longest single park a caller should make before re-checking its condition */
    public long parkNanos() {
        return parkNanos;
    }

    @Override
    public String toString() {
        return "Backoff[spin " + spinNanos + " ns yielding every " + spinYieldSteps + " steps, yield " + yieldNanos
                + " ns, park " + parkNanos + " ns]";
    }
}
