// np: 2 3 4
import mpi.*;

/** Scatter where the root receives into its own send array: at its own block (in place) and overlapping block 0 and 1. */
public class AliasScatterRoot {
    static int v(int r, int k) { return r * 7777 + k; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{10, 1000, 100000}) for (int root = 0; root < size; root++) {
            int[] x = new int[n * size];
            if (rank == root) for (int r = 0; r < size; r++) for (int k = 0; k < n; k++) x[r * n + k] = v(r, k);
            int[] mine = new int[n];
            if (rank == root) MPI.COMM_WORLD.Scatter(x, 0, n, MPI.INT, x, root * n, n, MPI.INT, root);
            else MPI.COMM_WORLD.Scatter(x, 0, n, MPI.INT, mine, 0, n, MPI.INT, root);
            int[] got = rank == root ? java.util.Arrays.copyOfRange(x, root * n, root * n + n) : mine;
            for (int k = 0; k < n; k++) if (got[k] != v(rank, k)) { System.out.println("in place n " + n + " root " + root + " rank " + rank + " [" + k + "] " + got[k]); System.exit(1); }
            // the root's block goes to x[1 .. n+1): overlapping its block 0 and 1 of the send data
            if (rank == root) {
                for (int r = 0; r < size; r++) for (int k = 0; k < n; k++) x[r * n + k] = -v(r, k);
                MPI.COMM_WORLD.Scatter(x, 0, n, MPI.INT, x, 1, n, MPI.INT, root);
                for (int k = 0; k < n; k++) if (x[1 + k] != -v(root, k)) { System.out.println("shifted n " + n + " root " + root + " [" + k + "] " + x[1 + k]); System.exit(1); }
            } else {
                MPI.COMM_WORLD.Scatter(x, 0, n, MPI.INT, mine, 0, n, MPI.INT, root);
                for (int k = 0; k < n; k++) if (mine[k] != -v(rank, k)) { System.out.println("shifted n " + n + " rank " + rank + " [" + k + "] " + mine[k]); System.exit(1); }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasScatterRoot");
        MPI.Finalize();
    }
}
