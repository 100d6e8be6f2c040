package jmpi.core;

/**
 * Matching and the point-to-point protocols of one rank: the seam where messages are matched. The
 * engine's own implementation is {@link Matching} (posted and unexpected queues over a frame-moving
 * {@link jmpi.spi.Endpoint}); a <em>matching transport</em> (one that matches messages itself, such as
 * a native MPI library reached through FFM: MPI_Isend/Irecv/Iprobe/Cancel on its own communicators)
 * would implement this interface instead, chosen once when the rank's {@link Engine} starts. Everything
 * above it (communicators and their context ids, collectives, the API, waiting, buffered-send space,
 * Finalize) stays the engine's.
 *
 * <p>What an implementation must provide:
 * <ul>
 *   <li>Context ids: every {@link Envelope#context()} names a communicator's point-to-point or
 *       collective traffic (ids agreed by the engine, {@link Communicators}); messages of different
 *       contexts never match. A matching transport maps each context id to one of its own
 *       communicators (made when it first sees the id).</li>
 *   <li>Requests: {@link #isend}/{@link #irecv} return the engine's request objects and complete them
 *       (status fields, then the volatile done flag) from {@link #progress} or from the peer's thread.</li>
 *   <li>MPI's rules: non-overtaking order per (sender, context), ANY_SOURCE/ANY_TAG, PROC_NULL,
 *       truncation ({@code ERR_TRUNCATE}, the buffer keeping what fits), type-signature mismatch
 *       ({@code ERR_TYPE}), the four send modes.</li>
 *   <li>Progress: {@link #progress} never blocks and returns 0 when nothing happened, so that the
 *       engine's waiting loop can spin, yield and park (on the endpoint) as it does today.</li>
 *   <li>Probe and cancel of a posted receive; and for the Finalize checks ({@link FinalizeReport}),
 *       a look at the messages that arrived but were never received ({@link #forEachUnexpected}).</li>
 * </ul>
 *
 * <p>Threads: every method may be called by any thread of the rank (MPI_THREAD_MULTIPLE).
 */
public interface PointToPoint {
    /** Starts a send of {@code message} to {@code to.rank()} of {@code comm}. Arguments are already validated. */
    SendRequest isend(CoreComm comm, Envelope to, Message message, SendMode mode);

    /**
     * Sends {@code message} at once when it needs no request: a small message of a standard or ready send that the
     * transport takes into its own memory now (what {@link #isend} would complete before returning). True:
     * sent and complete; false: nothing was sent, {@link #isend} it. Arguments are already validated. This default
     * never does.
     */
    default boolean sendNow(CoreComm comm, Envelope to, Message message, SendMode mode) {
        return false;
    }

    /** Posts a receive into {@code message} from {@code from.rank()} of {@code comm}. Arguments are validated. */
    RecvRequest irecv(CoreComm comm, Envelope from, Message message);

    /**
     * Hands {@code ref} itself (no copy, no serialization) to a rank that shares this JVM; it arrives in
     * element 0 of a one-element {@code Object[]} receive. {@code ERR_INTERN} toward another process.
     */
    SendRequest isendReference(CoreComm comm, Envelope to, Object ref);

    /** A matching message that has arrived (it stays queued), or null. */
    ProbeStatus iprobe(Envelope from);

    /**
     * A message a matched probe took out of matching (MPI_Improbe): no receive but {@link #mrecv} of it gets it.
     */
    interface Matched {
        /** What the message is (source, tag, size). */
        ProbeStatus status();
    }

    /** A matched probe that cannot take the message out of matching: its receive names the probed source and tag. */
    record ByEnvelope(int context, ProbeStatus status) implements Matched {
    }

    /**
     * MPI_Improbe: takes a matching message that has arrived out of matching, or returns null. This default
     * (for a transport that cannot) leaves the message queued and returns its envelope: {@link #mrecv} then
     * receives the earliest message of that source and tag, the same one unless another thread of the rank
     * receives it first.
     */
    default Matched improbe(Envelope from) {
        ProbeStatus p = iprobe(from);
        return p == null ? null : new ByEnvelope(from.context(), p);
    }

    /** MPI_Imrecv: receives the message {@code m} took (once). */
    default RecvRequest mrecv(CoreComm comm, Matched m, Message message) {
        ByEnvelope e = (ByEnvelope) m;
        return irecv(comm, new Envelope(e.context(), e.status().source(), e.status().tag()), message);
    }

    /** Cancels a receive that has not matched yet; returns whether it was cancelled. */
    boolean cancel(CoreRequest request);

    /** Moves whatever has arrived on; returns how much was handled (0 when idle or busy elsewhere). */
    int progress();

    /**
     * A communicator was made (called on each member, where it is created, the world and self first):
     * a matching transport makes its own for {@code comm}'s two contexts. Collective over the members.
     */
    default void opened(CoreComm comm) {
    }

    /** {@code comm} was freed: its contexts carry nothing more. */
    default void closed(CoreComm comm) {
    }

    /** Sees one message that arrived and was not received. */
    @FunctionalInterface
    interface UnexpectedVisitor {
        /** @param sender the world rank that sent it; {@code count} elements of type {@code typeCode} */
        void visit(int context, int source, int tag, int count, int typeCode, int sender);
    }

    /** Visits the messages that arrived and were not received, oldest first (for the Finalize checks). */
    void forEachUnexpected(UnexpectedVisitor visitor);
}
