package jmpi.core;

import java.util.concurrent.atomic.AtomicInteger;

import jmpi.datatype.PackPlan;

/**
 * A large rendezvous copy split into chunks that several threads take in turn: the receiver always,
 * and the sender too when it is waiting for that very send (two cores copy about 1.6 times as fast
 * as one on this kind of machine). Chunks are claimed with one atomic increment each; the copy is
 * finished when every claimed chunk has been copied.
 *
 * <p>Two kinds: contiguous elements ({@link #CopyJob(Object, int, Object, int, int, int)}, one
 * {@code System.arraycopy} per chunk), and a message through the datatypes of both sides
 * ({@link #throughPlans}: {@link PackPlan#copyRange} per chunk of stream elements; the caller checks both
 * buffers, the range and the base types first, so that a chunk cannot fail on the helping sender's thread).
 *
 * <p>Memory: each chunk's copy happens-before the {@code remaining} decrement that counts it, and the
 * receiver reads {@code remaining == 0} before completing either request, so both sides see the whole
 * buffer written.
 */
final class CopyJob {
    /** Bytes per chunk: large enough to amortize the claim, small enough that both threads get work. */
    static final int CHUNK_BYTES = 128 * 1024;
    /**
     * Bytes per chunk of a copy through datatypes with short blocks, which costs several times as much per byte
     * as a bulk copy (an element or a few per cache line): smaller chunks pay off, and from smaller messages on.
     */
    static final int PLAN_CHUNK_BYTES = 16 * 1024;

    private final Object src;
    private final int srcOffset;
    private final Object dst;
    private final int dstOffset;
    /** Through datatypes: the items and plans of both sides; null plans for a contiguous copy. */
    private final PackPlan srcPlan;
    private final int srcItems;
    private final PackPlan dstPlan;
    private final int dstItems;
    private final int elements;
    private final int chunkElements;
    private final int chunks;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger remaining;

    CopyJob(Object src, int srcOffset, Object dst, int dstOffset, int elements, int elementSize) {
        this(src, srcOffset, null, 0, dst, dstOffset, null, 0, elements, Math.max(1, CHUNK_BYTES / elementSize));
    }

    private CopyJob(Object src, int srcOffset, PackPlan srcPlan, int srcItems, Object dst, int dstOffset,
                    PackPlan dstPlan, int dstItems, int elements, int chunkElements) {
        this.src = src;
        this.srcOffset = srcOffset;
        this.srcPlan = srcPlan;
        this.srcItems = srcItems;
        this.dst = dst;
        this.dstOffset = dstOffset;
        this.dstPlan = dstPlan;
        this.dstItems = dstItems;
        this.elements = elements;
        this.chunkElements = chunkElements;
        this.chunks = (int) (((long) elements + chunkElements - 1) / chunkElements);
        this.remaining = new AtomicInteger(chunks);
    }

    /**
     * The first {@code elements} stream elements of a message of {@code srcItems} items of {@code srcPlan} in
     * {@code src}, copied into the receive buffer of {@code dstItems} items of {@code dstPlan} in {@code dst}
     * ({@link PackPlan#copyRange}), in chunks of {@code chunkBytes} of data. The caller has checked that
     * {@link PackPlan#copyRange} accepts the whole range.
     */
    static CopyJob throughPlans(Object src, int srcOffset, int srcItems, PackPlan srcPlan, Object dst, int dstOffset,
                                int dstItems, PackPlan dstPlan, int elements, int elementSize, int chunkBytes) {
        return new CopyJob(src, srcOffset, srcPlan, srcItems, dst, dstOffset, dstPlan, dstItems, elements,
                Math.max(1, chunkBytes / elementSize));
    }

    /** Chunks the job is split into. */
    int chunks() {
        return chunks;
    }

    /** Copies chunks until none is left to claim. Any thread, any number of times. */
    void work() {
        int c;
        while ((c = next.getAndIncrement()) < chunks) {
            int from = c * chunkElements;
            int n = Math.min(chunkElements, elements - from);
            if (srcPlan == null) {
                System.arraycopy(src, srcOffset + from, dst, dstOffset + from, n);
            } else {
                PackPlan.copyRange(src, srcOffset, srcItems, srcPlan, dst, dstOffset, dstItems, dstPlan, from, n);
            }
            remaining.decrementAndGet();
        }
    }

    /** True once every chunk has been copied (not merely claimed). */
    boolean finished() {
        return remaining.get() == 0;
    }
}
