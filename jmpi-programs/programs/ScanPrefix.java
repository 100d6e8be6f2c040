// np: 1 2 3 4 7
import mpi.*;

/** Scan (inclusive prefix) with SUM, PROD and MAX against serial prefixes over ranks. */
public class ScanPrefix {
    static long v(int r, int k) { return (r * 5 + k) % 7 + 1; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 40;
        long[] in = new long[n], sum = new long[n], prod = new long[n], max = new long[n];
        for (int k = 0; k < n; k++) in[k] = v(rank, k);
        MPI.COMM_WORLD.Scan(in, 0, sum, 0, n, MPI.LONG, MPI.SUM);
        MPI.COMM_WORLD.Scan(in, 0, prod, 0, n, MPI.LONG, MPI.PROD);
        MPI.COMM_WORLD.Scan(in, 0, max, 0, n, MPI.LONG, MPI.MAX);
        for (int k = 0; k < n; k++) {
            long s = 0, p = 1, m = Long.MIN_VALUE;
            for (int r = 0; r <= rank; r++) { s += v(r, k); p *= v(r, k); m = Math.max(m, v(r, k)); }
            if (sum[k] != s || prod[k] != p || max[k] != m) { System.out.println("rank " + rank + " [" + k + "] " + sum[k] + " " + prod[k] + " " + max[k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ScanPrefix");
        MPI.Finalize();
    }
}
