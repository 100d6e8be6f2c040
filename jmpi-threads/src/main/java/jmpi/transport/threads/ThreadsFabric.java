package jmpi.transport.threads;

import jmpi.spi.Endpoint;

/**
 * The threads transport for one job: every rank is a thread of this JVM and owns one
 * {@link ThreadsEndpoint}. Created once per job by the launcher, before any rank starts.
 */
public final class ThreadsFabric {
    private final ThreadsEndpoint[] endpoints;
    private final boolean encodeFrames;
    /** Fastboxes by pair (lower rank << 32 | higher rank); guarded by this. */
    private final java.util.Map<Long, Fastbox> fastboxes = new java.util.HashMap<>();

    public ThreadsFabric(int size) {
        this(size, false);
    }

    /**
     * @param encodeFrames behave like a byte transport: ranks do not share memory for messages, and
     *                     every frame crosses encoded as bytes ({@link jmpi.spi.FrameDescriptor}). For
     *                     testing the engine's byte protocols and wire encoding inside one JVM.
     */
    public ThreadsFabric(int size, boolean encodeFrames) {
        this.encodeFrames = encodeFrames;
        if (size < 1) {
            throw new IllegalArgumentException("a job needs at least one rank, not " + size);
        }
        endpoints = new ThreadsEndpoint[size];
        for (int i = 0; i < size; i++) {
            endpoints[i] = new ThreadsEndpoint(this, i);
        }
    }

    boolean encodesFrames() {
        return encodeFrames;
    }

    public int size() {
        return endpoints.length;
    }

    public Endpoint endpoint(int rank) {
        return endpoints[rank];
    }

    ThreadsEndpoint endpointOf(int rank) {
        return endpoints[rank];
    }

    /**
     * The sender's end of the fastbox between {@code sender} and {@code receiver}, created on first
     * use by either side; both ends are attached to their endpoints before this returns.
     */
    synchronized Fastbox.End fastbox(int sender, int receiver) {
        int lo = Math.min(sender, receiver);
        int hi = Math.max(sender, receiver);
        Fastbox box = fastboxes.get(((long) lo << 32) | hi);
        if (box == null) {
            box = new Fastbox(lo, hi);
            fastboxes.put(((long) lo << 32) | hi, box);
            endpoints[lo].attach(hi, box.lower);
            endpoints[hi].attach(lo, box.upper);
        }
        return box.endOf(sender, lo);
    }

    /** Wakes every parked rank (used when the job aborts). */
    public void wakeAll() {
        for (ThreadsEndpoint e : endpoints) {
            e.wake();
        }
    }
}
