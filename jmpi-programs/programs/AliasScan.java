// np: 2 3 4 5
import mpi.*;

/** Scan(x, 0, x, 0, n, ...) in place, and with the output shifted by one element inside the same array. */
public class AliasScan {
    static long v(int r, int k) { return (k * 7 + r * 3) % 50 + 1; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{10, 1000, 100000}) {
            long[] x = new long[n], y = new long[n + 1];
            for (int k = 0; k < n; k++) { x[k] = v(rank, k); y[k] = v(rank, k); }
            MPI.COMM_WORLD.Scan(x, 0, x, 0, n, MPI.LONG, MPI.SUM);
            MPI.COMM_WORLD.Scan(y, 0, y, 1, n, MPI.LONG, MPI.SUM);
            for (int k = 0; k < n; k++) {
                long s = 0;
                for (int r = 0; r <= rank; r++) s += v(r, k);
                if (x[k] != s || y[k + 1] != s) { System.out.println("n " + n + " rank " + rank + " [" + k + "] " + x[k] + " " + y[k + 1] + " want " + s); System.exit(1); }
            }
            if (y[0] != v(rank, 0)) { System.out.println("y[0] changed"); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasScan");
        MPI.Finalize();
    }
}
