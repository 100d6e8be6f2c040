package jmpi.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jmpi.spi.Frame;
import jmpi.spi.FrameDescriptor;
import jmpi.spi.FrameSink;

/**
 * This rank's receiving side from one sender: the consumer end of the sender's ring in this rank's
 * file, decoding and checking its records ({@link ShmRecordDescriptor}) and handing them to the sink:
 * EAGER frames (reassembled from their pieces) and control frames with {@link FrameSink#accept}, DATA
 * records with {@link FrameSink#deliverData} straight from the ring.
 *
 * <p>Concurrency: {@link #drain} runs on the owner's polling thread only (the engine serializes
 * polls). The consumer releases a record's space only after the sink copied it out, so the
 * sender may fill the next piece meanwhile into free space: the pipelined two-copy path.
 *
 * <p>Any impossible record (unknown kind or version, a length beyond what was published or beyond
 * the ring's record limit, a sequence gap, a piece out of order) throws
 * {@link RingCorruptedException} (an {@link IllegalStateException}) naming the sender, the ring position and the problem.
 */
final class InboundChannel {
    private final int self;
    private final int sender;
    private final SpscRingConsumer ring;
    private final long maxPayload;
    /** Number of the next record (records are numbered from 1: a fresh ring's zeros are never a stamp). */
    private long expectedSeq = 1;
    /** EAGER frame being reassembled, its bytes, and how many arrived. */
    private Frame assembling;
    private byte[] assembly;
    private long filled;

    InboundChannel(int self, int sender, SpscRingConsumer ring) {
        this.self = self;
        this.sender = sender;
        this.ring = ring;
        this.maxPayload = ShmRecordDescriptor.maxPiece(ring.capacity());
    }

    /**
     * A hint: the next record is stamped, or the ring's {@code tail} says something is published (read always when
     * {@code now}, before a sleep; else only now and then: see SpscRingConsumer#hasPublished).
     */
    boolean hasPublished(boolean now) {
        return ring.hasPublished(expectedSeq, now);
    }

