package jmpi.transport.shm;

/**
 * Layout of one single-producer single-consumer byte ring: a control block (its two counters) and
 * a data area of {@code capacity} bytes (a power of two), which live apart in the owner's file
 * (see {@link ShmFileDescriptor}).
 *
 * <pre>
 *  control block (CONTROL_BYTES = 256, 64-byte aligned):
 *  +0    long tail   bytes ever published; written by the producer (release), read by the consumer (acquire)
 *  +8 .. +128        unused (keeps tail and head 128 bytes apart: the adjacent-line prefetcher
 *                    of x86 cores pulls lines in pairs, so 64 bytes would still share traffic)
 *  +128  long head   bytes ever consumed; written by the consumer (release), read by the producer (acquire)
 *  +136 .. +256      unused
 *
 *  data area (capacity bytes): records at position p live at (p &amp; (capacity - 1)).
 *  Every record is a multiple of RECORD_ALIGN (64) bytes and starts on a 64-byte boundary:
 *  +0 .. +64   header (the FrameDescriptor encoding; see ShmRecordDescriptor)
 *  +64 ..      payload, padded up to the next multiple of 64
 *
 *  A record never wraps. When the next record does not fit before the end of the area, the producer
 *  fills the rest with one padding record and the real record starts at offset 0:
 *  pad: +0 byte kind = PAD_KIND, +2 short version = FrameDescriptor.VERSION,
 *       +52 int payloadBytes = (bytes to the end of the area) - 64, +56 long seq = the record after it's
 *       (SpscRingProducer#publish(long, long)); nothing else is read.
 * </pre>
 * Counters are 64-bit byte positions that only grow (no wrap in practice: 2^63 bytes); used bytes
 * are {@code tail - head}, free bytes {@code capacity - (tail - head)}.
 *
 * <p>Concurrency: constants only. The producer's release store of {@code tail} pairs with the
 * consumer's acquire load of it; the consumer's release store of {@code head} pairs with the
 * producer's acquire load of it ({@link SpscRingProducer}, {@link SpscRingConsumer}).
 */
final class RingDescriptor {
    static final long TAIL = 0;
    static final long HEAD = 128;
    static final long CONTROL_BYTES = 256;
    static final int RECORD_ALIGN = 64;
    /** Kind byte of a padding record (outside the range of {@link jmpi.spi.Frame} kinds). */
    static final byte PAD_KIND = 0x11;
    static final int MIN_CAPACITY = 64 * 1024;
    static final int MAX_CAPACITY = 1 << 30;

    private RingDescriptor() {
    }

    /** {@code bytes} rounded up to a multiple of {@link #RECORD_ALIGN}. */
    static long align(long bytes) {
        return (bytes + RECORD_ALIGN - 1) & -RECORD_ALIGN;
    }

    /** Whether {@code capacity} is a valid ring size (power of two within the limits). */
    static boolean validCapacity(long capacity) {
        return capacity >= MIN_CAPACITY && capacity <= MAX_CAPACITY && Long.bitCount(capacity) == 1;
    }

    /** Throws unless {@link #validCapacity} holds for {@code capacity}. */
    static void requireValidCapacity(long capacity) {
        if (!validCapacity(capacity)) {
            throw new IllegalArgumentException("ring capacity " + capacity + " is not a power of two in ["
                    + MIN_CAPACITY + ", " + MAX_CAPACITY + "]");
        }
    }
}
