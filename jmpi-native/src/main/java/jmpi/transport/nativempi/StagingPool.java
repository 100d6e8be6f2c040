package jmpi.transport.nativempi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Native memory for messages and request state, reused: blocks of power-of-two sizes (64 bytes and up),
 * one free list per size, holding at most {@code retainBytes} bytes of free blocks in all (a block given
 * back beyond that is dropped, and its memory freed by the garbage collector: blocks come from automatic
 * arenas). A message then costs no allocation once the pool has warmed up.
 *
 * <p>Threads: thread-safe; each size's free list is guarded by its own monitor (uncontended in the common
 * case; no allocation per call, unlike a linked queue's nodes).
 */
final class StagingPool {
    private static final int MIN_SHIFT = 6;
    private static final int CLASSES = 63 - MIN_SHIFT;

    @SuppressWarnings("unchecked")
    private final ArrayDeque<MemorySegment>[] free = new ArrayDeque[CLASSES];
    private final AtomicLong retained = new AtomicLong();
    private final long retainBytes;

    StagingPool(long retainBytes) {
        this.retainBytes = retainBytes;
        for (int i = 0; i < CLASSES; i++) {
            free[i] = new ArrayDeque<>();
        }
    }

    /** A block of at least {@code bytes} bytes (its whole size: slice it), 16-byte aligned, not zeroed. */
    MemorySegment allocate(long bytes) {
        int c = sizeClass(bytes);
        MemorySegment s;
        synchronized (free[c]) {
            s = free[c].pollLast();
        }
        if (s != null) {
            retained.addAndGet(-s.byteSize());
            return s;
        }
        return Arena.ofAuto().allocate(1L << (c + MIN_SHIFT), 16);
    }

    /** Gives back a block from {@link #allocate} (whole, not a slice). */
    void release(MemorySegment block) {
        long size = block.byteSize();
        if (Long.bitCount(size) != 1 || size < (1L << MIN_SHIFT)) {
            throw new IllegalArgumentException("not a block of this pool: " + size + " bytes");
        }
        if (retained.addAndGet(size) > retainBytes) {
            retained.addAndGet(-size); // over the limit: let the collector free it
            return;
        }
        ArrayDeque<MemorySegment> list = free[Long.numberOfTrailingZeros(size) - MIN_SHIFT];
        synchronized (list) {
            list.addLast(block); // (last in, first out: the warmest block goes next)
        }
    }

    /** Bytes of free blocks held now. */
    long retained() {
        return retained.get();
    }

    private static int sizeClass(long bytes) {
        if (bytes <= (1L << MIN_SHIFT)) {
            return 0;
        }
        return 64 - Long.numberOfLeadingZeros(bytes - 1) - MIN_SHIFT;
    }
}
