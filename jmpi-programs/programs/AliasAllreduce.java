// np: 2 3 4
import mpi.*;

/** Allreduce(x, 0, x, 0, n, ...): the same array as send and receive buffer, for 10, 1000 and 100000 elements. */
public class AliasAllreduce {
    static long v(int r, int k) { return (long) (r + 1) * (k % 1009) - r; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{10, 1000, 100000}) {
            long[] x = new long[n];
            int[] y = new int[n];
            for (int k = 0; k < n; k++) { x[k] = v(rank, k); y[k] = (int) v(rank, k); }
            MPI.COMM_WORLD.Allreduce(x, 0, x, 0, n, MPI.LONG, MPI.SUM);
            MPI.COMM_WORLD.Allreduce(y, 0, y, 0, n, MPI.INT, MPI.MAX);
            for (int k = 0; k < n; k++) {
                long s = 0; int m = Integer.MIN_VALUE;
                for (int r = 0; r < size; r++) { s += v(r, k); m = Math.max(m, (int) v(r, k)); }
                if (x[k] != s || y[k] != m) { System.out.println("n " + n + " rank " + rank + " [" + k + "] " + x[k] + " " + y[k] + " want " + s + " " + m); System.exit(1); }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasAllreduce");
        MPI.Finalize();
    }
}
