package jmpi.spi;

/**
 * One message as handed from a sender's engine to a receiver's: the matching envelope
 * (context, source, tag), the type signature (basic type code and element count) and the payload.
 *
 * <p>Ownership: the sending thread fills a frame and gives it to {@link Endpoint#send}; from then
 * on the transport owns it until {@link Endpoint#poll} hands it to the receiving engine, which owns it
 * for good. Nobody writes a frame after giving it away, so its plain fields are published by the
 * transport's own release/acquire hand-off.
 *
 * <p>Payload by kind:
 * <ul>
 *   <li>{@link #EAGER}: {@code payload} is a private copy (an array of the basic type, or the
 *       serialized bytes of {@code MPI.OBJECT} elements) starting at {@code payloadOffset}.</li>
 *   <li>{@link #EAGER} with {@link #raw}: {@code payload} is a {@code byte[]} holding the elements'
 *       bytes in native order (how data arrives from a transport that moves bytes).</li>
 *   <li>{@link #RTS} (rendezvous, only between ranks that share an address space): {@code payload}
 *       is the sender's own array; the receiver copies straight out of it once matched and then
 *       calls {@link #ack}, which releases the sender.</li>
 * </ul>
 * {@link #ack}, when set, is called exactly once by the receiving side: after the copy for RTS, on
 * match for a synchronous eager send, and on match for a buffered send (to free its buffer space).
 */
public final class Frame {
    /** Data travels with the header. */
    public static final byte EAGER = 1;
    /** Ready-to-send: the receiver pulls the data from the sender's array. */
    public static final byte RTS = 2;

    public byte kind;
    public int context;
    /** Sender's rank in the communicator of {@link #context}. */
    public int source;
    public int tag;
    /** Basic type code of the payload (opaque to the transport). */
    public int typeCode;
    /** Number of elements of the basic type (for objects: number of objects). */
    public int count;
    public Object payload;
    public int payloadOffset;
    /** The payload is the elements' raw bytes in a {@code byte[]}, not an array of the basic type. */
    public boolean raw;
    /** Called once by the receiving side; see the class comment. May be null. */
    public Completion ack;
    /**
     * Link used by whichever queue holds the frame: first the transport's inbox, later the
     * receiving engine's unexpected queue. Only the current owner writes it.
     */
    public Frame next;
    /** Transport-owned: world rank of the sending endpoint. */
    public int sender;
    /** Transport-owned: per sender-receiver pair sequence number, for transports with several paths. */
    public long seq;

    @Override
    public String toString() {
        return "Frame[kind=" + kind + ", context=" + context + ", source=" + source + ", tag=" + tag
                + ", type=" + typeCode + ", count=" + count + "]";
    }
}
