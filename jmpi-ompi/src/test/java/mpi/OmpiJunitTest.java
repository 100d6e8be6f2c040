package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jmpi.junit.MpiTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * jmpi-junit's {@code @MpiTest} with the Open MPI Java API on the class path (this module's tests have it, and not
 * jmpi-api): the extension initializes and finalizes whichever {@code mpi.MPI} the ranks load.
 */
class OmpiJunitTest {
    int rank;
    int size;

    @BeforeEach
    void world() throws MPIException {
        assertTrue(MPI.isInitialized() && !MPI.isFinalized(), "the extension called MPI.Init before @BeforeEach");
        rank = MPI.COMM_WORLD.getRank();
        size = MPI.COMM_WORLD.getSize();
    }

    @AfterEach
    void notYetFinalized() {
        assertTrue(!MPI.isFinalized(), "the extension calls MPI.Finalize after @AfterEach");
    }

    @MpiTest(ranks = 3, timeoutSeconds = 60)
    void ringAndAllReduce() throws MPIException {
        assertEquals(3, size);
        int[] token = {rank == 0 ? 10 : 0};
        int next = (rank + 1) % size;
        int prev = (rank + size - 1) % size;
        if (rank == 0) {
            MPI.COMM_WORLD.send(token, 1, MPI.INT, next, 5);
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, prev, 5);
            assertEquals(10 + 1 + 2, token[0]);
        } else {
            MPI.COMM_WORLD.recv(token, 1, MPI.INT, prev, 5);
            token[0] += rank;
            MPI.COMM_WORLD.send(token, 1, MPI.INT, next, 5);
        }
        int[] sum = {rank};
        MPI.COMM_WORLD.allReduce(sum, 1, MPI.INT, MPI.SUM);
        assertEquals(0 + 1 + 2, sum[0]);
    }
}
