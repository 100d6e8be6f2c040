package jmpi.transport.nativempi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The native memory pool without a library: size classes, reuse, the retention limit and freeing large blocks. */
class StagingPoolTest {
    @Test
    void blocksAreTheNextPowerOfTwoFrom64BytesThenSteppedBy64KiB() {
        StagingPool pool = new StagingPool(1 << 20);
        long[][] cases = {{0, 64}, {1, 64}, {64, 64}, {65, 128}, {4096, 4096}, {4097, 8192}, {65568, 131072},
                {512 << 10, 512 << 10}, {(512 << 10) + 1, 1 << 20}, {1 << 20, 1 << 20},
                {(1 << 20) + 32, (1 << 20) + (64 << 10)}, {(4 << 20) + 32, (4 << 20) + (64 << 10)}};
        for (long[] c : cases) {
            MemorySegment s = pool.allocate(c[0]);
            assertEquals(c[1], s.byteSize(), "a block for " + c[0] + " bytes");
            assertEquals(0, s.address() % 16, "16-byte aligned");
            s.fill((byte) 1); // every byte of it is usable
            pool.release(s);
        }
    }

    @Test
    void aGivenBackBlockIsTheNextOneOfItsSize() {
        StagingPool pool = new StagingPool(1 << 20);
        MemorySegment a = pool.allocate(1000);
        MemorySegment b = pool.allocate(1000);
        pool.release(a);
        pool.release(b);
        assertEquals(2048, pool.retained());
        assertSame(b, pool.allocate(1000), "last in, first out");
        assertSame(a, pool.allocate(900));
        assertEquals(0, pool.retained());
    }

    @Test
    void aWindowOfLargeBlocksIsKeptWholeForTheNextWindow() {
        long block = 2L << 20;
        StagingPool pool = new StagingPool(3 * block); // a limit below the window of 5
        List<MemorySegment> window = new ArrayList<>();
        for (int round = 0; round < 3; round++) {
            List<MemorySegment> next = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                next.add(pool.allocate(block - 100));
            }
            if (round > 0) {
                assertTrue(next.containsAll(window) && window.containsAll(next), "round " + round + " reuses all 5");
            }
            window = next;
            window.forEach(pool::release);
            assertEquals(5 * block, pool.retained(), "the largest burst is kept");
            assertEquals(5 * block, pool.peakInUse());
        }
        assertEquals(5, pool.largeBlocks());
    }

    @Test
    void largeBlocksBeyondTheLimitAndThePeakAreFreedAtOnce() {
        long block = 2L << 20;
        StagingPool pool = new StagingPool(3 * block);
        List<MemorySegment> window = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            window.add(pool.allocate(block));
        }
        window.forEach(pool::release); // 5 kept: the peak
        List<MemorySegment> blocks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            blocks.add(pool.allocate(block));
        }
        MemorySegment extra = pool.allocate(4 * block); // now the peak is 5 * 2 MiB + 8 MiB
        pool.release(extra);
        blocks.forEach(pool::release);
        assertEquals(9 * block, pool.retained());
        // a smaller burst after a larger one: nothing beyond the peak is kept
        StagingPool small = new StagingPool(block);
        MemorySegment a = small.allocate(block);
        MemorySegment b = small.allocate(block);
        small.release(a);
        small.release(b);
        MemorySegment c = small.allocate(block);
        MemorySegment d = small.allocate(block);
        MemorySegment e = small.allocate(block); // a third, fresh: the peak is now 3 blocks
        small.release(c);
        small.release(d);
        small.release(e);
        assertEquals(3 * block, small.retained());
        assertEquals(3, small.largeBlocks());
        MemorySegment over = small.allocate(4 * block); // the peak becomes 4 blocks (the 3 free stay free)
        small.release(over); // 3 + 4 blocks free > the peak, 4: the past size's 3 are freed, the current one kept
        assertTrue(over.scope().isAlive(), "kept");
        assertFalse(c.scope().isAlive() || d.scope().isAlive() || e.scope().isAlive(), "freed");
        assertEquals(4 * block, small.retained());
        assertEquals(1, small.largeBlocks());
        MemorySegment again = small.allocate(4 * block);
        MemorySegment more = small.allocate(2 * block); // in use: 6 blocks, the new peak
        small.release(more);
        small.release(again);
        assertEquals(6 * block, small.retained(), "both kept: the peak");
    }

    @Test
    void aPastPhasesLargeBlocksMakeRoomForTheCurrentOnes() {
        long mib = 1 << 20;
        StagingPool pool = new StagingPool(0); // only the peak is kept
        List<MemorySegment> phase1 = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            phase1.add(pool.allocate(2 * mib));
        }
        phase1.forEach(pool::release); // 8 MiB kept
        List<MemorySegment> phase2 = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            phase2.add(pool.allocate(4 * mib)); // no 4 MiB block free: fresh ones; the peak stays 8 MiB
        }
        phase2.forEach(pool::release);
        assertEquals(8 * mib, pool.retained());
        assertEquals(2, pool.largeBlocks(), "the 2 MiB blocks were freed for the 4 MiB ones");
        assertTrue(phase2.stream().allMatch(b -> b.scope().isAlive()));
        assertTrue(phase1.stream().noneMatch(b -> b.scope().isAlive()));
    }

    @Test
    void aLargeRequestTakesAFreeBlockAtMostAnEighthLarger() {
        StagingPool pool = new StagingPool(64 << 20);
        MemorySegment big = pool.allocate(4 << 20);
        pool.release(big);
        assertSame(big, pool.allocate((4 << 20) - (256 << 10)), "3.75 MiB in the 4 MiB block");
        pool.release(big);
        MemorySegment other = pool.allocate(3 << 20);
        assertEquals(3 << 20, other.byteSize(), "not the 4 MiB block: a third more");
        assertSame(big, pool.allocate(4 << 20));
    }

    @Test
    void somethingNotFromThePoolIsRefused() {
        StagingPool pool = new StagingPool(0);
        assertThrows(IllegalArgumentException.class, () -> pool.release(MemorySegment.ofArray(new byte[100])));
        assertThrows(IllegalArgumentException.class, () -> pool.release(MemorySegment.ofArray(new byte[2 << 20])),
                "a large block the pool did not make");
        assertThrows(IllegalArgumentException.class, () -> pool.release(pool.allocate(4096).asSlice(0, 1000)),
                "a slice");
    }
}
