// np: 2 3 4 5
import mpi.*;

/** Allgatherv where rank r contributes 2r+1 ints placed in reverse rank order. */
public class AllgathervVarying {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = size - 1; r >= 0; r--) { counts[r] = 2 * r + 1; displs[r] = total; total += counts[r]; }
        int[] mine = new int[counts[rank]];
        for (int k = 0; k < mine.length; k++) mine[k] = rank * rank + k * 10;
        int[] all = new int[total];
        MPI.COMM_WORLD.Allgatherv(mine, 0, counts[rank], MPI.INT, all, 0, counts, displs, MPI.INT);
        for (int r = 0; r < size; r++) for (int k = 0; k < counts[r]; k++)
            if (all[displs[r] + k] != r * r + k * 10) { System.out.println("rank " + rank + " block " + r + " [" + k + "] " + all[displs[r] + k]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AllgathervVarying");
        MPI.Finalize();
    }
}
