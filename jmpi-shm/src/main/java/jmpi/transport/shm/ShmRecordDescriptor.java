package jmpi.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

import jmpi.spi.FrameDescriptor;

/**
 * How frames are written as ring records: each record starts with the 64-byte
 * {@link FrameDescriptor} header (little-endian), with these shm-specific meanings:
 *
 * <pre>
 *  flags          bit 0 sync, bit 1 small (FrameDescriptor.SMALL_FLAG): a one-record EAGER message of
 *                 a primitive type (not boolean) written straight from the sender's array, which the
 *                 receiver may copy straight into a posted receive (FrameSink.tryDeliver)
 *  kind           EAGER, RTS, CTS, DATA, ACK as in FrameDescriptor; PIECE_KIND (0x10) for a
 *                 continuation of an EAGER frame; RingDescriptor.PAD_KIND (0x11) for padding;
 *                 INLINE_KIND (0x12) for a small message carried in its header line (below)
 *  payloadBytes   bytes of payload in THIS record (at most capacity / 4 - 64; producers also keep
 *                 records within jmpi.shm.pieceBytes)
 *  seq            record number on this ring (0, 1, 2, ...; padding records have none): the
 *                 consumer checks it, so a lost, repeated or foreign record is detected
 *  sender         world rank of the producer; must equal the ring's owner-assigned sender
 *  offset         EAGER: total payload bytes of the message (the record carries the first
 *                 payloadBytes of them; PIECE records carry the rest, in order, with nothing else
 *                 from the same sender in between). The frame delivered to the engine has offset 0.
 *                 PIECE: byte offset of this piece within the message.
 *                 DATA: byte offset of this piece within the message (frame.offset + piece start);
 *                 a DATA frame may be cut into several DATA records, each delivered on its own.
 *  other fields   as encoded by FrameDescriptor (PIECE records leave them 0)
 * </pre>
 * An <b>INLINE</b> record is one 64-byte line: a small EAGER message (as a SMALL one: primitive
 * elements of 1, 2, 4 or 8 bytes, not sync) of at most {@link #INLINE_MAX} bytes, carried where an
 * ordinary header has the three fields such a message does not need (sendId, recvId, offset):
 * <pre>
 *  +0   byte  kind = INLINE_KIND    +1 byte flags = 0    +2 short version
 *  +4   int   context   +8 int source   +12 int tag   +16 int typeCode   +20 int count
 *  +24  payloadBytes bytes of payload (INLINE_AT; up to +48); the bytes after it are not read
 *  +48  int   sender    +52 int payloadBytes (0 .. INLINE_MAX)    +56 long seq (the stamp)
 * </pre>
 * One line means one hand-off between the cores: the consumer that sees the stamp has the payload
 * in the same line.
 * Concurrency: constants and pure functions only; who writes and reads records is said in
 * {@link OutgoingChannel} and {@link InboundChannel}.
 */
final class ShmRecordDescriptor {
    /** Kind byte of an EAGER continuation record. */
    static final byte PIECE_KIND = 0x10;
    /** Kind byte of an INLINE record: a small message in its header line (see the class comment). */
    static final byte INLINE_KIND = 0x12;
    /** Offset of an INLINE record's payload within its line. */
    static final long INLINE_AT = 24;
    /** Most payload bytes an INLINE record carries (+24 up to the sender field at +48). */
    static final int INLINE_MAX = 24;
    /** Seq field of padding, and of the place of the next record until it is written (never a record number). */
    static final long NO_SEQ = -1L;
    static final int HEADER_BYTES = FrameDescriptor.HEADER_BYTES;
    /** The header's field layouts (FrameDescriptor's: little-endian, unaligned). */
    static final ValueLayout.OfShort SHORT = FrameDescriptor.SHORT;
    static final ValueLayout.OfInt INT = FrameDescriptor.INT;
    static final ValueLayout.OfLong LONG = FrameDescriptor.LONG;

    /** Release store / acquire load of a record's seq field (8-aligned: records start on 64-byte boundaries). */
    static final java.lang.invoke.VarHandle SEQ_HANDLE =
            ValueLayout.JAVA_LONG.withOrder(ByteOrder.LITTLE_ENDIAN).varHandle();

    private ShmRecordDescriptor() {
    }

    /**
     * Writes the fields of an INLINE record at {@code at} but its payload (the caller's, at
     * {@code at + INLINE_AT}): five little-endian long stores; seq is NO_SEQ (stamped by publish).
     */
    static void encodeInlineHeader(MemorySegment out, long at, int context, int source, int tag, int typeCode,
                                   int count, int sender, int bytes) {
        out.set(LONG, at, (INLINE_KIND & 0xFFL) | (FrameDescriptor.VERSION & 0xFFFFL) << 16 | (long) context << 32);
        out.set(LONG, at + FrameDescriptor.SOURCE, (source & 0xFFFFFFFFL) | (long) tag << 32);
        out.set(LONG, at + FrameDescriptor.TYPE, (typeCode & 0xFFFFFFFFL) | (long) count << 32);
        out.set(LONG, at + FrameDescriptor.SENDER, (sender & 0xFFFFFFFFL) | (long) bytes << 32);
        out.set(LONG, at + FrameDescriptor.SEQ, NO_SEQ);
    }

    /** Largest payload of one record in a ring of {@code capacity} bytes (records of at most a quarter ring). */
    static long maxPiece(long capacity) {
        return capacity / 4 - HEADER_BYTES;
    }

    /**
     * Smallest piece a producer accepts to cut off when the ring is nearly full (smaller messages
     * are written whole): a sixteenth of the ring, so pieces stay large enough to amortize headers.
     */
    static long minPiece(long capacity) {
        return capacity / 16;
    }
}
