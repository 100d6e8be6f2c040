package jmpi.coll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How a communicator divides into nodes: numbering, leaders, runs, blocks; and the restriction that reads it. */
class NodesTest {
    @Test
    void nodesAreNumberedByTheirLowestRankWhichLeadsThem() {
        Nodes n = Nodes.of(new int[] {7, 7, 3, 7, 3, 9}); // any label values
        assertEquals(3, n.count());
        assertArrayEquals(new int[] {0, 0, 1, 0, 1, 2}, new int[] {n.nodeOf(0), n.nodeOf(1), n.nodeOf(2), n.nodeOf(3),
                n.nodeOf(4), n.nodeOf(5)});
        assertEquals(0, n.leader(0));
        assertEquals(2, n.leader(1));
        assertEquals(5, n.leader(2));
        assertEquals(3, n.size(0));
        assertEquals(2, n.size(1));
        assertEquals(1, n.size(2));
        assertEquals(3, n.largest());
        assertArrayEquals(new int[] {0, 1, 3}, n.members(0));
        assertArrayEquals(new int[] {2, 4}, n.members(1));
        assertFalse(n.consecutive(), "node 0 is ranks 0, 1 and 3");
        assertTrue(n.splits());
        assertArrayEquals(new int[] {6, 4, 2}, n.blockCounts(2));
    }

    @Test
    void blocksOfConsecutiveRanksAreRuns() {
        Nodes n = Nodes.of(new int[] {0, 0, 1, 1, 1, 2});
        assertTrue(n.consecutive());
        assertTrue(n.splits());
        assertArrayEquals(new int[] {0, 2, 5}, Blocks.displs(n.blockCounts(1)));
    }

    @Test
    void blocksOfWorldRanksAndLocalRanks() {
        int block = 2; // -Djmpi.coll.nodes=2 over world ranks 1, 2, 3, 4, 6 (CommInfo labels rank i by world / K)
        int[] world = {1, 2, 3, 4, 6};
        int[] labels = new int[world.length];
        for (int i = 0; i < world.length; i++) {
            labels[i] = world[i] / block;
        }
        Nodes n = Nodes.of(labels);
        assertEquals(4, n.count());
        assertArrayEquals(new int[] {0, 1, 1, 2, 3}, new int[] {n.nodeOf(0), n.nodeOf(1), n.nodeOf(2), n.nodeOf(3),
                n.nodeOf(4)});
        assertArrayEquals(new int[] {0, 1, 3, 4}, new int[] {n.leader(0), n.leader(1), n.leader(2), n.leader(3)});
        assertArrayEquals(new int[] {0, 0, 1, 0, 0}, Hierarchy.localRanks(n, world.length));
        Nodes mixed = Nodes.of(new int[] {0, 1, 0, 1, 0});
        assertArrayEquals(new int[] {0, 0, 1, 1, 2}, Hierarchy.localRanks(mixed, 5), "a leader is its node's rank 0");
    }

    @Test
    void splitsOnlyOverTwoNodesOneOfThemWithTwoRanks() {
        assertFalse(Nodes.of(new int[] {4, 4, 4}).splits(), "one node");
        assertFalse(Nodes.of(new int[] {0, 1, 2}).splits(), "single ranks");
        assertTrue(Nodes.of(new int[] {0, 1, 1}).splits());
    }

    @Test
    void equalDivisionsAreEqualWhateverTheLabels() {
        Nodes a = Nodes.of(new int[] {5, 5, 8, 8});
        Nodes b = Nodes.of(new int[] {1, 1, 0, 0});
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, Nodes.of(new int[] {1, 0, 0, 0}));
        assertEquals("Nodes[0, 0, 1, 1]", a.toString());
    }

    @Test
    void theNodeRestrictionReadsTheDivision() {
        Nodes runs = Nodes.of(new int[] {0, 0, 1, 1});
        Nodes mixed = Nodes.of(new int[] {0, 1, 0, 1});
        assertTrue(new Problem(4, 8, 1, true, false, null).unlessNodes(false).contains("two nodes or more"));
        assertTrue(new Problem(4, 8, 1, true, false, Nodes.of(new int[] {0, 1, 2, 3})).unlessNodes(false) != null);
        assertNull(new Problem(4, 8, 1, false, false, runs).unlessNodes(true), "runs keep rank order");
        assertTrue(new Problem(4, 8, 1, false, false, mixed).unlessNodes(true).contains("commutative"));
        assertNull(new Problem(4, 8, 1, false, false, mixed).unlessNodes(false), "no combining: order is irrelevant");
        assertNull(new Problem(4, 8, 1, true, false, mixed).unlessNodes(true));
        assertNull(Registry.REDUCE.get("hierarchical").unusable(new Problem(4, 8, 1, true, false, mixed)));
    }
}
