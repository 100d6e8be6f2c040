// np: 2 3 4
import mpi.*;

/** Allgatherv in place: each rank's contribution already sits at its displacement in the receive array. */
public class AliasAllgatherv {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) { counts[r] = 100 * (r + 1); displs[r] = total; total += counts[r]; }
        double[] all = new double[total];
        for (int k = 0; k < counts[rank]; k++) all[displs[rank] + k] = rank + k * 0.001;
        MPI.COMM_WORLD.Allgatherv(all, displs[rank], counts[rank], MPI.DOUBLE, all, 0, counts, displs, MPI.DOUBLE);
        for (int r = 0; r < size; r++) for (int k = 0; k < counts[r]; k++)
            if (all[displs[r] + k] != r + k * 0.001) { System.out.println("rank " + rank + " block " + r + " [" + k + "] " + all[displs[r] + k]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasAllgatherv");
        MPI.Finalize();
    }
}
