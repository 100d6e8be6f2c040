package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import jmpi.coll.Nodes;
import jmpi.coll.Problem;
import jmpi.coll.Registry;
import jmpi.coll.Selection;
import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;

/**
 * The hierarchical (node-aware) collectives beyond {@link CollectivesTest}'s forced runs: the built-in
 * table on emulated nodes ({@code -Djmpi.coll.nodes}), communicators whose nodes are not runs of
 * consecutive ranks, communicators freed after their hierarchy was built, and the table's choices.
 */
@Timeout(600)
class HierarchicalTest {
    static final String[] COLLECTIVES = {"barrier", "bcast", "reduce", "allreduce", "gather", "allgather"};

    /**
     * The built-in table with blocks of k world ranks as nodes, on 1 to 16 ranks: on one block the table's
     * other lines apply, on several the hosts lines (hierarchical where it can run); every result checked.
     */
    @ParameterizedTest(name = "nodes of {0}")
    @ValueSource(ints = {2, 3})
    void theTableOnEmulatedNodes(int k) {
        System.setProperty("jmpi.coll.nodes", Integer.toString(k));
        try {
            for (int np : new int[] {1, 2, 3, 4, 6, 9, 16}) {
                JobResult r = MultiRank.run(np, CollectivesTest.Body.class, Duration.ofSeconds(120));
                assertEquals(0, r.exitCode(), "table, nodes of " + k + ", on " + np + " ranks:\n" + r.describe());
            }
        } finally {
            System.clearProperty("jmpi.coll.nodes");
        }
    }

    /**
     * On 8 ranks with nodes of 2 world ranks: a communicator in the order 0 2 4 6 1 3 5 7 (each node's two
     * ranks four apart), then its halves' communicators after it is freed, then more communicators made
     * and freed (each running a hierarchical barrier, which builds two communicators of its own) than
     * there are context ids: the hierarchy must be freed with its communicator. {@code args[0]}: "forced"
     * (every hierarchical algorithm forced: a non-commutative reduction over the interleaved communicator
     * is refused) or "table" (the table falls back to an order-keeping algorithm there).
     */
    public static class Communicators {
        public static void main(String[] args) {
            MPI.Init(args);
            boolean forced = args[0].equals("forced");
            Intracomm w = MPI.COMM_WORLD;
            int p = w.Size();
            int me = w.Rank();
            Intracomm interleaved = w.Split(0, (me % 2) * p + me);
            interleaved.Errhandler_set(MPI.ERRORS_RETURN);
            check(interleaved, "interleaved", !forced);
            interleaved.Free();
            Intracomm half = w.Split(me < p / 2 ? 0 : 1, me);
            check(half, "half " + (me < p / 2 ? 0 : 1), true);
            half.Free();
            int[] one = {me};
            for (int i = 0; i < 2200; i++) {
                Intracomm d = w.Dup();
                d.Barrier();
                d.Allreduce(one, 0, one, 0, 1, MPI.INT, MPI.MAX); // builds the columns under hierarchical_slices
                d.Free();
            }
            if (one[0] != p - 1) {
                throw new AssertionError("Allreduce MAX of the ranks on the duplicates: " + one[0]);
            }
            MPI.Finalize();
        }

