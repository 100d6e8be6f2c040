package org.jmpi.samples;

import mpi.MPI;
import mpi.MPIException;

/** A token passed once around the ranks of {@code MPI.COMM_WORLD}, every rank adding its rank number to it. */
public final class Ring {
    private Ring() {
    }

    /** Sends the token round from rank 0; returns what came back to rank 0 (on the other ranks: what they passed on). */
    public static long passToken(long start) throws MPIException {
        int rank = MPI.COMM_WORLD.Rank();
        int size = MPI.COMM_WORLD.Size();
        long[] token = {start};
        if (size == 1) {
            return start;
        }
        if (rank == 0) {
            MPI.COMM_WORLD.Send(token, 0, 1, MPI.LONG, 1, 0);
            MPI.COMM_WORLD.Recv(token, 0, 1, MPI.LONG, size - 1, 0);
        } else {
            MPI.COMM_WORLD.Recv(token, 0, 1, MPI.LONG, rank - 1, 0);
            token[0] += rank;
            MPI.COMM_WORLD.Send(token, 0, 1, MPI.LONG, (rank + 1) % size, 0);
        }
        return token[0];
    }
}
