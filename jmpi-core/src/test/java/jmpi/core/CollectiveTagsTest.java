package jmpi.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The tag table: ranges in order, disjoint and positive; the per-call encoding stays in its range and reads back. */
class CollectiveTagsTest {
    @Test
    void rangesAreDisjointAndPositive() {
        List<CollectiveTags.Range> ranges = CollectiveTags.ranges();
        int previousLast = 0; // tag 0 is left to nobody
        for (CollectiveTags.Range r : ranges) {
            assertTrue(r.first() <= r.last(), r + " is empty");
            assertTrue(r.first() > previousLast, r + " overlaps or precedes the range before it");
            previousLast = r.last();
        }
        assertTrue(previousLast > 0, "the last range overflows int");
        for (int i = 0; i < ranges.size(); i++) {
            for (int j = i + 1; j < ranges.size(); j++) {
                CollectiveTags.Range a = ranges.get(i);
                CollectiveTags.Range b = ranges.get(j);
                assertTrue(a.last() < b.first() || b.last() < a.first(), a + " overlaps " + b);
            }
        }
    }

    @Test
    void everyNamedTagIsInItsOwnRange() {
        assertEquals("context agreement", CollectiveTags.owner(CollectiveTags.CONTEXT_AGREEMENT));
        assertEquals("split allgather", CollectiveTags.owner(CollectiveTags.SPLIT_ALLGATHER));
        assertEquals("engine bcast", CollectiveTags.owner(CollectiveTags.INTERNAL_BCAST));
        assertEquals("intercomm leaders", CollectiveTags.owner(CollectiveTags.INTERCOMM_LEADERS));
        assertEquals("engine barrier", CollectiveTags.owner(CollectiveTags.barrier(0)));
        assertEquals("engine barrier", CollectiveTags.owner(CollectiveTags.barrier(CollectiveTags.BARRIER_ROUNDS - 1)));
        assertEquals("node discovery", CollectiveTags.owner(CollectiveTags.NODE_DISCOVERY));
        assertEquals("board join", CollectiveTags.owner(CollectiveTags.BOARD_JOIN));
        assertNull(CollectiveTags.owner(0));
        assertNull(CollectiveTags.owner(4));
        assertThrows(IllegalStateException.class, () -> CollectiveTags.barrier(CollectiveTags.BARRIER_ROUNDS));
    }

    @Test
    void callTagsStayInTheCallRangeAndReadBack() {
        int[] roots = {-1, 0, 1, 1022};
        int[] calls = {0, 1, 0x3FFF, 0x4000, Integer.MAX_VALUE};
        for (int c = 0; c < CollectiveTags.COLLECTIVES; c++) {
            for (int root : roots) {
                for (int call : calls) {
                    int tag = CollectiveTags.call(c, root, call);
                    assertEquals("collective call", CollectiveTags.owner(tag), c + "/" + root + "/" + call);
                }
            }
        }
        assertEquals(CollectiveTags.CALL_FIRST, CollectiveTags.call(0, -1, 0));
        assertEquals(CollectiveTags.CALL_LAST, CollectiveTags.call(CollectiveTags.COLLECTIVES - 1, 1022, 0x3FFF));
        String[] names = {"barrier", "bcast"};
        java.util.function.IntFunction<String> byIndex = i -> i < names.length ? names[i] : null;
        assertEquals("bcast call 3 (root 0)", CollectiveTags.describe(CollectiveTags.call(1, 0, 3), byIndex));
        assertEquals("barrier call 7", CollectiveTags.describe(CollectiveTags.call(0, -1, 7), byIndex));
        assertNull(CollectiveTags.describe(CollectiveTags.call(2, -1, 7), byIndex), "an index the layer does not use");
        assertNull(CollectiveTags.describe(CollectiveTags.BOARD_JOIN, byIndex));
        assertNull(CollectiveTags.describe(CollectiveTags.barrier(3), byIndex));
    }
}
