package org.jmpi.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jmpi.junit.MpiTest;
import mpi.MPI;
import mpi.MPIException;
import org.junit.jupiter.api.BeforeEach;

/** The sample's computations on 4 ranks, each rank a thread of the test JVM (jmpi-junit's @MpiTest). */
class ParallelTest {
    int rank;
    int size;

    @BeforeEach
    void world() throws MPIException {
        rank = MPI.COMM_WORLD.Rank(); // runs in every rank, after MPI.Init
        size = MPI.COMM_WORLD.Size();
    }

    @MpiTest(ranks = 4, timeoutSeconds = 60)
    void piIsTheSameOnEveryRank() throws MPIException {
        assertEquals(4, size);
        double pi = Pi.compute(100_000);
        assertEquals(Math.PI, pi, 1e-9);
        // every rank got the very same double from Allreduce
        double[] min = new double[1];
        double[] max = new double[1];
        MPI.COMM_WORLD.Allreduce(new double[] {pi}, 0, min, 0, 1, MPI.DOUBLE, MPI.MIN);
        MPI.COMM_WORLD.Allreduce(new double[] {pi}, 0, max, 0, 1, MPI.DOUBLE, MPI.MAX);
        assertEquals(min[0], max[0]);
    }

    @MpiTest(ranks = 4, timeoutSeconds = 60)
    void ringAddsEveryRank() throws MPIException {
        long got = Ring.passToken(1000);
        // rank r passes on 1000 + 1 + ... + r; rank 0 gets back 1000 + 1 + 2 + 3
        long expected = rank == 0 ? 1000 + 6 : 1000 + (long) rank * (rank + 1) / 2;
        assertEquals(expected, got, "rank " + rank);
    }
}
