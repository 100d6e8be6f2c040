package jmpi.spi;

/**
 * One rank's attachment to a transport: sends frames to peers, hands over the frames sent to it,
 * and lets the rank's waiting thread sleep until something arrives. Transports move frames; they
 * never match messages (that is the engine's job), except one whose {@link #matching()} is not null:
 * an MPI library that matches them itself ({@link MatchingTransport}), through which the engine then
 * sends and receives every message ({@link #send}, {@link #poll} and the small-message path are unused).
 *
 * <p>Every transport passes the contract test in {@code jmpi-tck} ({@code jmpi.tck.EndpointContract}):
 * frames arrive complete and in order per sender, {@link #send} never blocks on a receiver that does
 * not poll (a transport queues what it cannot move yet), queued frames arrive even if the sender
 * stops calling the endpoint (a standard send completes at once, and the sender may then compute for
 * a long time: a transport with bounded buffers moves its queue with a thread of its own),
 * {@link Frame#DATA} arrives through {@link FrameSink#deliverData}, and a frame's
 * {@link Frame#ack} is called once its {@link Frame#data} is no longer needed.
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
     * The library that matches this rank's messages itself, or null (the default) when the engine
     * matches the frames this endpoint moves.
     */
    default MatchingTransport matching() {
        return null;
    }

    /**
     * Hands {@code frame} to rank {@code dest} (a world rank). Never blocks on the receiver and never
     * fails for lack of a matching receive. The frame belongs to the transport after the call.
     */
    void send(int dest, Frame frame);

    /**
     * Largest message, in bytes, this transport would have sent eagerly (rendezvous above it) when
     * the program does not set {@code jmpi.eager.limit}; 0 (the default) leaves it to the engine.
     */
    default int eagerLimit() {
        return 0;
    }

    /**
     * Largest payload, in bytes, that {@link #trySendSmall} can carry (0 when the transport has no such
     * path).
     */
    int smallMessageLimit();

    /**
     * Sends a small eager message without building a {@link Frame}: the header and the
     * {@code count} elements of {@code array} from {@code offset} (at most {@link #smallMessageLimit()}
     * bytes, {@code layout} being the elements' layout) are copied into the transport at once, so the
     * caller may reuse its buffer as soon as this returns true. Returns false when the transport
     * cannot take it now (the caller then uses {@link #send}); ordering with {@link #send} is kept.
     */
    boolean trySendSmall(int dest, int context, int source, int tag, int typeCode, Object array, int offset,
                         int count, java.lang.foreign.ValueLayout layout);

    /**
     * {@link #trySendSmall} for a message of a non-contiguous datatype: {@code count} elements of {@code layout}, which
     * {@code packer} writes into the transport's memory, so that they are gathered there with no staging array.
     * False (the default) when the transport has no such path or no room now: the caller then gathers the elements
     * into an array of its own and calls {@link #trySendSmall}. A failure the packer throws leaves nothing sent.
     */
    default boolean trySendSmallPacked(int dest, int context, int source, int tag, int typeCode, int count,
                                       java.lang.foreign.ValueLayout layout, SmallPacker packer) {
        return false;
    }

    /**
     * True when a receive into a non-contiguous datatype should scatter a small message straight out of this
     * transport's memory in {@link FrameSink#tryDeliver} rather than copy it into a staging array first (default
     * false; threads says true: one pass over the elements instead of a copy and a scatter. shm measured slower so
     * on 2026-11-29, and with the packed path on 2026-12-07 a vector of 512 doubles sat at 3x its time in every round
     * of one run, so shm stages: bench/results/2026-12-07-stride-direct.txt).
     */
    default boolean scattersFromTransportMemory() {
        return false;
    }

    /**
     * Delivers frames that have arrived for this rank to {@code sink} (a transport may bound how
     * many per call, for fairness between peers; the engine calls again) and moves queued outgoing
     * frames on; returns how many frames or data pieces were delivered or moved (0 when idle).
     */
    int poll(FrameSink sink);

    /**
     * True when {@link #poll} has work to do: a frame is waiting, or (byte transports) output is
     * still queued. The engine polls only when this says so, so a transport with queued output must
     * answer true until it is moved. A hint: it may race with senders.
     */
    boolean hasIncoming();

    /**
     * True when this rank and {@code peer} share an address space, so that a frame may carry a
     * reference to the sender's own array (rendezvous without an intermediate copy).
     */
    boolean sharesMemoryWith(int peer);

    /**
     * True when {@code peer} runs on this rank's host (the same machine, maybe another JVM): what
     * node-aware collectives group ranks by. An equivalence (reflexive, symmetric, transitive), answered
     * alike by every rank. Default: {@link #sharesMemoryWith} (a transport that knows no more).
     */
    default boolean sharesHostWith(int peer) {
        return sharesMemoryWith(peer);
    }

    /**
     * True when {@code peer} is in this rank's cluster: the group of hosts joined by fast links, as against
     * the slow wide-area links between clusters (a hostfile's {@code cluster=NAME}, {@code JMPI_CLUSTER}).
     * Node-aware collectives cross between clusters first, once per cluster. An equivalence answered alike by
     * every rank, and ranks that share a host share a cluster. Default: true (one cluster: a transport that
     * knows no clusters).
     */
    default boolean sharesClusterWith(int peer) {
        return true;
    }

    /**
     * Parks the calling thread for at most {@code maxNanos}, returning early when a frame arrives or
     * {@link #wake} is called. The caller re-checks its own condition afterwards (spurious returns
     * are allowed). Lost wake-ups are impossible: the parker announces itself, then re-checks for
     * frames and {@code ready} (its own condition, made true by other threads before they call
     * {@link #wake}); senders and completers look for an announced parker after publishing.
     */
    void park(long maxNanos, java.util.function.BooleanSupplier ready);

    /** Wakes a thread of this rank parked in {@link #park}, if there is one. Cheap when none is. */
    void wake();

    /**
     * Releases what the endpoint holds (connections, mapped memory) once this rank is done. Frames
     * still queued for peers are flushed first, within a bounded time. Idempotent.
     */
    default void close() {
    }
}
