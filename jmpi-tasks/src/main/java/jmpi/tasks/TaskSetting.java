package jmpi.tasks;

import jmpi.spi.Backoff;
import jmpi.spi.Setting;

/**
 * Every tunable of the task pool (a {@link Setting}): a named system property, its default and one
 * line of documentation, validated when read (a malformed value throws
 * {@link IllegalArgumentException} naming the property, never falls back to the default). Read when
 * a pool is created. How idle workers and waiters spin and yield is the shared policy
 * {@link jmpi.spi.WaitSetting} ({@code jmpi.wait.*}), the same as the engine's. Immutable constants.
 */
public enum TaskSetting implements Setting {
    THREADS("jmpi.tasks.threads", "auto",
            "Workers of a TaskPool created without a size, the calling thread included (>= 1); auto: the available processors."),
    QUEUE_CAPACITY("jmpi.tasks.queueCapacity", "1024",
            "Capacity of a TaskPool's task queue, rounded up to a power of two within [2, 16777216]."),
    SPIN_MICROS("jmpi.tasks.spinMicros", "",
            "Deprecated alias of jmpi.wait.spinNanos for the task pool only, in microseconds (capped at 2 when the pool's workers outnumber cores); unset: jmpi.wait.spinNanos.");

    private static final int MAX_QUEUE = 1 << 24;

    private final Spec spec;

    TaskSetting(String property, String defaultValue, String doc) {
        this.spec = new Spec(property, defaultValue, doc);
    }

    @Override
    public Spec spec() {
        return spec;
    }

    /** @return {@code jmpi.tasks.threads}, or the available processors */
    static int threads() {
        return THREADS.intValue(SYSTEM_PROPERTIES, 1, Integer.MAX_VALUE, Runtime.getRuntime().availableProcessors());
    }

    /** @return {@code jmpi.tasks.queueCapacity} clamped to {@code [2, 2^24]}, rounded up to a power of two */
    static int queueCapacity() {
        long n = QUEUE_CAPACITY.longValue(1024);
        return Integer.highestOneBit((int) Math.max(2, Math.min(MAX_QUEUE, n)) * 2 - 1);
    }

    /**
     * The idle policy of a pool of {@code workers} threads: {@link Backoff#forThreads}, with the spin
     * time of the deprecated {@code jmpi.tasks.spinMicros} when that is set.
     *
     * @param workers the pool's size
     * @return the policy
     */
    static Backoff backoff(int workers) {
        Backoff backoff = Backoff.forThreads(workers);
        if (SPIN_MICROS.value().isEmpty()) {
            return backoff;
        }
        long nanos = SPIN_MICROS.longValue(0, Long.MAX_VALUE / 1000, 0) * 1000;
        return backoff.withSpinNanos(Backoff.oversubscribed(workers) ? Math.min(nanos, 2_000) : nanos);
    }
}
