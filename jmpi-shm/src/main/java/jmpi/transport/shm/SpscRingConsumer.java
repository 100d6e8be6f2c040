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
    /** Idle calls between two reads of {@code tail} that no stamp asked for (a power of two). */
    static final int TAIL_CHECK_EVERY = 64;

    private long head;
    private long cachedTail;
    private int idleChecks;

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
     * As {@link #available()}, but when caught up with the cached {@code tail} it looks for the next
     * record by its seq field (acquire load) instead of reading {@code tail}: if it holds
     * {@code expectedSeq} (>= 1) the record is complete (the producer stamps seq last, with release,
     * before it stores {@code tail}) and this returns the bytes to the end of the area. A consumer
     * waiting for the next record thus spins on the line the record arrives on only, instead of also
     * pulling the {@code tail} line the producer writes with every record (about 40 ns per message in
     * a two-process ping-pong on this machine kind), and takes a record without a miss on {@code tail}.
     * Padding carries the seq of the record after it (stamped after that record's), so it is found and
     * skipped the same way. The seq field of a place no record was written to yet holds an older number
     * or {@link ShmRecordDescriptor#NO_SEQ} (see {@link SpscRingProducer#publish(long, long)}; a fresh
     * ring is all zeros and numbers start at 1). Every {@link #TAIL_CHECK_EVERY}-th idle call reads
     * {@code tail} anyway, so records published without a matching stamp (a broken producer) are still
     * found, and reported. A record taken by its stamp is checked against the end of the area only,
     * not against {@code tail} (the consumer may be ahead of {@code tail} by that record and its
     * padding, and tolerates that).
     */
    long available(long expectedSeq) {
        for (;;) {
            if (cachedTail - head <= 0) {
                if (expectedSeq > 0) {
                    long idx = head & mask;
                    long at = data + idx;
                    if (stamped(expectedSeq)) {
                        if (segment.get(ValueLayout.JAVA_BYTE, at + FrameDescriptor.KIND) != RingDescriptor.PAD_KIND) {
                            return capacity - idx;
                        }
                        skipPadding(at, capacity - idx, capacity - idx);
                        continue;
                    }
                    if (!tailCheckDue()) {
                        return 0;
                    }
                }
                cachedTail = (long) COUNTER.getAcquire(segment, tailAt);
                long used = cachedTail - head;
                if (used < 0 && used >= -(capacity / 2)) {
                    // this consumer took a record (and the padding before it) by its stamp before the
                    // producer stored tail: ahead of tail by at most a quarter ring and a padding
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
            skipPadding(at, toEnd, published);
        }
    }

    /** Checks the padding record at {@code at} ({@code toEnd} bytes to the end, {@code published} of them published) and skips it. */
    private void skipPadding(long at, long toEnd, long published) {
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

    /** Offset in {@link #segment()} of the next record (valid after {@link #available()} returned > 0). */
    long recordAt() {
        return data + (head & mask);
    }

    /** Gives the next record's {@code bytes} (aligned size) back to the producer. */
    void release(long bytes) {
        head += bytes;
        COUNTER.setRelease(segment, headAt, head);
    }

    /**
     * A hint for the owner's threads: the record {@code expectedSeq} (>= 1) is stamped at {@code head}; or
     * {@code tail} says something is published, read always when {@code now} (a thread about to sleep), else
     * only every {@link #TAIL_CHECK_EVERY}-th call without the stamp, so that a spinning wait reads only the
     * record's line while the ring stays empty (see {@link #available(long)}).
     */
    boolean hasPublished(long expectedSeq, boolean now) {
        return stamped(expectedSeq) || (now || tailCheckDue()) && (long) COUNTER.getAcquire(segment, tailAt) - head > 0;
    }

    /** The seq field at {@code head} holds {@code expectedSeq} (acquire load; the record's stamp). */
    private boolean stamped(long expectedSeq) {
        return (long) ShmRecordDescriptor.SEQ_HANDLE.getAcquire(segment, data + (head & mask) + FrameDescriptor.SEQ)
                == expectedSeq;
    }

    /** True on the first idle check and every {@link #TAIL_CHECK_EVERY}-th after it (a racy counter: a hint). */
    private boolean tailCheckDue() {
        return (idleChecks++ & (TAIL_CHECK_EVERY - 1)) == 0;
    }
}
