package jmpi.transport.shm;

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
 *                 continuation of an EAGER frame; RingDescriptor.PAD_KIND (0x11) for padding
 *  payloadBytes   bytes of payload in THIS record (at most capacity / 4 - 64; producers also keep
 *                 records within jmpi.shm.pieceBytes)
 *  seq            record number on this ring (1, 2, 3, ...; padding carries the number of the
 *                 record after it): the consumer checks it, so a lost, repeated or foreign record
 *                 is detected; written last, it is also the stamp a waiting consumer looks for
 *  sender         world rank of the producer; must equal the ring's owner-assigned sender
 *  offset         EAGER: total payload bytes of the message (the record carries the first
 *                 payloadBytes of them; PIECE records carry the rest, in order, with nothing else
 *                 from the same sender in between). The frame delivered to the engine has offset 0.
 *                 PIECE: byte offset of this piece within the message.
 *                 DATA: byte offset of this piece within the message (frame.offset + piece start);
 *                 a DATA frame may be cut into several DATA records, each delivered on its own.
 *  other fields   as encoded by FrameDescriptor (PIECE records leave them 0)
 * </pre>
 * Concurrency: constants and pure functions only; who writes and reads records is said in
 * {@link OutgoingChannel} and {@link InboundChannel}.
 */
final class ShmRecordDescriptor {
    /** Kind byte of an EAGER continuation record. */
    static final byte PIECE_KIND = 0x10;
    /** Seq field of the place of the next record until it is written, and of padding until stamped (never a record number). */
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
