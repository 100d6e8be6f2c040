// np: 1 2 3 4 5 8
import mpi.*;

/** Allgather of blocks of several sizes; every rank ends with every block in rank order. */
public class AllgatherBlocks {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{1, 3, 1000, 20000}) {
            float[] mine = new float[n];
            for (int k = 0; k < n; k++) mine[k] = rank + k / 4f;
            float[] all = new float[n * size];
            MPI.COMM_WORLD.Allgather(mine, 0, n, MPI.FLOAT, all, 0, n, MPI.FLOAT);
            for (int r = 0; r < size; r++) for (int k = 0; k < n; k++)
                if (all[r * n + k] != r + k / 4f) { System.out.println("n " + n + " rank " + rank + " block " + r + " [" + k + "] " + all[r * n + k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AllgatherBlocks");
        MPI.Finalize();
    }
}
