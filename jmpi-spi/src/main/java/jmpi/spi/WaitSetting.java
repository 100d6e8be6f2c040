package jmpi.spi;

/**
 * The tunables of how an idle thread waits (a {@link Setting}): how long it spins (and how often it
 * yields while spinning), how long it then yields, and the longest single park of a rank. Read by
 * {@link Backoff#forThreads}; used by the engine's waits (jmpi-core's {@code BackoffIdle}) and by the
 * task pool's idle workers and waiters (jmpi-tasks), so that both follow one policy set by one set of properties. Immutable constants.
 */
public enum WaitSetting implements Setting {
    SPIN_NANOS("jmpi.wait.spinNanos", "auto",
            "How long a waiting rank spins before yielding (ns); auto: 50000, or 2000 when ranks outnumber cores."),
    SPIN_YIELD_STEPS("jmpi.wait.spinYieldSteps", "0",
            "While spinning, yield the core once every this many idle steps (64: about 3 us), so that a peer queued on the same core runs at once; 0: never (for cores shared with other busy processes; see docs/ARCHITECTURE.md, Waiting)."),
    YIELD_NANOS("jmpi.wait.yieldNanos", "auto",
            "How long a waiting rank yields after spinning, before parking (ns); auto: 200000, or 20000 when oversubscribed."),
    PARK_NANOS("jmpi.wait.parkNanos", "1000000",
            "Longest single park of a waiting rank (ns); arrivals wake it earlier.");

    private final Spec spec;

    WaitSetting(String property, String defaultValue, String doc) {
        this.spec = new Spec(property, defaultValue, doc);
    }

    @Override
    public Spec spec() {
        return spec;
    }
}
