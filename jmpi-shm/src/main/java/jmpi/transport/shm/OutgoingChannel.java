package jmpi.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.function.Supplier;

import jmpi.spi.Frame;
import jmpi.spi.FrameDescriptor;
import jmpi.spi.SpinLock;

/**
 * This rank's sending side towards one peer: the producer end of the peer's inbound ring for this
 * rank, and a queue of frames that did not fit yet. Frames leave in the order they were sent; a
 * frame's records are written consecutively (nothing else to this peer in between), which is what
 * lets the receiver reassemble a split EAGER payload with one slot per sender.
 *
 * <p>Concurrency: every method except {@link #pending()} is called with {@link #lock} held. Senders
 * of any thread take it with {@code lock()} (a send never waits for the receiver, only for another
 * sender's copy into the ring); the owner's poll takes it with {@code tryLock()}. {@code pending} is
 * volatile so that poll can skip idle channels without the lock. Frames whose acks are due are
 * returned as a chain through {@link Frame#next} so that the caller runs the acks after unlocking
 * (an ack may complete a request and wake threads; it must not run under a transport lock).
 */
final class OutgoingChannel {
    final SpinLock lock = new SpinLock();
    private final int self;
    final int dest;
    private final Supplier<ShmFile> mapper;
    private final long pieceBytes;
    private final ArrayDeque<Frame> queue = new ArrayDeque<>();
    private SpscRingProducer ring;
    private ShmFile destFile;
    private long maxRecord;
    private long minRecord;
    /** Payload bytes of the queue's first frame already in the ring. */
    private long done;
    /** Whether the queue's first frame (EAGER) has its head record in the ring. */
    private boolean headWritten;
    /** Number of the next record (from 1; see {@link InboundChannel}). */
    private long seq = 1;
    private volatile boolean pending;

    /** @param pieceBytes largest record this channel writes (it also never exceeds a quarter ring) */
    OutgoingChannel(int self, int dest, long pieceBytes, Supplier<ShmFile> mapper) {
        this.self = self;
        this.pieceBytes = pieceBytes;
        this.dest = dest;
        this.mapper = mapper;
    }

    /** Frames wait in the queue (a hint without the lock). */
    boolean pending() {
        return pending;
    }

    /** Queues {@code f} behind earlier frames; caller then calls {@link #drain}. */
    void enqueue(Frame f) {
        queue.addLast(f);
        pending = true;
    }

    /**
     * Moves queued frames into the ring as far as space allows.
     *
     * @param moved out: {@code moved[0]} is increased by the records written
     * @return the chain (through {@link Frame#next}) of fully written frames that have an ack, or null
     */
    Frame drain(int[] moved) {
        if (ring == null) {
            mapRing();
        }
        Frame acks = null;
        Frame last = null;
        Frame f;
        while ((f = queue.peekFirst()) != null) {
            if (!write(f, moved)) {
                break;
            }
            queue.pollFirst();
            done = 0;
            headWritten = false;
            f.next = null;
            if (f.ack != null) {
                if (last == null) {
                    acks = f;
                } else {
                    last.next = f;
                }
                last = f;
            }
        }
        pending = !queue.isEmpty();
        return acks;
    }

    private void mapRing() {
        ShmFile file = mapper.get();
        ring = file.producer(self);
        destFile = file;
        maxRecord = Math.min(pieceBytes, ShmRecordDescriptor.maxPiece(ring.capacity()) + FrameDescriptor.HEADER_BYTES);
        minRecord = Math.min(maxRecord, ShmRecordDescriptor.minPiece(ring.capacity()) + FrameDescriptor.HEADER_BYTES);
    }

