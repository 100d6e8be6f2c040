package jmpi.transport.threads;

import jmpi.spi.Endpoint;

/**
 * The threads transport among the ranks of one JVM: each such rank is a thread and owns one
 * {@link ThreadsEndpoint}. Created once by the launcher, before any rank starts: for the whole job
 * (every rank in this JVM), or for the consecutive ranks one JVM of a multi-process job hosts, in
 * which case its endpoints reach only each other and another transport carries the other pairs.
 * Ranks are world ranks everywhere.
 */
public final class ThreadsFabric {
    private final ThreadsEndpoint[] endpoints;
    private final boolean encodeFrames;
    /** Fastboxes by pair (lower rank << 32 | higher rank); guarded by this. */
    private final java.util.Map<Long, Fastbox> fastboxes = new java.util.HashMap<>();
    /** Capacity of each direction's eager ring and the largest message it takes ({@link ThreadsSetting}). */
    final int ringBytes;
    final int ringMessage;

    public ThreadsFabric(int size) {
        this(size, false);
    }

    /**
     * @param encodeFrames behave like a byte transport: ranks do not share memory for messages, and
     *                     every frame crosses encoded as bytes ({@link jmpi.spi.FrameDescriptor}). For
     *                     testing the engine's byte protocols and wire encoding inside one JVM.
     */
    public ThreadsFabric(int size, boolean encodeFrames) {
        this(size, 0, size, encodeFrames);
    }

    /**
     * The fabric of the {@code count} ranks {@code first .. first + count - 1} of a job of {@code size}
     * that this JVM hosts.
     */
    public static ThreadsFabric forRanks(int size, int first, int count) {
        return new ThreadsFabric(size, first, count, false);
    }

    private ThreadsFabric(int size, int first, int count, boolean encodeFrames) {
        this.encodeFrames = encodeFrames;
        if (size < 1) {
            throw new IllegalArgumentException("a job needs at least one rank, not " + size);
        }
        if (first < 0 || count < 1 || first + count > size) {
            throw new IllegalArgumentException("ranks " + first + ".." + (first + count - 1) + " are not in a job of " + size);
        }
        ringBytes = ThreadsSetting.ringBytes(size);
        ringMessage = ThreadsSetting.ringMessage(ringBytes);
        endpoints = new ThreadsEndpoint[size];
        for (int i = first; i < first + count; i++) {
            endpoints[i] = new ThreadsEndpoint(this, i);
        }
    }

    /** Whether {@code rank} is one of this fabric's ranks (a thread of this JVM). */
    public boolean hosts(int rank) {
        return rank >= 0 && rank < endpoints.length && endpoints[rank] != null;
    }

    /**
     * Makes {@code rank}'s endpoint call {@code waker} instead of unparking its own parked thread when
     * a frame arrives for it or {@link Endpoint#wake} is called: used when the rank waits in another
     * transport's {@code park} (a rank that uses several transports waits in one of them).
     */
    public void wakeThrough(int rank, Runnable waker) {
        endpoints[rank].waker = waker;
    }

    boolean encodesFrames() {
        return encodeFrames;
    }

    public int size() {
        return endpoints.length;
    }

    /** The endpoint of {@code rank}, one of this fabric's ranks. */
    public Endpoint endpoint(int rank) {
        if (!hosts(rank)) {
            throw new IllegalArgumentException("rank " + rank + " is not a thread of this fabric");
        }
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

    /**
     * Makes the eager ring from {@code sender} to {@code receiver} (whose fastbox exists; the two may be the
     * same rank) and attaches its
     * reading side to the receiver's end; the sender's only call for the pair (under its pair lock).
     */
    synchronized EagerRing.Writer eagerRing(int sender, int receiver) {
        EagerRing ring = new EagerRing(ringBytes, ringMessage, sender);
        // The end the receiver polls for this sender (to itself: the pair's upper end, see fastbox)
        endpoints[receiver].boxFrom(sender).attachRing(ring.reader);
        return ring.writer;
    }

    /** Wakes every parked rank (used when the job aborts). */
    public void wakeAll() {
        for (ThreadsEndpoint e : endpoints) {
            if (e != null) {
                e.wake();
            }
        }
    }
}