    /** Delivers what has arrived (at most about one ring's worth); returns frames and pieces delivered. */
    int drain(FrameSink sink) {
        int delivered = 0;
        long budget = ring.capacity();
        MemorySegment seg = ring.segment();
        while (budget > 0) {
            long available;
            try {
                available = ring.available(expectedSeq);
            } catch (IllegalStateException e) {
                throw broken(e.getMessage());
            }
            if (available == 0) {
                break;
            }
            long at = ring.recordAt();
            if (available < FrameDescriptor.HEADER_BYTES) {
                throw broken(available + " bytes published, less than a header");
            }
            byte kind = FrameDescriptor.kindAt(seg, at);
            short version = FrameDescriptor.versionAt(seg, at);
            int payload = FrameDescriptor.payloadBytesAt(seg, at);
            long seq = FrameDescriptor.seqAt(seg, at);
            int from = FrameDescriptor.senderAt(seg, at);
            if (version != FrameDescriptor.VERSION) {
                throw broken("record version " + version + ", expected " + FrameDescriptor.VERSION);
            }
            if (kind < Frame.EAGER || kind > Frame.ACK && kind != ShmRecordDescriptor.PIECE_KIND) {
                throw broken("unknown record kind " + kind);
            }
            long bytes = RingDescriptor.align(FrameDescriptor.HEADER_BYTES + (long) payload);
            if (payload < 0 || payload > maxPayload || bytes > available) {
                throw broken("record of " + payload + " payload bytes (at most " + maxPayload + ", "
                        + (available - FrameDescriptor.HEADER_BYTES) + " published)");
            }
            if (seq != expectedSeq) {
                throw broken("record number " + seq + ", expected " + expectedSeq);
            }
            if (from != sender) {
                throw broken("record says it comes from rank " + from);
            }
            if (assembling != null && kind != ShmRecordDescriptor.PIECE_KIND) {
                throw broken("record kind " + kind + " while " + (assembly.length - filled)
                        + " bytes of an eager message are missing");
            }
            long offset = FrameDescriptor.offsetAt(seg, at);
            switch (kind) {
                case Frame.DATA -> {
                    if (offset < 0) {
                        throw broken("data piece at message offset " + offset);
                    }
                    long recvId = FrameDescriptor.recvIdAt(seg, at);
                    expectedSeq++;
                    try {
                        sink.deliverData(recvId, offset, seg, at + FrameDescriptor.HEADER_BYTES, payload);
                    } finally {
                        ring.release(bytes);
                    }
                }
                case Frame.EAGER -> {
                    if (offset < payload || offset > Integer.MAX_VALUE - 64) {
                        throw broken("eager message of " + offset + " bytes with a first piece of " + payload);
                    }
                    // the kind is known: only the flags decide (FrameDescriptor.isSmall without its kind load)
                    if (FrameDescriptor.flagsAt(seg, at) == FrameDescriptor.SMALL_FLAG && offerSmall(sink, seg, at, payload, offset)) {
                        expectedSeq++;
                        ring.release(bytes);
                        delivered++;
                        budget -= bytes;
                        continue;
                    }
                    Frame f = decode(seg, at);
                    byte[] b = new byte[(int) offset];
                    MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, at + FrameDescriptor.HEADER_BYTES, b, 0, payload);
                    expectedSeq++;
                    ring.release(bytes);
                    f.bytes = b;
                    f.offset = 0;
                    if (payload == offset) {
                        sink.accept(f);
                    } else {
                        assembling = f;
                        assembly = b;
                        filled = payload;
                    }
                }
                case ShmRecordDescriptor.PIECE_KIND -> {
                    if (assembling == null) {
                        throw broken("eager piece without a message");
                    }
                    if (offset != filled || filled + payload > assembly.length) {
                        throw broken("eager piece [" + offset + ", " + (offset + payload) + ") after " + filled
                                + " of " + assembly.length + " bytes");
                    }
                    MemorySegment.copy(seg, ValueLayout.JAVA_BYTE, at + FrameDescriptor.HEADER_BYTES, assembly,
                            (int) filled, payload);
                    filled += payload;
                    expectedSeq++;
                    ring.release(bytes);
                    if (filled == assembly.length) {
                        Frame f = assembling;
                        assembling = null;
                        assembly = null;
                        sink.accept(f);
                    }
                }
                default -> {
                    if (payload != 0) {
                        throw broken("control record kind " + kind + " with " + payload + " payload bytes");
                    }
                    Frame f = decode(seg, at);
                    expectedSeq++;
                    ring.release(bytes);
                    sink.accept(f);
                }
            }
            delivered++;
            budget -= bytes;
        }
        return delivered;
    }

    /**
     * Offers a {@link FrameDescriptor#SMALL_FLAG} record to {@link FrameSink#tryDeliver} straight
     * from the ring; false when no posted receive took it (it then goes the frame way).
     */
    private boolean offerSmall(FrameSink sink, MemorySegment seg, long at, int payload, long total) {
        int count = FrameDescriptor.countAt(seg, at);
        String problem = FrameDescriptor.smallShapeProblem(count, payload);
        if (total != payload || problem != null) {
            throw broken("small record of " + count + " elements in " + payload + " bytes (message of " + total + ")");
        }
        int context = FrameDescriptor.contextAt(seg, at);
        int source = FrameDescriptor.sourceAt(seg, at);
        int tag = FrameDescriptor.tagAt(seg, at);
        int typeCode = FrameDescriptor.typeCodeAt(seg, at);
        return sink.tryDeliver(context, source, tag, typeCode, count, seg, at + FrameDescriptor.HEADER_BYTES, payload);
    }

    private Frame decode(MemorySegment seg, long at) {
        Frame f;
        try {
            f = FrameDescriptor.decodeHeader(seg, at);
        } catch (IllegalArgumentException e) {
            throw broken(e.getMessage());
        }
        f.sender = sender;
        return f;
    }

    private RingCorruptedException broken(String problem) {
        return new RingCorruptedException("shm: ring from rank " + sender + " to rank " + self + " is corrupt at byte "
                + ring.position() + ": " + problem);
    }
}
