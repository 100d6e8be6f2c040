package mpi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;

/**
 * {@link Cartcomm} and {@link Graphcomm} arithmetic on real communicators: 6 ranks as threads of this
 * JVM ({@link MultiRank}), each checking its own coordinates, shifts and neighbours. Each rank body runs
 * in its own rank's copy of this package.
 */
@Timeout(120)
class TopologyRanksTest {
    /** A 3 x 2 grid, periodic in dimension 0 only, row-major as MPI numbers it. */
    public static class Grid {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            Cartcomm grid = MPI.COMM_WORLD.Create_cart(new int[] {3, 2}, new boolean[] {true, false}, false);
            assertEquals(MPI.CART, grid.Topo_test());
            CartParms p = grid.Get();
            assertArrayEquals(new int[] {3, 2}, p.dims);
            assertArrayEquals(new int[] {me / 2, me % 2}, p.coords, "row-major coordinates");
            for (int r = 0; r < 6; r++) {
                assertArrayEquals(new int[] {r / 2, r % 2}, grid.Coords(r));
                assertEquals(r, grid.Rank(new int[] {r / 2, r % 2}));
            }
            assertEquals(grid.Rank(new int[] {0, 1}), grid.Rank(new int[] {3, 1}), "dimension 0 wraps");
            assertEquals(grid.Rank(new int[] {2, 0}), grid.Rank(new int[] {-1, 0}), "dimension 0 wraps backwards");
            ShiftParms down = grid.Shift(0, 1);
            assertEquals(((me / 2 + 2) % 3) * 2 + me % 2, down.rank_source);
            assertEquals(((me / 2 + 1) % 3) * 2 + me % 2, down.rank_dest);
            ShiftParms right = grid.Shift(1, 1);
            assertEquals(me % 2 == 0 ? MPI.PROC_NULL : me - 1, right.rank_source, "no wrap in dimension 1");
            assertEquals(me % 2 == 1 ? MPI.PROC_NULL : me + 1, right.rank_dest);
            ShiftParms far = grid.Shift(1, 5);
            assertEquals(MPI.PROC_NULL, far.rank_source);
            assertEquals(MPI.PROC_NULL, far.rank_dest);
            assertEquals(me, grid.Shift(0, 3).rank_dest, "a whole turn of a periodic dimension");
            assertEquals(me < 4 ? me : MPI.UNDEFINED, grid.Map(new int[] {2, 2}, new boolean[2]), "Map keeps the ranks that fit");
            Cartcomm column = grid.Sub(new boolean[] {true, false});
            assertEquals(3, column.Size());
            assertEquals(me / 2, column.Rank());
            grid.Errhandler_set(MPI.ERRORS_RETURN);
            MPIException e = assertThrows(MPIException.class, () -> grid.Rank(new int[] {0, 2}));
            assertEquals(MPI.ERR_ARG, e.Get_error_class());
            assertTrue(e.getMessage().contains("outside the non-periodic range [0, 2)"), e.getMessage());
            MPIException d = assertThrows(MPIException.class, () -> grid.Shift(2, 1));
            assertTrue(d.getMessage().contains("direction 2 is not a dimension"), d.getMessage());
            MPI.Finalize();
        }
    }

    /** A ring of 6 as a graph: node i's neighbours are i-1 and i+1. */
    public static class Ring {
        public static void main(String[] args) {
            MPI.Init(args);
            int me = MPI.COMM_WORLD.Rank();
            int[] index = new int[6];
            int[] edges = new int[12];
            for (int i = 0; i < 6; i++) {
                index[i] = 2 * (i + 1);
                edges[2 * i] = (i + 5) % 6;
                edges[2 * i + 1] = (i + 1) % 6;
            }
            Graphcomm ring = MPI.COMM_WORLD.Create_graph(index, edges, false);
            assertEquals(MPI.GRAPH, ring.Topo_test());
            assertArrayEquals(new int[] {(me + 5) % 6, (me + 1) % 6}, ring.Neighbours(me));
            GraphParms p = ring.Get();
            assertArrayEquals(index, p.index);
            assertArrayEquals(edges, p.edges);
            assertInstanceOf(Graphcomm.class, ring.Dup());
            MPI.Finalize();
        }
    }

    @Test
    void cartesianGrid() {
        MultiRank.runOk(6, Grid.class);
    }

    @Test
    void graphRing() {
        MultiRank.runOk(6, Ring.class);
    }
}
