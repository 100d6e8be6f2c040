package jmpi.spi;

/**
 * One rank's attachment to a transport: sends frames to peers, hands over the frames sent to it,
 * and lets the rank's waiting thread sleep until something arrives.
 *
 * <p>Threads: {@link #send} and {@link #wake} may be called by any thread of any rank at any time.
 * {@link #poll} is called by one thread at a time (the rank's engine serializes its progress).
 * {@link #park} is called by a thread of the owning rank only.
 */
public interface Endpoint {
    /** This rank in the world. */
    int rank();

    /** Number of ranks in the world. */
    int size();

    /**
     * Hands {@code frame} to rank {@code dest} (a world rank). Never blocks on the receiver and never
     * fails for lack of a matching receive. The frame belongs to the transport after the call.
     */
    void send(int dest, Frame frame);

    /** Delivers every frame that has arrived for this rank to {@code sink}; returns how many. */
    int poll(FrameSink sink);

    /** True when at least one frame is waiting to be polled (a hint; may race with senders). */
    boolean hasIncoming();

    /**
     * True when this rank and {@code peer} share an address space, so that a frame may carry a
     * reference to the sender's own array (rendezvous without an intermediate copy).
     */
    boolean sharesMemoryWith(int peer);

    /**
     * Parks the calling thread for at most {@code maxNanos}, returning early when a frame arrives or
     * {@link #wake} is called. The caller re-checks its own condition afterwards (spurious returns
     * are allowed). Lost wake-ups are impossible: the parker announces itself before re-checking for
     * frames, and senders look for an announced parker after publishing.
     */
    void park(long maxNanos);

    /** Wakes a thread of this rank parked in {@link #park}, if there is one. Cheap when none is. */
    void wake();
}
