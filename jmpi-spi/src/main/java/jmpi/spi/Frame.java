package jmpi.spi;

import java.lang.foreign.MemorySegment;

/**
 * One message or protocol step as handed from a sender's engine to a receiver's: the matching
 * envelope (context, source, tag), the type signature (basic type code and element count), the
 * message's bytes, and the ids of the rendezvous protocol.
 *
 * <p>Ownership: the sending thread fills a frame and gives it to {@link Endpoint#send}; from then
 * on the transport owns it until {@link Endpoint#poll} hands it (or a copy decoded from bytes) to
 * the receiving engine, which owns it for good. Nobody writes a frame after giving it away, so its
 * plain fields are published by the transport's own release/acquire hand-off. Not thread-safe
 * otherwise.
 *
 * <h2>Between ranks that do not share memory (byte transports: shm, tcp)</h2>
 * Only the fields below cross, encoded by the transport ({@link FrameDescriptor}); {@link #ack} is
 * never sent: the transport calls it on the sending side once it no longer needs {@link #data}
 * (every byte written to the socket, or copied into shared memory), so that the owner of that
 * memory may reuse it.
 * <ul>
 *   <li>{@link #EAGER}: the message's bytes are {@link #data} when sending; on arrival the
 *       transport puts a private {@code byte[]} of them in {@link #bytes}.
 *       {@link #sync} asks the receiver to answer {@link #ACK} with {@link #sendId} when matched.</li>
 *   <li>{@link #RTS}: envelope and type signature only; {@link #sendId} names the send, and
 *       {@link #offset} holds the message's size in bytes.</li>
 *   <li>{@link #CTS}: receiver to sender once the RTS matched: {@link #sendId} echoed,
 *       {@link #recvId} names the posted receive that takes the data.</li>
 *   <li>{@link #DATA}: sender to receiver: {@link #data} holds bytes for receive {@link #recvId},
 *       starting at byte {@link #offset} of the message. A transport may split one DATA frame into
 *       several and delivers each piece with {@link FrameSink#deliverData}, straight from its own
 *       memory, never as a frame.</li>
 *   <li>{@link #ACK}: receiver to sender: the synchronous send {@link #sendId} has been matched.</li>
 * </ul>
 *
 * <h2>Between ranks that share memory ({@link Endpoint#sharesMemoryWith} true)</h2>
 * The engine sends a subclass of its own that carries the elements by reference (a private copy,
 * or the sender's own array for a rendezvous) and whose {@link #ack} the receiving engine calls.
 * The frame object itself crosses; nothing is encoded, and the transport never looks past the
 * fields of this class ({@link #kind}, {@link #next}, {@link #sender}, {@link #seq}).
 */
public class Frame {
    /** Data travels with the header. */
    public static final byte EAGER = 1;
    /** Ready-to-send: the data follows once the receiver is ready (see the class comment). */
    public static final byte RTS = 2;
    /** Clear-to-send: the answer to an RTS over a byte transport. */
    public static final byte CTS = 3;
    /** Rendezvous data over a byte transport. */
    public static final byte DATA = 4;
    /** A synchronous eager send has been matched (byte transports). */
    public static final byte ACK = 5;
    /**
     * Context ids are in {@code [0, MAX_CONTEXT)}: communicator creation never hands out more, and a
     * message frame whose context lies outside is malformed.
     */
    public static final int MAX_CONTEXT = 1 << 30;

    public byte kind;
    /** The sender wants an {@link #ACK} when this eager message is matched (byte transports). */
    public boolean sync;
    public int context;
    /** Sender's rank in the communicator of {@link #context}. */
    public int source;
    public int tag;
    /** Basic type code of the payload (opaque to the transport). */
    public int typeCode;
    /** Number of elements of the basic type (for objects: number of objects), never bytes. */
    public int count;
    /**
     * EAGER on arrival from a byte transport: the message's bytes (the elements' raw bytes, or the
     * serialized form of {@code MPI.OBJECT} elements), private to the receiver. Null otherwise.
     */
    public byte[] bytes;
    /** Outgoing bytes for a byte transport (EAGER and DATA); may view the sender's own array. */
    public MemorySegment data;
    /** Rendezvous / synchronous protocol: the sender's id of the send. */
    public long sendId;
    /** Rendezvous protocol: the receiver's id of the posted receive. */
    public long recvId;
    /** DATA: byte offset of {@link #data} within the whole message. */
    public long offset;
    /**
     * Called once: by the transport once it no longer needs {@link #data} (bytes), or by the receiving
     * engine (shared memory: see the class comment).
     */
    public Completion ack;
    /**
     * Link used by whichever queue holds the frame: first the transport's inbox, later the
     * receiving engine's unexpected queue. Only the current owner writes it.
     */
    public Frame next;
    /** Transport-owned: world rank of the sending endpoint (set on arrival). */
    public int sender;
    /** Transport-owned: per sender-receiver pair sequence number, for transports with several paths. */
    public long seq;

    @Override
    public String toString() {
        return "Frame[kind=" + kind + ", context=" + context + ", source=" + source + ", tag=" + tag
                + ", type=" + typeCode + ", count=" + count + ", sender=" + sender + "]";
    }
}
