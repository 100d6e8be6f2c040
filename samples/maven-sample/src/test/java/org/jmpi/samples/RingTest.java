package org.jmpi.samples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jmpi.junit.MpiTest;
import mpi.MPI;
import mpi.MPIException;

/** README's example ("Using jmpi from Maven"), word for word, so that the sample build checks it. */
class RingTest {
    @MpiTest(ranks = 4)                        // timeoutSeconds = 60, args = {} by default
    void tokenGoesRound() throws MPIException {
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] token = {rank};
        MPI.COMM_WORLD.Sendrecv_replace(token, 0, 1, MPI.INT, (rank + 1) % size, 0, (rank + size - 1) % size, 0);
        assertEquals((rank + size - 1) % size, token[0]);
    }
}
