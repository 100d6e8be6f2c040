package jmpi.transport.shm;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import jmpi.spi.Frame;
import jmpi.spi.FrameDescriptor;

/**
 * One {@link SpscRingProducer}/{@link SpscRingConsumer} pair on a fresh ring of the smallest
 * capacity, with records written and checked the way {@link OutgoingChannel} and
 * {@link InboundChannel} do: a header (kind, version, sender, payload length), a payload whose
 * bytes are a function of the record's number, and the number stamped last by
 * {@link SpscRingProducer#publish(long, long)}. The jcstress tests of this package share it.
 *
 * <p>Concurrency: {@link #write} by one thread (the producer), {@link #read} by one other (the
 * consumer), as in the transport; the constructor before either starts.
 */
final class SpscRingRig {
    static final int CAPACITY = RingDescriptor.MIN_CAPACITY;

    final SpscRingProducer producer;
    final SpscRingConsumer consumer;
    private final MemorySegment seg;
    /** Next record number the producer writes and the consumer expects (from 1, as the transport numbers them). */
    private long writeSeq = 1;
    private long readSeq = 1;

    /**
     * A ring whose producer and consumer both stand at byte position {@code start} (set in the
     * control block before either end is made, as if {@code start} bytes had passed through).
     */
    SpscRingRig(long start) {
        // on the heap (a long[], so 8-aligned for the counters' atomic accesses): jcstress makes many
        // rigs at once, more than the direct-memory limit allows for native ones
        seg = MemorySegment.ofArray(new long[(int) ((RingDescriptor.CONTROL_BYTES + CAPACITY) / Long.BYTES)]);
        seg.set(ValueLayout.JAVA_LONG, RingDescriptor.TAIL, start);
        seg.set(ValueLayout.JAVA_LONG, RingDescriptor.HEAD, start);
        producer = new SpscRingProducer(seg, 0, RingDescriptor.CONTROL_BYTES, CAPACITY);
        consumer = new SpscRingConsumer(seg, 0, RingDescriptor.CONTROL_BYTES, CAPACITY);
    }

    /** Record size (aligned) of a record with {@code payload} bytes. */
    static long size(int payload) {
        return RingDescriptor.align(FrameDescriptor.HEADER_BYTES + (long) payload);
    }

    /** Payload byte {@code i} of record {@code seq}. */
    static byte pattern(long seq, int i) {
        return (byte) (seq * 31 + i * 7 + 1);
    }

    /** Writes the next record with {@code payload} bytes; false when it does not fit now. */
    boolean write(int payload) {
        long size = size(payload);
        if (producer.claim(size, size) == 0) {
            return false;
        }
        long at = producer.claimedAt();
        MemorySegment s = producer.segment();
        s.set(ValueLayout.JAVA_BYTE, at + FrameDescriptor.KIND, Frame.EAGER);
        s.set(FrameDescriptor.SHORT, at + FrameDescriptor.VERSION_AT, FrameDescriptor.VERSION);
        s.set(FrameDescriptor.INT, at + FrameDescriptor.SENDER, 1);
        FrameDescriptor.setPayloadBytes(s, at, payload);
        for (int i = 0; i < payload; i++) {
            s.set(ValueLayout.JAVA_BYTE, at + FrameDescriptor.HEADER_BYTES + i, pattern(writeSeq, i));
        }
        producer.publish(size, writeSeq++);
        return true;
    }

    /**
     * Reads the next record if one is published: 1 when it was whole and the expected one (released),
     * 0 when none is published, -1 when what was published is wrong (not released).
     */
    int read() {
        long available;
        try {
            available = consumer.available(readSeq);
        } catch (IllegalStateException e) {
            return -1;
        }
        if (available == 0) {
            return 0;
        }
        long at = consumer.recordAt();
        MemorySegment s = consumer.segment();
        int payload = FrameDescriptor.payloadBytesAt(s, at);
        if (FrameDescriptor.seqAt(s, at) != readSeq || FrameDescriptor.kindAt(s, at) != Frame.EAGER
                || FrameDescriptor.versionAt(s, at) != FrameDescriptor.VERSION || FrameDescriptor.senderAt(s, at) != 1
                || payload < 0 || size(payload) > available) {
            return -1;
        }
        for (int i = 0; i < payload; i++) {
            if (s.get(ValueLayout.JAVA_BYTE, at + FrameDescriptor.HEADER_BYTES + i) != pattern(readSeq, i)) {
                return -1;
            }
        }
        consumer.release(size(payload));
        readSeq++;
        return 1;
    }

    /** Records the consumer has taken. */
    long consumed() {
        return readSeq;
    }
}
