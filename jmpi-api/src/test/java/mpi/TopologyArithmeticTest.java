package mpi;

import static mpi.Errors.fails;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import jmpi.core.MpiError;

/**
 * The arithmetic of topologies that needs no communicator: {@link Cartcomm#Dims_create} and the checks
 * of a grid and of a graph against a communicator's size. Local; single-threaded.
 */
class TopologyArithmeticTest {
    private static int[] dims(int nnodes, int... dims) {
        Cartcomm.Dims_create(nnodes, dims);
        return dims;
    }

    @Test
    void dimsCreateBalancesAndOrdersNonIncreasing() {
        assertArrayEquals(new int[] {3, 2}, dims(6, 0, 0));
        assertArrayEquals(new int[] {4, 3}, dims(12, 0, 0));
        assertArrayEquals(new int[] {3, 2, 2}, dims(12, 0, 0, 0));
        assertArrayEquals(new int[] {2, 2, 2}, dims(8, 0, 0, 0));
        assertArrayEquals(new int[] {7, 1}, dims(7, 0, 0));
        assertArrayEquals(new int[] {1, 1, 1}, dims(1, 0, 0, 0));
        assertArrayEquals(new int[] {16}, dims(16, 0));
        assertArrayEquals(new int[0], dims(1));
    }

    @Test
    void dimsCreateKeepsTheFixedEntries() {
        assertArrayEquals(new int[] {2, 3, 2}, dims(12, 2, 0, 0));
        assertArrayEquals(new int[] {3, 2, 5}, dims(30, 0, 0, 5));
        assertArrayEquals(new int[] {2, 3}, dims(6, 2, 3));
    }

    @Test
    void dimsCreateRejectsWhatCannotBeFilled() {
        fails(MPI.ERR_DIMS, "multiply to 4", () -> Cartcomm.Dims_create(6, new int[] {4, 0}));
        fails(MPI.ERR_DIMS, "multiply to 6, not 12", () -> Cartcomm.Dims_create(12, new int[] {2, 3}));
        fails(MPI.ERR_DIMS, "dims[1] = -1 is negative", () -> Cartcomm.Dims_create(4, new int[] {0, -1}));
        fails(MPI.ERR_ARG, "nnodes 0 is not positive", () -> Cartcomm.Dims_create(0, new int[] {0}));
        fails(MPI.ERR_ARG, "dims is null", () -> Cartcomm.Dims_create(4, null));
    }

    /** {@code call} fails with an {@link MpiError} of {@code errorClass} whose message contains {@code says}. */
    private static void refused(int errorClass, String says, org.junit.jupiter.api.function.Executable call) {
        MpiError e = assertThrows(MpiError.class, call);
        assertEquals(errorClass, e.errorClass().code(), e::getMessage);
        assertTrue(e.getMessage().contains(says), e::getMessage);
    }

    @Test
    void aGridNeedsPositiveDimsThatFitTheCommunicator() {
        assertEquals(6, Cartcomm.checkGrid(new int[] {3, 2}, new boolean[2], 8));
        assertEquals(1, Cartcomm.checkGrid(new int[0], new boolean[0], 1));
        refused(MPI.ERR_DIMS, "dims[1] = 0 is not positive", () -> Cartcomm.checkGrid(new int[] {2, 0}, new boolean[2], 8));
        refused(MPI.ERR_DIMS, "dims has 2 entries but periods 1",
                () -> Cartcomm.checkGrid(new int[] {2, 2}, new boolean[1], 8));
        refused(MPI.ERR_DIMS, "needs more than the 8 ranks",
                () -> Cartcomm.checkGrid(new int[] {65536, 65536, 2}, new boolean[3], 8)); // no overflow of the product
        refused(MPI.ERR_ARG, "dims and periods must not be null", () -> Cartcomm.checkGrid(null, new boolean[0], 8));
    }

    @Test
    void aGraphNeedsCumulativeDegreesAndEdgesBetweenItsNodes() {
        Graphcomm.checkGraph(new int[] {2, 3, 4}, new int[] {1, 2, 0, 0}, 3);
        Graphcomm.checkGraph(new int[0], new int[0], 1);
        refused(MPI.ERR_ARG, "index[1] = 1 is less than the one before (2)",
                () -> Graphcomm.checkGraph(new int[] {2, 1}, new int[] {1, 0}, 4));
        refused(MPI.ERR_ARG, "index says 3 edges but edges has 2",
                () -> Graphcomm.checkGraph(new int[] {1, 3}, new int[] {1, 0}, 4));
        refused(MPI.ERR_RANK, "edges[1] = 2 is not a node of the graph [0, 2)",
                () -> Graphcomm.checkGraph(new int[] {1, 2}, new int[] {1, 2}, 4));
        refused(MPI.ERR_ARG, "a graph of 3 nodes needs more than the 2 ranks",
                () -> Graphcomm.checkGraph(new int[] {0, 0, 0}, new int[0], 2));
    }
}