    /**
     * Writes a small EAGER message as one record straight from the caller's array ({@code count}
     * elements of {@code layout} from {@code offset}, {@code bytes} bytes in all), flagged
     * {@link FrameDescriptor#SMALL_FLAG} so that the receiver may copy it straight into a posted
     * receive. No frame, no private copy. False (nothing written) when frames wait in the queue (they
     * go first) or the record does not fit now.
     */
    boolean writeSmall(int context, int source, int tag, int typeCode, Object array, int offset, int count,
                       ValueLayout layout, int bytes) {
        if (!queue.isEmpty()) {
            return false;
        }
        if (ring == null) {
            mapRing();
        }
        long size = RingDescriptor.align(FrameDescriptor.HEADER_BYTES + (long) bytes);
        if (size > maxRecord || ring.claim(size, size) == 0) {
            return false;
        }
        long at = ring.claimedAt();
        MemorySegment seg = ring.segment();
        // offset: the message's total bytes, as every EAGER record's; seq: stamped last, by publish
        FrameDescriptor.encodeSmallHeader(seg, at, context, source, tag, typeCode, count, self, bytes, bytes,
                ShmRecordDescriptor.NO_SEQ);
        if (count > 0) {
            MemorySegment.copy(array, offset, seg, layout, at + FrameDescriptor.HEADER_BYTES, count);
        }
        ring.publish(size, seq++);
        return true;
    }

    /** Writes (the rest of) {@code f}; true when all of it is in the ring. */
    private boolean write(Frame f, int[] moved) {
        f.seq = ShmRecordDescriptor.NO_SEQ; // encodeHeader writes it; the record's number is stamped last, by publish
        if (f.kind != Frame.EAGER && f.kind != Frame.DATA) {
            if (ring.claim(FrameDescriptor.HEADER_BYTES, FrameDescriptor.HEADER_BYTES) == 0) {
                return false;
            }
            long at = ring.claimedAt();
            FrameDescriptor.encodeHeader(f, self, ring.segment(), at);
            ring.publish(FrameDescriptor.HEADER_BYTES, seq++);
            moved[0]++;
            return true;
        }
        long total = f.data == null ? 0 : f.data.byteSize();
        if (f.kind == Frame.EAGER && total > Integer.MAX_VALUE - 64) {
            throw new IllegalArgumentException("eager payload of " + total + " bytes to rank " + dest
                    + " exceeds a Java array");
        }
        MemorySegment seg = ring.segment();
        do {
            long remaining = total - done;
            long want = Math.min(maxRecord, RingDescriptor.align(FrameDescriptor.HEADER_BYTES + remaining));
            long least = Math.min(want, minRecord);
            long granted = ring.claim(RingDescriptor.align(least), want);
            if (granted == 0) {
                return false;
            }
            long piece = Math.min(remaining, granted - FrameDescriptor.HEADER_BYTES);
            long at = ring.claimedAt();
            if (f.kind == Frame.EAGER && headWritten) {
                seg.asSlice(at, FrameDescriptor.HEADER_BYTES).fill((byte) 0);
                seg.set(ValueLayout.JAVA_BYTE, at + FrameDescriptor.KIND, ShmRecordDescriptor.PIECE_KIND);
                seg.set(FrameDescriptor.SHORT, at + FrameDescriptor.VERSION_AT, FrameDescriptor.VERSION);
                seg.set(FrameDescriptor.INT, at + FrameDescriptor.SENDER, self);
                FrameDescriptor.setOffset(seg, at, done);
            } else {
                FrameDescriptor.encodeHeader(f, self, seg, at);
                FrameDescriptor.setOffset(seg, at, f.kind == Frame.EAGER ? total : f.offset + done);
                headWritten = true;
            }
            FrameDescriptor.setPayloadBytes(seg, at, (int) piece);
            FrameDescriptor.setSeq(seg, at, ShmRecordDescriptor.NO_SEQ);
            if (piece > 0) {
                // Element-wise: the 5-argument copy of fewer than 64 bytes is a Java loop C2 miscompiled
                // in ByteProtocol.data (JDK 25.0.3; see there).
                MemorySegment.copy(f.data, ValueLayout.JAVA_BYTE, done, seg, ValueLayout.JAVA_BYTE,
                        at + FrameDescriptor.HEADER_BYTES, piece);
            }
            ring.publish(RingDescriptor.align(FrameDescriptor.HEADER_BYTES + piece), seq++);
            done += piece;
            moved[0]++;
        } while (done < total);
        return true;
    }

    /** The destination's ring file (after the first {@link #drain}). */
    ShmFile destFile() {
        return destFile;
    }

    /** Whether the peer has consumed everything written so far (false before the first send). */
    boolean deliveredAll() {
        return !pending && (ring == null || ring.drained());
    }

    int queued() {
        return queue.size();
    }
}
