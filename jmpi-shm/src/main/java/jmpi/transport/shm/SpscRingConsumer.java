package jmpi.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import jmpi.spi.FrameDescriptor;

/**
 * The consuming end of a {@link RingDescriptor} ring, held by the ring's owner: finds the next
 * record (skipping padding), and releases it once copied out.
 *
 * <p>Concurrency: one thread at a time (the owner's poll, serialized by its engine). {@code tail} is
 * read with acquire, pairing with the producer's release store after it wrote the record; the
 * {@link #release} store of {@code head} is a release, pairing with the producer's acquire load
 * before it reuses the space. {@link #hasPublished} may be called by any thread of the owner (a
 * hint: it reads this object's {@code head} without synchronization).
 *
 * <p>The producer is another process and may be broken: every counter and padding record read from
 * shared memory is checked, and a violation throws {@link IllegalStateException} naming the problem.
 */
final class SpscRingConsumer {
    private static final VarHandle COUNTER = ValueLayout.JAVA_LONG.varHandle();

    private final MemorySegment segment;
    private final long tailAt;
    private final long headAt;
    private final long data;
    private final long capacity;
    private final long mask;
    private long head;
    private long cachedTail;

    SpscRingConsumer(MemorySegment segment, long control, long data, long capacity) {
        RingDescriptor.requireValidCapacity(capacity);
        this.segment = segment;
        this.tailAt = control + RingDescriptor.TAIL;
        this.headAt = control + RingDescriptor.HEAD;
        this.data = data;
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.head = (long) COUNTER.getAcquire(segment, headAt);
        this.cachedTail = head;
    }

    long capacity() {
        return capacity;
    }

    MemorySegment segment() {
        return segment;
    }

    /** Byte position of the next record (for error messages). */
    long position() {
        return head;
    }

    /**
     * Bytes published from the next record on, up to the end of the data area (0 when nothing is);
     * skips padding records. The next record starts at {@link #recordAt()}.
     *
     * @throws IllegalStateException when the producer's counters or padding are impossible
     */
    long available() {
        return available(-1);
    }

    /**
     * As {@link #available()}, but first, when caught up with the cached {@code tail}, looks for the
     * next record by its seq field (acquire load): if it holds {@code expectedSeq} (>= 1) the record is
     * complete (the producer stamps seq last, with release) and this returns the bytes to the end of
     * the area without reading {@code tail}. That saves the consumer a cache miss on the {@code tail}
     * line per record. The seq field of a place no record was written to yet holds an older number or
     * {@link ShmRecordDescriptor#NO_SEQ} (see {@link SpscRingProducer#publish(long, long)}); record 0 is
     * always found through {@code tail} (a fresh ring is all zeros).
     */
    long available(long expectedSeq) {
        for (;;) {
            if (cachedTail - head <= 0) {
                if (expectedSeq > 0) {
                    long idx = head & mask;
                    if ((long) ShmRecordDescriptor.SEQ_HANDLE.getAcquire(segment, data + idx + FrameDescriptor.SEQ)
                            == expectedSeq) {
                        return capacity - idx;
                    }
                }
                cachedTail = (long) COUNTER.getAcquire(segment, tailAt);
                long used = cachedTail - head;
                if (used < 0 && used >= -(capacity / 4)) {
                    // the producer stamps a record's seq before it stores tail: this consumer took that
                    // record by its seq (available(long)) and is ahead of tail by at most that record
                    cachedTail = head;
                    return 0;
                }
                if (used < 0 || used > capacity || (used & (RingDescriptor.RECORD_ALIGN - 1)) != 0) {
                    throw new IllegalStateException("ring tail " + cachedTail + " impossible with head " + head
                            + " and capacity " + capacity);
                }
                if (used == 0) {
                    return 0;
                }
            }
            long idx = head & mask;
            long toEnd = capacity - idx;
            long published = Math.min(cachedTail - head, toEnd);
            long at = data + idx;
            if (segment.get(ValueLayout.JAVA_BYTE, at + FrameDescriptor.KIND) != RingDescriptor.PAD_KIND) {
                return published;
            }
            short version = segment.get(ShmRecordDescriptor.SHORT, at + FrameDescriptor.VERSION_AT);
            int padPayload = segment.get(ShmRecordDescriptor.INT, at + FrameDescriptor.PAYLOAD_BYTES);
            if (version != FrameDescriptor.VERSION || padPayload != toEnd - FrameDescriptor.HEADER_BYTES
                    || published != toEnd) {
                throw new IllegalStateException("bad padding record at position " + head + " (version " + version
                        + ", " + padPayload + " payload bytes, " + toEnd + " bytes to the end of the ring, "
                        + published + " published)");
            }
            head += toEnd; // released with the next record
        }
    }

    /** Offset in {@link #segment()} of the next record (valid after {@link #available()} returned > 0). */
    long recordAt() {
        return data + (head & mask);
    }

    /** Gives the next record's {@code bytes} (aligned size) back to the producer. */
    void release(long bytes) {
        head += bytes;
        COUNTER.setRelease(segment, headAt, head);
    }

    /** Whether anything is published beyond what this consumer took (a hint for other threads). */
    boolean hasPublished() {
        return (long) COUNTER.getAcquire(segment, tailAt) != head;
    }

    /** As {@link #hasPublished()}, looking first for the record {@code expectedSeq} (>= 1) by its seq field. */
    boolean hasPublished(long expectedSeq) {
        long h = head;
        return expectedSeq > 0 && (long) ShmRecordDescriptor.SEQ_HANDLE.getAcquire(segment,
                data + (h & mask) + FrameDescriptor.SEQ) == expectedSeq
                || (long) COUNTER.getAcquire(segment, tailAt) - h > 0;
    }
}
