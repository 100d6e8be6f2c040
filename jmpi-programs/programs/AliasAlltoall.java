// np: 2 3 4
import mpi.*;

/** Alltoall(x, 0, n, T, x, 0, n, T): one array as both buffers; the result is as if the outgoing blocks were read first. */
public class AliasAlltoall {
    static int v(int from, int to, int k) { return from * 1000000 + to * 10000 + k; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{10, 1000, 5000}) {
            int[] x = new int[n * size];
            for (int j = 0; j < size; j++) for (int k = 0; k < n; k++) x[j * n + k] = v(rank, j, k);
            MPI.COMM_WORLD.Alltoall(x, 0, n, MPI.INT, x, 0, n, MPI.INT);
            for (int i = 0; i < size; i++) for (int k = 0; k < n; k++)
                if (x[i * n + k] != v(i, rank, k)) { System.out.println("n " + n + " rank " + rank + " from " + i + " [" + k + "] " + x[i * n + k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasAlltoall");
        MPI.Finalize();
    }
}
