// np: 2 4
import mpi.*;

/** Sendrecv with one array: identical regions (like Sendrecv_replace) and partly overlapping ones, with a partner and with itself. */
public class AliasSendrecv {
    static int v(int r, int k) { return r * 1000000 + k; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int partner = rank ^ 1;
        for (int n : new int[]{10, 1000, 100000}) {
            int[] x = new int[n];
            for (int k = 0; k < n; k++) x[k] = v(rank, k);
            MPI.COMM_WORLD.Sendrecv(x, 0, n, MPI.INT, partner, 1, x, 0, n, MPI.INT, partner, 1);
            for (int k = 0; k < n; k++) if (x[k] != v(partner, k)) { System.out.println("identical n " + n + " [" + k + "] " + x[k]); System.exit(1); }
            int h = n / 2;
            int[] y = new int[n + h];
            for (int k = 0; k < n + h; k++) y[k] = v(rank, k);
            MPI.COMM_WORLD.Sendrecv(y, 0, n, MPI.INT, partner, 2, y, h, n, MPI.INT, partner, 2);
            for (int k = 0; k < h; k++) if (y[k] != v(rank, k)) { System.out.println("overlap untouched n " + n + " [" + k + "] " + y[k]); System.exit(1); }
            for (int k = 0; k < n; k++) if (y[h + k] != v(partner, k)) { System.out.println("overlap n " + n + " [" + (h + k) + "] " + y[h + k]); System.exit(1); }
            int[] z = new int[n + h];
            for (int k = 0; k < n + h; k++) z[k] = v(rank, k);
            MPI.COMM_WORLD.Sendrecv(z, h, n, MPI.INT, rank, 3, z, 0, n, MPI.INT, rank, 3); // to itself, backwards overlap
            for (int k = 0; k < n; k++) if (z[k] != v(rank, h + k)) { System.out.println("self n " + n + " [" + k + "] " + z[k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasSendrecv");
        MPI.Finalize();
    }
}