        static void check(Intracomm c, String what, boolean ordered) {
            int p = c.Size();
            int me = c.Rank();
            Op compose = new Op(new CollectivesTest.Compose(), false);
            Datatype pair = MPI.LONG.Contiguous(2);
            pair.Commit();
            for (int count : new int[] {0, 1, 7, 1000}) {
                String at = what + " count " + count;
                c.Barrier();
                long[] mine = CollectivesTest.contribution(me, count);
                long[] sum = new long[count];
                for (int r = 0; r < p; r++) {
                    long[] x = CollectivesTest.contribution(r, count);
                    for (int i = 0; i < count; i++) {
                        sum[i] += x[i];
                    }
                }
                for (int root = 0; root < p; root++) {
                    long[] b = me == root ? CollectivesTest.contribution(root, count) : new long[count];
                    c.Bcast(b, 0, count, MPI.LONG, root);
                    CollectivesTest.Body.check(CollectivesTest.contribution(root, count), b, at + " Bcast root " + root);
                    long[] red = new long[count];
                    c.Reduce(mine, 0, red, 0, count, MPI.LONG, MPI.SUM, root);
                    if (me == root) {
                        CollectivesTest.Body.check(sum, red, at + " Reduce root " + root);
                    }
                    long[] all = new long[p * count];
                    c.Gather(mine, 0, count, MPI.LONG, all, 0, count, MPI.LONG, root);
                    if (me == root) {
                        for (int r = 0; r < p; r++) {
                            CollectivesTest.Body.check(CollectivesTest.contribution(r, count),
                                    Arrays.copyOfRange(all, r * count, (r + 1) * count), at + " Gather root " + root);
                        }
                    }
                }
                long[] ar = new long[count];
                c.Allreduce(mine, 0, ar, 0, count, MPI.LONG, MPI.SUM);
                CollectivesTest.Body.check(sum, ar, at + " Allreduce");
                long[] ag = new long[p * count];
                c.Allgather(mine, 0, count, MPI.LONG, ag, 0, count, MPI.LONG);
                for (int r = 0; r < p; r++) {
                    CollectivesTest.Body.check(CollectivesTest.contribution(r, count),
                            Arrays.copyOfRange(ag, r * count, (r + 1) * count), at + " Allgather block " + r);
                }
                int even = count - count % 2;
                long[] composed = CollectivesTest.contribution(0, even);
                for (int r = 1; r < p; r++) {
                    CollectivesTest.composeInto(composed, CollectivesTest.contribution(r, even));
                }
                long[] nc = new long[even];
                long[] ncIn = CollectivesTest.contribution(me, even);
                if (ordered) {
                    c.Allreduce(ncIn, 0, nc, 0, even / 2, pair, compose);
                    CollectivesTest.Body.check(composed, nc, at + " Allreduce non-commutative");
                    for (int root = 0; root < p; root++) {
                        long[] r = new long[even];
                        c.Reduce(ncIn, 0, r, 0, even / 2, pair, compose, root);
                        if (me == root) {
                            CollectivesTest.Body.check(composed, r, at + " Reduce non-commutative root " + root);
                        }
                    }
                } else {
                    var e = Expect.error(MPI.ERR_ARG, at + " forced hierarchical allreduce, non-commutative",
                            () -> c.Allreduce(ncIn, 0, nc, 0, even / 2, pair, compose));
                    Expect.isTrue(e.getMessage().contains("consecutive"), e.getMessage());
                    e = Expect.error(MPI.ERR_ARG, at + " forced hierarchical reduce, non-commutative",
                            () -> c.Reduce(ncIn, 0, nc, 0, even / 2, pair, compose, 0));
                    Expect.isTrue(e.getMessage().contains("consecutive"), e.getMessage());
                }
            }
        }
    }

    /**
     * {@link Communicators} with every hierarchical algorithm forced: the first forms, then the second ones where a
     * collective has two (bcast hierarchical_pipeline in segments of 24 bytes, allreduce hierarchical_slices, whose
     * columns communicator must be freed with the hierarchy too).
     */
    @ParameterizedTest(name = "second forms {0}")
    @ValueSource(booleans = {false, true})
    void communicatorsWithInterleavedNodesAndFreedHierarchiesForced(boolean second) {
        for (String c : COLLECTIVES) {
            System.setProperty("jmpi.coll." + c, "hierarchical");
        }
        if (second) {
            System.setProperty("jmpi.coll.bcast", "hierarchical_pipeline");
            System.setProperty("jmpi.coll.allreduce", "hierarchical_slices");
            System.setProperty("jmpi.coll.hierarchySegmentBytes", "24");
        }
        System.setProperty("jmpi.coll.nodes", "2");
        try {
            MultiRank.runOk(8, Communicators.class, Duration.ofSeconds(180), "forced");
        } finally {
            for (String c : COLLECTIVES) {
                System.clearProperty("jmpi.coll." + c);
            }
            System.clearProperty("jmpi.coll.nodes");
            System.clearProperty("jmpi.coll.hierarchySegmentBytes");
        }
    }

    @Test
    void communicatorsWithInterleavedNodesAndFreedHierarchiesByTheTable() {
        System.setProperty("jmpi.coll.nodes", "2");
        try {
            MultiRank.runOk(8, Communicators.class, Duration.ofSeconds(180), "table");
        } finally {
            System.clearProperty("jmpi.coll.nodes");
        }
    }

    /** Forcing a hierarchical algorithm on a communicator that is one node is refused, naming why. */
    public static class OneNode {
        public static void main(String[] args) {
            MPI.Init(args);
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            var e = Expect.error(MPI.ERR_ARG, "hierarchical bcast on one node",
                    () -> MPI.COMM_WORLD.Bcast(new int[4], 0, 4, MPI.INT, 0));
            Expect.isTrue(e.getMessage().contains("hierarchical") && e.getMessage().contains("two nodes"), e.getMessage());
            MPI.Finalize();
        }
    }

