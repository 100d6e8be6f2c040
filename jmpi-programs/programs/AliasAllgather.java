// np: 2 3 4 5
import mpi.*;

/** Allgather whose send block lies inside the receive buffer: at the rank's own slot, and at slot 0 (overwritten by rank 0's block). */
public class AliasAllgather {
    static int v(int r, int k) { return r * 1000003 + k; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{10, 1000, 100000}) {
            int[] all = new int[n * size];
            for (int k = 0; k < n; k++) all[rank * n + k] = v(rank, k);
            MPI.COMM_WORLD.Allgather(all, rank * n, n, MPI.INT, all, 0, n, MPI.INT);
            for (int r = 0; r < size; r++) for (int k = 0; k < n; k++)
                if (all[r * n + k] != v(r, k)) { System.out.println("own slot: n " + n + " rank " + rank + " block " + r + " [" + k + "] " + all[r * n + k]); System.exit(1); }
            int[] b = new int[n * size];
            for (int k = 0; k < n; k++) b[k] = -v(rank, k);
            MPI.COMM_WORLD.Allgather(b, 0, n, MPI.INT, b, 0, n, MPI.INT);
            for (int r = 0; r < size; r++) for (int k = 0; k < n; k++)
                if (b[r * n + k] != -v(r, k)) { System.out.println("slot 0: n " + n + " rank " + rank + " block " + r + " [" + k + "] " + b[r * n + k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasAllgather");
        MPI.Finalize();
    }
}
