// np: 2 3 4
import mpi.*;

/** Reduce with one array as send and receive buffer at every rank: the root gets the result, the others keep their data. */
public class AliasReduceRoot {
    static int v(int r, int k) { return (r * 31 + k) % 1000; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{10, 1000, 100000}) for (int root = 0; root < size; root++) {
            int[] x = new int[n];
            for (int k = 0; k < n; k++) x[k] = v(rank, k);
            MPI.COMM_WORLD.Reduce(x, 0, x, 0, n, MPI.INT, MPI.SUM, root);
            for (int k = 0; k < n; k++) {
                int want = v(rank, k);
                if (rank == root) { want = 0; for (int r = 0; r < size; r++) want += v(r, k); }
                if (x[k] != want) { System.out.println("n " + n + " root " + root + " rank " + rank + " [" + k + "] " + x[k] + " want " + want); System.exit(1); }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasReduceRoot");
        MPI.Finalize();
    }
}