    @Test
    void forcedOnOneNodeIsAnError() {
        System.setProperty("jmpi.coll.bcast", "hierarchical");
        try {
            MultiRank.runOk(4, OneNode.class, Duration.ofSeconds(60)); // one JVM: one node
            System.setProperty("jmpi.coll.nodes", "4");
            MultiRank.runOk(4, OneNode.class, Duration.ofSeconds(60)); // one block
            System.setProperty("jmpi.coll.nodes", "1");
            MultiRank.runOk(4, OneNode.class, Duration.ofSeconds(60)); // nodes of single ranks
        } finally {
            System.clearProperty("jmpi.coll.bcast");
            System.clearProperty("jmpi.coll.nodes");
        }
    }

    @Test
    void nodesOfLabels() {
        Nodes n = Nodes.of(new int[] {7, 7, 3, 9, 3});
        assertEquals(3, n.count());
        assertEquals(0, n.nodeOf(1));
        assertEquals(1, n.nodeOf(4));
        assertEquals(2, n.leader(1));
        assertEquals(3, n.leader(2));
        assertEquals(2, n.largest());
        assertTrue(n.splits());
        assertTrue(!n.consecutive());
        assertTrue(Nodes.of(new int[] {1, 1, 0, 0, 5}).consecutive());
        assertTrue(!Nodes.of(new int[] {1, 2, 3}).splits());
        assertTrue(!Nodes.of(new int[] {4, 4, 4}).splits());
        assertEquals(Nodes.of(new int[] {5, 5, 8}), Nodes.of(new int[] {0, 0, 1}));
    }

    /**
     * The built-in table: hierarchical on several hosts where it can run, something else that can run
     * for every locality and node structure (one node, single ranks, interleaved nodes with a
     * non-commutative operation); {@code processes} lines of older tables still read and match host and hosts.
     */
    @Test
    void theTableChoosesByLocalityAndNodes() {
        Selection table = Selection.defaults();
        Nodes consecutive = Nodes.of(new int[] {0, 0, 0, 1, 1, 1, 2, 2});
        Nodes interleaved = Nodes.of(new int[] {0, 1, 2, 3, 0, 1, 2, 3});
        Nodes singles = Nodes.of(new int[] {0, 1, 2, 3, 4, 5, 6, 7});
        for (String c : new String[] {"barrier", "bcast", "reduce", "allreduce"}) {
            assertEquals("hierarchical", table.choose(c, "hosts", new Problem(8, 64, 8, true, false, consecutive)).name(), c);
            assertEquals("hierarchical", table.choose(c, "hosts", new Problem(8, 64, 8, true, false, interleaved)).name(), c);
            assertTrue(!table.choose(c, "hosts", new Problem(8, 64, 8, true, false, singles)).name().equals("hierarchical"), c);
            assertTrue(!table.choose(c, "host", new Problem(8, 64, 8, true, false, consecutive)).name().equals("hierarchical"), c);
        }
        assertEquals("hierarchical", table.choose("allreduce", "hosts", new Problem(8, 64, 8, false, false, consecutive)).name());
        assertEquals("recursive_doubling",
                table.choose("allreduce", "hosts", new Problem(8, 64, 8, false, false, interleaved)).name());
        for (String c : Registry.collectives()) {
            for (String loc : new String[] {"jvm", "host", "hosts", "processes"}) {
                for (Nodes n : new Nodes[] {null, consecutive, interleaved, singles}) {
                    for (boolean commutative : new boolean[] {true, false}) {
                        for (long bytes : new long[] {0, 8, 1 << 20}) {
                            Problem pr = new Problem(8, bytes, (int) (bytes / 8), commutative, false, n);
                            var a = table.choose(c, loc, pr);
                            assertNotNull(a);
                            assertNull(a.unusable(pr), c + " " + loc + " " + n + " " + a.name());
                        }
                    }
                }
            }
        }
        Selection old = Selection.parse("allreduce processes * * ring\nallreduce any * * recursive_doubling\n", "old");
        assertEquals("ring", old.choose("allreduce", "host", new Problem(4, 8, 1, true)).name());
        assertEquals("ring", old.choose("allreduce", "hosts", new Problem(4, 8, 1, true)).name());
        assertEquals("recursive_doubling", old.choose("allreduce", "jvm", new Problem(4, 8, 1, true)).name());
    }
}
