// np: 2 3 4
import mpi.*;

/** Gather where the root's send block is inside its receive buffer: at its own slot, then at slot 0. */
public class AliasGatherRoot {
    static long v(int r, int k) { return r * 100000L + k; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{10, 1000, 100000}) for (int root = 0; root < size; root++) {
            long[] all = new long[n * size];
            long[] mine = new long[n];
            for (int k = 0; k < n; k++) mine[k] = v(rank, k);
            if (rank == root) {
                System.arraycopy(mine, 0, all, root * n, n);
                MPI.COMM_WORLD.Gather(all, root * n, n, MPI.LONG, all, 0, n, MPI.LONG, root);
            } else {
                MPI.COMM_WORLD.Gather(mine, 0, n, MPI.LONG, all, 0, n, MPI.LONG, root);
            }
            if (rank == root) for (int r = 0; r < size; r++) for (int k = 0; k < n; k++)
                if (all[r * n + k] != v(r, k)) { System.out.println("own slot n " + n + " root " + root + " block " + r + " [" + k + "] " + all[r * n + k]); System.exit(1); }
            long[] b = new long[n * size];
            if (rank == root) {
                System.arraycopy(mine, 0, b, 0, n);
                MPI.COMM_WORLD.Gather(b, 0, n, MPI.LONG, b, 0, n, MPI.LONG, root);
                for (int r = 0; r < size; r++) for (int k = 0; k < n; k++)
                    if (b[r * n + k] != v(r, k)) { System.out.println("slot 0 n " + n + " root " + root + " block " + r + " [" + k + "] " + b[r * n + k]); System.exit(1); }
            } else {
                MPI.COMM_WORLD.Gather(mine, 0, n, MPI.LONG, b, 0, n, MPI.LONG, root);
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasGatherRoot");
        MPI.Finalize();
    }
}
