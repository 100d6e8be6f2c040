package jmpi.spi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * The encoded header of a {@link Frame} on a byte transport (shm rings, tcp streams): 64 bytes,
 * little-endian, followed by {@code payloadBytes} bytes of payload (EAGER and DATA frames only).
 *
 * <pre>
 *  +0   byte  kind        EAGER 1, RTS 2, CTS 3, DATA 4, ACK 5
 *  +1   byte  flags       bit 0: sync ({@link #SYNC_FLAG}); bit 1: small ({@link #SMALL_FLAG})
 *  +2   short version     {@link #VERSION}
 *  +4   int   context
 *  +8   int   source      rank in the communicator
 *  +12  int   tag
 *  +16  int   typeCode
 *  +20  int   count       elements
 *  +24  long  sendId
 *  +32  long  recvId
 *  +40  long  offset      DATA: byte offset within the message; EAGER: the transport's (below)
 *  +48  int   sender      world rank of the sending endpoint
 *  +52  int   payloadBytes
 *  +56  long  seq         transport's pair sequence number
 *  +64  payload
 * </pre>
 * A transport that reads a header with an unknown kind or version, or a payload length that is
 * negative or larger than it allows, must treat the peer as broken (close, report), never guess.
 *
 * <p><b>Small messages.</b> A transport's {@code trySendSmall} writes an EAGER header flagged
 * {@link #SMALL_FLAG} with {@link #encodeSmallHeader} (eight long stores, no {@link Frame}) and the
 * elements straight from the caller's array: never sync, one piece, of a primitive type other than
 * boolean, so the receiver may offer it to {@link FrameSink#tryDeliver} straight from its buffer
 * ({@link #isSmall}, {@link #smallShapeProblem}). Two fields are the transport's own, in small and
 * ordinary EAGER headers alike, and each transport's layout document says which:
 * {@code offset} (shm: the message's total payload bytes, since an EAGER message may span several
 * ring records; tcp: 0, a frame carrying its payload whole) and {@code seq} (shm: {@code -1}, the
 * record number being stamped last by the ring's publish; tcp: the stream's sequence number).
 *
 * <p>Concurrency: constants and pure functions of the segment they are given; callers own the bytes.
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
    /** Flags bit 0: a synchronous send (the receiver acknowledges the match). */
    public static final byte SYNC_FLAG = 0x01;
    /** Flags bit 1 (and then the whole flags byte): a small EAGER message, see the class comment. */
    public static final byte SMALL_FLAG = 0x02;

    /** The header's field layouts: little-endian, unaligned (transports' buffers start anywhere). */
    public static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    public static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);

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
        out.set(ValueLayout.JAVA_BYTE, at + FLAGS, f.sync ? SYNC_FLAG : 0);
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
        f.sync = (in.get(ValueLayout.JAVA_BYTE, at + FLAGS) & SYNC_FLAG) != 0;
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

    /**
     * Writes the header of a small EAGER message ({@link #SMALL_FLAG}) at {@code at} of {@code out}:
     * the 64 bytes as eight little-endian long stores, two int fields per long (the 8-byte latency
     * path: no {@link Frame}, no allocation). The payload, {@code bytes} bytes of {@code count}
     * elements, follows at {@code at + HEADER_BYTES}; {@code offset} and {@code seq} are the
     * transport's (see the class comment).
     */
    public static void encodeSmallHeader(MemorySegment out, long at, int context, int source, int tag, int typeCode,
                                         int count, int sender, int bytes, long offset, long seq) {
        out.set(LONG, at, (Frame.EAGER & 0xFFL) | (SMALL_FLAG & 0xFFL) << 8 | (VERSION & 0xFFFFL) << 16
                | (long) context << 32);
        out.set(LONG, at + SOURCE, (source & 0xFFFFFFFFL) | (long) tag << 32);
        out.set(LONG, at + TYPE, (typeCode & 0xFFFFFFFFL) | (long) count << 32);
        out.set(LONG, at + SEND_ID, 0L);
        out.set(LONG, at + RECV_ID, 0L);
        out.set(LONG, at + OFFSET, offset);
        out.set(LONG, at + SENDER, (sender & 0xFFFFFFFFL) | (long) bytes << 32);
        out.set(LONG, at + SEQ, seq);
    }

    /** Whether the header at {@code at} is a small EAGER message's (kind EAGER, flags exactly {@link #SMALL_FLAG}). */
    public static boolean isSmall(MemorySegment in, long at) {
        return in.get(ValueLayout.JAVA_BYTE, at + KIND) == Frame.EAGER
                && in.get(ValueLayout.JAVA_BYTE, at + FLAGS) == SMALL_FLAG;
    }

    /**
     * What is wrong with a small message of {@code count} elements in {@code payload} bytes (elements
     * of 1, 2, 4 or 8 bytes filling the payload exactly, none only for an empty payload), or null when
     * nothing is.
     */
    public static String smallShapeProblem(int count, int payload) {
        int size = count == 0 ? 0 : payload / count;
        if (count < 0 || (count == 0) != (payload == 0)
                || count > 0 && ((long) size * count != payload || Integer.bitCount(size) != 1 || size > 8)) {
            return "small message of " + count + " elements in " + payload + " bytes";
        }
        return null;
    }

    /** The kind field of the header at {@code at}. */
    public static byte kindAt(MemorySegment in, long at) {
        return in.get(ValueLayout.JAVA_BYTE, at + KIND);
    }

    /** The flags field of the header at {@code at} ({@link #SYNC_FLAG}, {@link #SMALL_FLAG}). */
    public static byte flagsAt(MemorySegment in, long at) {
        return in.get(ValueLayout.JAVA_BYTE, at + FLAGS);
    }

    /** The version field of the header at {@code at}. */
    public static short versionAt(MemorySegment in, long at) {
        return in.get(SHORT, at + VERSION_AT);
    }

    /** The context field of the header at {@code at}. */
    public static int contextAt(MemorySegment in, long at) {
        return in.get(INT, at + CONTEXT);
    }

    /** The source field (rank in the communicator) of the header at {@code at}. */
    public static int sourceAt(MemorySegment in, long at) {
        return in.get(INT, at + SOURCE);
    }

    /** The tag field of the header at {@code at}. */
    public static int tagAt(MemorySegment in, long at) {
        return in.get(INT, at + TAG);
    }

    /** The type code field of the header at {@code at}. */
    public static int typeCodeAt(MemorySegment in, long at) {
        return in.get(INT, at + TYPE);
    }

    /** The count field (elements) of the header at {@code at}. */
    public static int countAt(MemorySegment in, long at) {
        return in.get(INT, at + COUNT);
    }

    /** The receive id field of the header at {@code at}. */
    public static long recvIdAt(MemorySegment in, long at) {
        return in.get(LONG, at + RECV_ID);
    }

    /** The offset field of the header at {@code at}. */
    public static long offsetAt(MemorySegment in, long at) {
        return in.get(LONG, at + OFFSET);
    }

    /** The sender field (world rank) of the header at {@code at}. */
    public static int senderAt(MemorySegment in, long at) {
        return in.get(INT, at + SENDER);
    }

    /** The seq field of the header at {@code at}. */
    public static long seqAt(MemorySegment in, long at) {
        return in.get(LONG, at + SEQ);
    }

    /** Overwrites the offset field of the header at {@code at} (a transport's own meaning, or a DATA piece's). */
    public static void setOffset(MemorySegment out, long at, long offset) {
        out.set(LONG, at + OFFSET, offset);
    }

    /** Overwrites the payload length field of the header at {@code at} (a piece's length). */
    public static void setPayloadBytes(MemorySegment out, long at, int bytes) {
        out.set(INT, at + PAYLOAD_BYTES, bytes);
    }

    /** Overwrites the seq field of the header at {@code at}. */
    public static void setSeq(MemorySegment out, long at, long seq) {
        out.set(LONG, at + SEQ, seq);
    }
}
