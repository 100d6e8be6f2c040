package jmpi.coll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The {@code clusters} locality in the table: which lines cover it, what the built-in table picks for it
 * (hierarchical wherever a collective has it and the clusters split; something that can run otherwise), and
 * that tables read it. The locality computed for real communicators: {@code jmpi.conformance.ClustersTest}.
 */
class ClustersSelectionTest {
    private static final Nodes TWO_CLUSTERS = Nodes.of(new int[] {0, 0, 0, 0, 1, 1, 1, 1});
    private static final Nodes UNEVEN = Nodes.of(new int[] {0, 0, 0, 1, 1, 2});
    private static final Nodes INTERLEAVED = Nodes.of(new int[] {0, 1, 0, 1, 0, 1});
    private static final Nodes SINGLES = Nodes.of(new int[] {0, 1, 2, 3});

    @Test
    void onlyAnyAndClustersLinesCoverClusters() {
        assertEquals(Locality.CLUSTERS, Locality.of("clusters"));
        assertEquals(Locality.CLUSTERS, Locality.of("CLUSTERS"));
        for (Locality line : Locality.values()) {
            assertEquals(line == Locality.ANY || line == Locality.CLUSTERS, line.covers(Locality.CLUSTERS), line.tableName());
        }
        assertFalse(Locality.CLUSTERS.covers(Locality.HOSTS), "a clusters line is not for one cluster's hosts");
        assertFalse(Locality.CLUSTERS.covers(Locality.JVM));
        assertFalse(Locality.PROCESSES.covers(Locality.CLUSTERS), "processes lines were measured on one machine");
    }

    @Test
    void theBuiltInTableIsHierarchicalAcrossClusters() {
        Selection table = Selection.defaults();
        for (String c : Registry.collectives()) {
            boolean hierarchical = Registry.algorithms(c).contains("hierarchical");
            for (Nodes n : List.of(TWO_CLUSTERS, UNEVEN)) {
                Problem p = new Problem(n == TWO_CLUSTERS ? 8 : 6, 64, 8, true, false, n);
                String chosen = table.choose(c, "clusters", p).name();
                if (hierarchical) {
                    assertEquals(c.equals("bcast") ? "hierarchical_pipeline" : "hierarchical", chosen, c + " over " + n);
                } else {
                    assertEquals(table.choose(c, "any", p).name(), chosen, c + ": the any lines");
                }
            }
        }
        // non-commutative over clusters that are runs of ranks: still hierarchical (clusters in order keep rank order)
        assertEquals("hierarchical", table.choose("allreduce", "clusters", new Problem(8, 64, 8, false, false,
                TWO_CLUSTERS)).name());
        assertEquals("hierarchical", table.choose("reduce", "clusters", new Problem(8, 64, 8, false, false,
                TWO_CLUSTERS)).name());
    }

    /**
     * What the grid measurements chose (bench/grid-figures.sh and the forced runs of 2026-11-25): bcast in segments
     * and reduce hierarchical at every size; allreduce hierarchical below 64 KiB, above it the flat algorithms' choice
     * (rabenseifner, which with the clusters in blocks moves as little across as hierarchical_slices and was faster
     * here); alltoall aggregated at the leaders up to
     * 2 KiB per pair, direct above; between the two leaders of two clusters one crossing: binomial for bcast and
     * reduce, recursive doubling for allreduce.
     */
    @Test
    void theMeasuredClusterLines() {
        Selection table = Selection.defaults();
        for (long bytes : new long[] {8, 2048, 2049, 16384, 65535, 65536, 262143, 262144, 1 << 20, 4 << 20}) {
            Problem world = new Problem(8, bytes, (int) (bytes / 8), true, false, TWO_CLUSTERS);
            assertEquals("hierarchical_pipeline", table.choose("bcast", "clusters", world).name(), "bcast " + bytes);
            assertEquals("hierarchical", table.choose("reduce", "clusters", world).name(), "reduce " + bytes);
            assertEquals(bytes < 65536 ? "hierarchical" : table.choose("allreduce", "any", world).name(),
                    table.choose("allreduce", "clusters", world).name(), "allreduce " + bytes);
            assertEquals(bytes <= 2048 ? "hierarchical" : table.choose("alltoall", "any", world).name(),
                    table.choose("alltoall", "clusters", world).name(), "alltoall " + bytes);
            Problem uneven = new Problem(6, bytes, (int) (bytes / 8), true, false, UNEVEN);
            assertEquals(bytes < 65536 ? "hierarchical" : table.choose("allreduce", "any", uneven).name(),
                    table.choose("allreduce", "clusters", uneven).name(), "allreduce over " + UNEVEN + ", " + bytes);
            Problem leaders = new Problem(2, bytes, (int) (bytes / 8), true, false, Nodes.of(new int[] {0, 1}));
            assertEquals("binomial", table.choose("bcast", "clusters", leaders).name(), "leaders' bcast " + bytes);
            assertEquals("binomial", table.choose("reduce", "clusters", leaders).name(), "leaders' reduce " + bytes);
            assertEquals("recursive_doubling", table.choose("allreduce", "clusters", leaders).name(), "leaders' allreduce " + bytes);
        }
    }

    @Test
    void whereHierarchicalCannotRunTheTableFallsToTheAnyLines() {
        Selection table = Selection.defaults();
        for (String c : Registry.collectives()) {
            for (Nodes n : new Nodes[] {null, TWO_CLUSTERS, UNEVEN, INTERLEAVED, SINGLES}) {
                int size = n == null ? 4 : n == TWO_CLUSTERS ? 8 : n == SINGLES ? 4 : 6;
                for (boolean commutative : new boolean[] {true, false}) {
                    for (long bytes : new long[] {0, 8, 1 << 20}) {
                        Problem p = new Problem(size, bytes, (int) (bytes / 8), commutative, false, n);
                        Algorithm a = table.choose(c, "clusters", p);
                        assertNotNull(a);
                        assertNull(a.unusable(p), c + " " + n + " " + a.name());
                    }
                }
            }
        }
        assertNotEquals("hierarchical", table.choose("bcast", "clusters", new Problem(4, 64, 8, true, false, SINGLES)).name(),
                "clusters of one rank each: nothing to gain");
        assertNotEquals("hierarchical", table.choose("allreduce", "clusters", new Problem(6, 64, 8, false, false,
                INTERLEAVED)).name(), "a non-commutative operation over clusters that are not runs");
    }

    @Test
    void tablesReadTheClustersLocality() {
        Selection s = Selection.parse("bcast clusters 2-* * linear\nbcast any * * binomial\n", "test");
        assertEquals("clusters", s.rules().getFirst().locality());
        assertEquals("linear", s.choose("bcast", "clusters", new Problem(4, 8, 1, true)).name());
        assertEquals("binomial", s.choose("bcast", "hosts", new Problem(4, 8, 1, true)).name());
        Selection again = Selection.parse(s.format(), "again");
        assertEquals("clusters", again.rules().getFirst().locality(), "written and read back");
    }

    @Test
    void theRestrictionNamesClusters() {
        String why = new Problem(4, 8, 1, true, false, SINGLES).unlessNodes(false);
        assertTrue(why.contains("clusters") && why.contains("jmpi.coll.clusters"), why);
    }
}
