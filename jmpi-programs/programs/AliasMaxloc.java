// np: 2 3 4
import mpi.*;

/** MAXLOC on DOUBLE2 pairs with Allreduce and Reduce in place (same array in and out). */
public class AliasMaxloc {
    static double v(int r, int k) { return Math.cos(r * 0.9 + k * 0.37); }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 500;
        double[] x = new double[2 * n], y = new double[2 * n];
        for (int k = 0; k < n; k++) { x[2 * k] = v(rank, k); x[2 * k + 1] = rank; y[2 * k] = v(rank, k); y[2 * k + 1] = rank; }
        MPI.COMM_WORLD.Allreduce(x, 0, x, 0, n, MPI.DOUBLE2, MPI.MAXLOC);
        MPI.COMM_WORLD.Reduce(y, 0, y, 0, n, MPI.DOUBLE2, MPI.MINLOC, 0);
        for (int k = 0; k < n; k++) {
            double mx = v(0, k), mn = v(0, k); int ix = 0, in = 0;
            for (int r = 1; r < size; r++) { if (v(r, k) > mx) { mx = v(r, k); ix = r; } if (v(r, k) < mn) { mn = v(r, k); in = r; } }
            if (x[2 * k] != mx || x[2 * k + 1] != ix) { System.out.println("maxloc [" + k + "] " + x[2 * k] + "@" + x[2 * k + 1]); System.exit(1); }
            if (rank == 0 && (y[2 * k] != mn || y[2 * k + 1] != in)) { System.out.println("minloc [" + k + "] " + y[2 * k] + "@" + y[2 * k + 1]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasMaxloc");
        MPI.Finalize();
    }
}
