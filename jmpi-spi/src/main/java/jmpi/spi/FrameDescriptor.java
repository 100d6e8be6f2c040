package jmpi.spi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The encoded header of a {@link Frame} on a byte transport (shm rings, tcp streams): 64 bytes,
 * little-endian, followed by {@code payloadBytes} bytes of payload (EAGER and DATA frames only).
 *
 * <pre>
 *  +0   byte  kind        EAGER 1, RTS 2, CTS 3, DATA 4, ACK 5
 *  +1   byte  flags       bit 0: sync
 *  +2   short version     {@link #VERSION}
 *  +4   int   context
 *  +8   int   source      rank in the communicator
 *  +12  int   tag
 *  +16  int   typeCode
 *  +20  int   count       elements
 *  +24  long  sendId
 *  +32  long  recvId
 *  +40  long  offset      DATA: byte offset within the message
 *  +48  int   sender      world rank of the sending endpoint
 *  +52  int   payloadBytes
 *  +56  long  seq         transport's pair sequence number
 *  +64  payload
 * </pre>
 * A transport that reads a header with an unknown kind or version, or a payload length that is
 * negative or larger than it allows, must treat the peer as broken (close, report), never guess.
 */
public final class FrameDescriptor {
    public static final short VERSION = 1;
    public static final int HEADER_BYTES = 64;
    public static final long KIND = 0;
    public static final long FLAGS = 1;
    public static final long VERSION_AT = 2;
    public static final long CONTEXT = 4;
    public static final long SOURCE = 8;
    public static final long TAG = 12;
    public static final long TYPE = 16;
    public static final long COUNT = 20;
    public static final long SEND_ID = 24;
    public static final long RECV_ID = 32;
    public static final long OFFSET = 40;
    public static final long SENDER = 48;
    public static final long PAYLOAD_BYTES = 52;
    public static final long SEQ = 56;

    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

    private FrameDescriptor() {
    }

    /** Bytes of payload that follow the header of {@code f}: {@code f.data}'s size for EAGER and DATA, else 0. */
    public static long payloadBytes(Frame f) {
        return (f.kind == Frame.EAGER || f.kind == Frame.DATA) && f.data != null ? f.data.byteSize() : 0;
    }

    /** Writes the header of {@code f} (sent by world rank {@code sender}) at {@code at} of {@code out}. */
    public static void encodeHeader(Frame f, int sender, MemorySegment out, long at) {
        long payload = payloadBytes(f);
        if (payload > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("frame payload of " + payload
                    + " bytes does not fit one frame: split it (DATA) or send it by rendezvous");
        }
        out.set(ValueLayout.JAVA_BYTE, at + KIND, f.kind);
        out.set(ValueLayout.JAVA_BYTE, at + FLAGS, (byte) (f.sync ? 1 : 0));
        out.set(SHORT, at + VERSION_AT, VERSION);
        out.set(INT, at + CONTEXT, f.context);
        out.set(INT, at + SOURCE, f.source);
        out.set(INT, at + TAG, f.tag);
        out.set(INT, at + TYPE, f.typeCode);
        out.set(INT, at + COUNT, f.count);
        out.set(LONG, at + SEND_ID, f.sendId);
        out.set(LONG, at + RECV_ID, f.recvId);
        out.set(LONG, at + OFFSET, f.offset);
        out.set(INT, at + SENDER, sender);
        out.set(INT, at + PAYLOAD_BYTES, (int) payload);
        out.set(LONG, at + SEQ, f.seq);
    }

    /**
     * Reads a header into a new frame (payload not read: see {@link #payloadBytesAt}).
     *
     * @throws IllegalArgumentException for an unknown kind or version, a negative payload length, or a
     *                                  message envelope no engine sends (a context outside
     *                                  {@code [0, MAX_CONTEXT)}, a negative source or count)
     */
    public static Frame decodeHeader(MemorySegment in, long at) {
        byte kind = in.get(ValueLayout.JAVA_BYTE, at + KIND);
        short version = in.get(SHORT, at + VERSION_AT);
        if (version != VERSION) {
            throw new IllegalArgumentException("frame version " + version + ", expected " + VERSION);
        }
        if (kind < Frame.EAGER || kind > Frame.ACK) {
            throw new IllegalArgumentException("unknown frame kind " + kind);
        }
        int payload = in.get(INT, at + PAYLOAD_BYTES);
        if (payload < 0 || (payload > 0 && kind != Frame.EAGER && kind != Frame.DATA)) {
            throw new IllegalArgumentException("frame kind " + kind + " with payload of " + payload + " bytes");
        }
        Frame f = new Frame();
        f.kind = kind;
        f.sync = (in.get(ValueLayout.JAVA_BYTE, at + FLAGS) & 1) != 0;
        f.context = in.get(INT, at + CONTEXT);
        f.source = in.get(INT, at + SOURCE);
        f.tag = in.get(INT, at + TAG);
        f.typeCode = in.get(INT, at + TYPE);
        f.count = in.get(INT, at + COUNT);
        f.sendId = in.get(LONG, at + SEND_ID);
        f.recvId = in.get(LONG, at + RECV_ID);
        f.offset = in.get(LONG, at + OFFSET);
        f.sender = in.get(INT, at + SENDER);
        f.seq = in.get(LONG, at + SEQ);
        if (kind == Frame.EAGER || kind == Frame.RTS) {
            if (f.context < 0 || f.context >= Frame.MAX_CONTEXT) {
                throw new IllegalArgumentException("message on context " + f.context + ", which no communicator can have"
                        + " (contexts are in [0, " + Frame.MAX_CONTEXT + "))");
            }
            if (f.source < 0 || f.count < 0) {
                throw new IllegalArgumentException("message with source " + f.source + " and count " + f.count
                        + " (neither may be negative)");
            }
        }
        return f;
    }

    /** The payload length field of the header at {@code at}. */
    public static int payloadBytesAt(MemorySegment in, long at) {
        return in.get(INT, at + PAYLOAD_BYTES);
    }
}
