package jmpi.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import jmpi.spi.FrameDescriptor;

/**
 * The producing end of a {@link RingDescriptor} ring, held by the sending rank: claims space for a
 * record, lets the caller write it, then publishes it.
 *
 * <p>Concurrency: one thread at a time (the sender's per-peer lock, {@link OutgoingChannel}). The
 * record's bytes are written with plain stores, then {@link #publish} stores {@code tail} with
 * release semantics; the consumer's acquire load of {@code tail} pairs with it, so it sees the
 * bytes. {@code head} is read with acquire (only when the cached copy says the ring is too full), and
 * pairs with the consumer's release store after it copied a record out: the producer never
 * overwrites bytes still being read.
 */
final class SpscRingProducer {
    private static final VarHandle COUNTER = ValueLayout.JAVA_LONG.varHandle();

    private final MemorySegment segment;
    private final long tailAt;
    private final long headAt;
    private final long data;
    private final long capacity;
    private final long mask;
    private long tail;
    private long cachedHead;
    private long claimedAt = -1;
    /** Offset of the padding the last {@link #claim} wrote before its record (-1: none), stamped by {@link #publish(long, long)}. */
    private long padAt = -1;

    /**
     * @param control offset of the ring's control block in {@code segment}
     * @param data    offset of its data area
     */
    SpscRingProducer(MemorySegment segment, long control, long data, long capacity) {
        RingDescriptor.requireValidCapacity(capacity);
        this.segment = segment;
        this.tailAt = control + RingDescriptor.TAIL;
        this.headAt = control + RingDescriptor.HEAD;
        this.data = data;
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.tail = (long) COUNTER.getAcquire(segment, tailAt);
        this.cachedHead = (long) COUNTER.getAcquire(segment, headAt);
    }

    long capacity() {
        return capacity;
    }

    MemorySegment segment() {
        return segment;
    }

    /**
     * Claims contiguous space for one record of at least {@code minBytes} and at most
     * {@code maxBytes} (multiples of 64, {@code maxBytes <= capacity}). Returns the granted size (a
     * multiple of 64; 0 when the ring is too full now) and the record's offset in {@link #claimedAt}.
     * When the record cannot start before the end of the area, a padding record fills the rest and
     * the record starts at the area's beginning (the padding is published with the record).
     */
    long claim(long minBytes, long maxBytes) {
        long idx = tail & mask;
        long toEnd = capacity - idx;
        long pad = toEnd < minBytes ? toEnd : 0;
        long free = capacity - (tail - cachedHead);
        if (free < pad + maxBytes) {
            cachedHead = (long) COUNTER.getAcquire(segment, headAt);
            free = capacity - (tail - cachedHead);
        }
        if (pad == 0) {
            long granted = Math.min(Math.min(maxBytes, toEnd), free);
            if (granted < minBytes) {
                return 0;
            }
            claimedAt = data + idx;
            return granted;
        }
        long granted = Math.min(maxBytes, free - pad);
        if (granted < minBytes) {
            return 0;
        }
        long at = data + idx;
        segment.set(ValueLayout.JAVA_BYTE, at + FrameDescriptor.KIND, RingDescriptor.PAD_KIND);
        segment.set(ShmRecordDescriptor.SHORT, at + FrameDescriptor.VERSION_AT, FrameDescriptor.VERSION);
        segment.set(ShmRecordDescriptor.INT, at + FrameDescriptor.PAYLOAD_BYTES, (int) (pad - FrameDescriptor.HEADER_BYTES));
        segment.set(ShmRecordDescriptor.LONG, at + FrameDescriptor.SEQ, ShmRecordDescriptor.NO_SEQ);
        tail += pad;
        padAt = at;
        claimedAt = data;
        return granted;
    }

    /** Offset in {@link #segment()} of the record granted by the last {@link #claim}. */
    long claimedAt() {
        return claimedAt;
    }

    /** Publishes the claimed record (and any padding before it): {@code bytes} is its aligned size. */
    void publish(long bytes) {
        padAt = -1;
        tail += bytes;
        COUNTER.setRelease(segment, tailAt, tail);
    }

    /**
     * Publishes the claimed record of {@code bytes} (aligned size) whose header is complete but for
     * its {@code seq} field: first stamps {@link ShmRecordDescriptor#NO_SEQ} on the seq field of the
     * next record's place if that place is free (so that stale bytes there never pass for the next
     * record), then stores {@code seq} with release, then, if {@link #claim} padded the area's end
     * before this record, stamps the padding with the same {@code seq} (release: a consumer that finds
     * the padding by its stamp then finds this record stamped too), then stores {@code tail} with
     * release. The consumer looks for records by these stamps ({@link SpscRingConsumer#available(long)}).
     */
    void publish(long bytes, long seq) {
        long at = claimedAt;
        tail += bytes;
        long next = tail & mask;
        if (next != 0 && tail - cachedHead < capacity) {
            segment.set(ShmRecordDescriptor.LONG, data + next + FrameDescriptor.SEQ, ShmRecordDescriptor.NO_SEQ);
        }
        ShmRecordDescriptor.SEQ_HANDLE.setRelease(segment, at + FrameDescriptor.SEQ, seq);
        if (padAt >= 0) {
            ShmRecordDescriptor.SEQ_HANDLE.setRelease(segment, padAt + FrameDescriptor.SEQ, seq);
            padAt = -1;
        }
        COUNTER.setRelease(segment, tailAt, tail);
    }

    /** Whether the consumer has taken everything published (reads {@code head} with acquire). */
    boolean drained() {
        return (long) COUNTER.getAcquire(segment, headAt) == tail;
    }
}
