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
    /** Bytes of data per chunk of a {@link #pipelined} copy: small, so that the receiver soon has work. */
    static final int PIPELINE_CHUNK_BYTES = 4 * 1024;
    /**
     * How long the receiver of a {@link #pipelined} job waits for the sender to claim the first chunk before it gathers
     * chunks itself (ns): a waiting sender notices the job within a turn of its wait loop, well under this; one that
     * does not wait (parked, or computing after an Isend) leaves the receiver all of the work this much later.
     */
    static final long SENDER_GRACE_NANOS = 2000;

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

    /**
     * A copy from a non-contiguous datatype, pipelined between the two threads so that each touches its own
     * strided array only: the sender gathers chunk after chunk into a contiguous staging array (from
     * {@link SendPacking}'s pool, returned when done), the receiver scatters each gathered chunk into its buffer
     * as soon as it is ready ({@link #runAsReceiver}), gathering chunks itself when the sender has not claimed
     * them (when it is not waiting). A strided element is a cache line or so: a direct copy moves every one of
     * them between the cores, the pipeline only the contiguous staging (one line per 64 bytes), and the two
     * halves of the work overlap. The caller has checked that {@link PackPlan#copyRange} accepts the whole range on
     * both sides.
     */
    static CopyJob pipelined(Object src, int srcOffset, int srcItems, PackPlan srcPlan, Object dst, int dstOffset,
                             int dstItems, PackPlan dstPlan, int elements, jmpi.datatype.BasicType type, int chunkBytes) {
        CopyJob job = new CopyJob(src, srcOffset, srcPlan, srcItems, dst, dstOffset, dstPlan, dstItems, elements,
                Math.max(1, chunkBytes / type.size()));
        job.staging = SendPacking.take(type, elements);
        job.stagingPlan = PackPlan.of(type);
        job.gathered = new java.util.concurrent.atomic.AtomicIntegerArray(job.chunks);
        return job;
    }

    /** Pipelined only: the staging array, its plan, and which chunks are in it (1). */
    private Object staging;
    private PackPlan stagingPlan;
    private java.util.concurrent.atomic.AtomicIntegerArray gathered;

    /**
     * The receiver's part, on the receiver's thread: for a pipelined job, every chunk scattered in order (gathered
     * by the sender, or by this thread when the sender has not claimed it yet); else {@link #work}. Returns when
     * every chunk this thread took is done; {@link #finished} tells when all are.
     */
    void runAsReceiver() {
        if (staging == null) {
            work();
            return;
        }
        long graceUntil = 0;
        for (int c = 0; c < chunks; c++) {
            while (gathered.get(c) == 0) {
                int g = next.get();
                if (g == 0 && graceUntil != Long.MIN_VALUE) {
                    // The sender has claimed nothing yet: give it a moment to notice the job (its wait loop looks
                    // between spins) before gathering from its array here, across the cores.
                    long now = System.nanoTime();
                    if (graceUntil == 0) {
                        graceUntil = now + SENDER_GRACE_NANOS;
                    }
                    if (now - graceUntil < 0) {
                        Thread.onSpinWait();
                        continue;
                    }
                    graceUntil = Long.MIN_VALUE;
                }
                if (g <= c && g < chunks && next.compareAndSet(g, g + 1)) {
                    gather(g);
                } else {
                    Thread.onSpinWait(); // the sender is gathering chunk c (a few microseconds at most)
                }
            }
            int from = c * chunkElements;
            PackPlan.copyRange(staging, 0, elements, stagingPlan, dst, dstOffset, dstItems, dstPlan, from,
                    Math.min(chunkElements, elements - from));
        }
        // every chunk was gathered before it was scattered: the sender no longer touches the staging array
        SendPacking.release(staging);
        remaining.set(0);
    }

    private void gather(int c) {
        int from = c * chunkElements;
        PackPlan.copyRange(src, srcOffset, srcItems, srcPlan, staging, 0, elements, stagingPlan, from,
                Math.min(chunkElements, elements - from));
        gathered.set(c, 1);
    }

    /** Chunks the job is split into. */
    int chunks() {
        return chunks;
    }

    /**
     * Copies chunks until none is left to claim (a pipelined job: gathers them). Any thread, any number of times;
     * the sender's part.
     */
    void work() {
        int c;
        if (staging != null) {
            while ((c = next.getAndIncrement()) < chunks) {
                gather(c);
            }
            return;
        }
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
