// np: 1 2 3 4 7
import mpi.*;

/** Gather then Scatter of blocks from every root; the root's blocks are laid out by rank. */
public class GatherScatter {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 33;
        for (int root = 0; root < size; root++) {
            int[] mine = new int[n];
            for (int k = 0; k < n; k++) mine[k] = rank * 1000 + k + root;
            int[] all = new int[n * size + 5];
            MPI.COMM_WORLD.Gather(mine, 0, n, MPI.INT, all, 5, n, MPI.INT, root);
            if (rank == root) {
                for (int r = 0; r < size; r++) for (int k = 0; k < n; k++)
                    if (all[5 + r * n + k] != r * 1000 + k + root) { System.out.println("gather root " + root + " block " + r + " [" + k + "] " + all[5 + r * n + k]); System.exit(1); }
                for (int i = 0; i < all.length; i++) all[i] = -all[i];
            }
            int[] back = new int[n];
            MPI.COMM_WORLD.Scatter(all, 5, n, MPI.INT, back, 0, n, MPI.INT, root);
            for (int k = 0; k < n; k++) if (back[k] != -(rank * 1000 + k + root)) { System.out.println("scatter root " + root + " rank " + rank + " [" + k + "] " + back[k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GatherScatter");
        MPI.Finalize();
    }
}
