package jmpi.spi;

import java.lang.foreign.MemorySegment;

/** Receives the messages a transport delivers to one rank, in order per sender. */
public interface FrameSink {
    /** Takes a message as a frame (matched now or queued as unexpected). */
    void accept(Frame frame);

    /**
     * Offers a small eager message that still lies in the transport's memory ({@code count} elements
     * of basic type {@code typeCode}, {@code bytes} bytes at {@code offset} of {@code data}): if a
     * posted receive takes it, the sink copies it straight into that receive and returns true;
     * otherwise it returns false and the transport hands the message over with {@link #accept}.
     */
    boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment data, long offset,
                       int bytes);

    /**
     * Delivers a piece of rendezvous data (a {@link Frame#DATA} frame, or part of one) for the posted
     * receive {@code recvId}: {@code bytes} bytes at {@code srcOffset} of {@code src} are the
     * message's bytes from {@code messageOffset} on. The sink copies them into the receive buffer
     * before returning, so the transport may reuse its memory at once. Byte transports only.
     */
    void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes);

    /**
     * The memory that receive {@code recvId}'s message bytes go to, byte {@code i} of the message at
     * offset {@code i} of the segment, when a transport may put rendezvous data there itself (for
     * instance read it from a socket straight into it) and then report it with {@link #dataWritten};
     * null when the data must go through {@link #deliverData} (a datatype with gaps, a message longer
     * than the buffer, a discarded message, data ahead of the CTS). Valid only until this call
     * returns to the transport's caller: ask again for each piece. Byte transports only.
     */
    default MemorySegment dataTarget(long recvId) {
        return null;
    }

    /**
     * The transport has put {@code bytes} bytes of receive {@code recvId}'s message, from
     * {@code messageOffset} on, into the segment {@link #dataTarget} returned for it (instead of
     * calling {@link #deliverData}). Only for a receive whose {@code dataTarget} was not null.
     */
    default void dataWritten(long recvId, long messageOffset, long bytes) {
        throw new UnsupportedOperationException("dataWritten without a dataTarget");
    }
}
