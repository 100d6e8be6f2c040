package jmpi.transport.nativempi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Native memory for messages and request state, reused: blocks of power-of-two sizes from 64 bytes to
 * 512 KiB, one free list per size, and large blocks in steps of 64 KiB from 1 MiB, kept by size, holding free blocks of at most {@code retainBytes} bytes in all, or of as many
 * bytes as were ever in use at once when that is more. A message then costs no allocation once the pool
 * has warmed up: a window of sends in flight finds, the next time round, the blocks the last one gave back
 * (a fixed limit below the window's size made every round allocate and fault in fresh memory: 4 MiB
 * messages in windows of 64 ran at a third of the speed). The pool so holds no more than the program's
 * largest burst needed, and nothing beyond {@code retainBytes} for a program without bursts.
 *
 * <p>Where memory comes from: blocks below {@link #LARGE} from automatic arenas (a block given back
 * beyond the limit is freed by the garbage collector: little memory); larger ones each from an arena of its
 * own, closed when the block is given back beyond the limit, so that native memory a large message used is
 * returned at once rather than when a collection happens to run (the Java heap may be idle for minutes while
 * gigabytes of native blocks wait for it).
 *
 * <p>Threads: thread-safe; each size's free list is guarded by its own monitor (uncontended in the common
 * case; no allocation per call, unlike a linked queue's nodes).
 */
final class StagingPool {
    private static final int MIN_SHIFT = 6;
    private static final int CLASSES = 20 - MIN_SHIFT;
    /**
     * Blocks of at least this many bytes are large: sized in steps of {@link #LARGE_STEP}, kept by size in one
     * sorted map, each from an arena of its own that is closed when the block is dropped.
     */
    static final long LARGE = 1 << 20;
    static final long LARGE_STEP = 64 << 10;

    @SuppressWarnings("unchecked")
    private final ArrayDeque<MemorySegment>[] free = new ArrayDeque[CLASSES];
    private final AtomicLong retained = new AtomicLong();
    private final AtomicLong inUse = new AtomicLong();
    private final AtomicLong peakInUse = new AtomicLong();
    private final long retainBytes;
    /** Free large blocks by size. */
    private final java.util.TreeMap<Long, ArrayDeque<MemorySegment>> large = new java.util.TreeMap<>();
    /** The arena of each large block (by address), to free it when it is dropped. */
    private final ConcurrentHashMap<Long, Arena> ownArenas = new ConcurrentHashMap<>();

    StagingPool(long retainBytes) {
        this.retainBytes = retainBytes;
        for (int i = 0; i < CLASSES; i++) {
            free[i] = new ArrayDeque<>();
        }
    }

    /** A block of at least {@code bytes} bytes (its whole size: slice it), 16-byte aligned, not zeroed. */
    MemorySegment allocate(long bytes) {
        long size = blockSize(bytes);
        MemorySegment s;
        if (size < LARGE) {
            ArrayDeque<MemorySegment> list = free[Long.numberOfTrailingZeros(size) - MIN_SHIFT];
            synchronized (list) {
                s = list.pollLast();
            }
        } else {
            synchronized (large) {
                // the block of this size, else a larger one wasting at most an eighth of it
                var e = large.ceilingEntry(size);
                s = e == null || e.getKey() > size + size / 8 ? null : e.getValue().pollLast();
                if (e != null && e.getValue().isEmpty()) {
                    large.remove(e.getKey());
                }
            }
        }
        long taken = s == null ? size : s.byteSize();
        long using = inUse.addAndGet(taken);
        if (using > peakInUse.get()) {
            peakInUse.accumulateAndGet(using, Math::max);
        }
        if (s != null) {
            retained.addAndGet(-taken);
            return s;
        }
        if (size < LARGE) {
            return Arena.ofAuto().allocate(size, 16);
        }
        Arena arena = Arena.ofShared();
        MemorySegment block = arena.allocate(size, 16);
        ownArenas.put(block.address(), arena);
        return block;
    }

    /** Gives back a block from {@link #allocate} (whole, not a slice). */
    void release(MemorySegment block) {
        long size = block.byteSize();
        boolean isLarge = size >= LARGE;
        if (isLarge ? size % LARGE_STEP != 0 || !ownArenas.containsKey(block.address())
                : Long.bitCount(size) != 1 || size < (1L << MIN_SHIFT)) {
            throw new IllegalArgumentException("not a block of this pool: " + size + " bytes at 0x"
                    + Long.toHexString(block.address()));
        }
        inUse.addAndGet(-size);
        long limit = Math.max(retainBytes, peakInUse.get());
        if (isLarge) {
            synchronized (large) {
                // free large blocks of other sizes (a past phase's) before this one: the current sizes stay
                while (retained.get() + size > limit && evictOtherThan(size)) {
                    // evicted one
                }
                if (retained.addAndGet(size) <= limit) {
                    large.computeIfAbsent(size, k -> new ArrayDeque<>()).addLast(block);
                    return;
                }
                retained.addAndGet(-size);
            }
            ownArenas.remove(block.address()).close(); // over the limit: free it now
            return;
        }
        if (retained.addAndGet(size) > limit) {
            retained.addAndGet(-size); // over the limit: the collector frees it
            return;
        }
        ArrayDeque<MemorySegment> list = free[Long.numberOfTrailingZeros(size) - MIN_SHIFT];
        synchronized (list) {
            list.addLast(block); // (last in, first out: the warmest block goes next)
        }
    }

    /** Frees the oldest free large block of a size other than {@code size}; false when there is none. Holds large. */
    private boolean evictOtherThan(long size) {
        for (var e : large.entrySet()) {
            if (e.getKey() != size) {
                MemorySegment victim = e.getValue().pollFirst();
                if (e.getValue().isEmpty()) {
                    large.remove(e.getKey());
                }
                retained.addAndGet(-victim.byteSize());
                ownArenas.remove(victim.address()).close();
                return true;
            }
        }
        return false;
    }

    /** Bytes of free blocks held now. */
    long retained() {
        return retained.get();
    }

    /** The most bytes of blocks that were in use at once. */
    long peakInUse() {
        return peakInUse.get();
    }

    /** Large blocks (own arenas) in use or held now. */
    int largeBlocks() {
        return ownArenas.size();
    }

    /**
     * The size of the block for {@code bytes}: the next power of two from 64 bytes below {@link #LARGE}, the next
     * multiple of {@link #LARGE_STEP} from there (a message of 4 MiB and a 32-byte header must not take 8 MiB).
     */
    static long blockSize(long bytes) {
        if (bytes <= (1L << MIN_SHIFT)) {
            return 1L << MIN_SHIFT;
        }
        if (bytes > LARGE / 2) {
            return Math.max(LARGE, (bytes + LARGE_STEP - 1) / LARGE_STEP * LARGE_STEP);
        }
        return 1L << (64 - Long.numberOfLeadingZeros(bytes - 1));
    }
}
