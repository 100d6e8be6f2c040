// np: 2 3 4
import mpi.*;

/** Allreduce reading x[0, n) and writing x[n/2, n/2 + n): partly overlapping regions of one array. */
public class AliasAllreduceOverlap {
    static double v(int r, int k) { return (k % 101) * 2 + r; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{10, 1000, 100000}) {
            int h = n / 2;
            double[] x = new double[n + h];
            for (int k = 0; k < n + h; k++) x[k] = v(rank, k);
            MPI.COMM_WORLD.Allreduce(x, 0, x, h, n, MPI.DOUBLE, MPI.SUM);
            for (int k = 0; k < h; k++) if (x[k] != v(rank, k)) { System.out.println("n " + n + " untouched [" + k + "] " + x[k]); System.exit(1); }
            for (int k = 0; k < n; k++) {
                double s = 0;
                for (int r = 0; r < size; r++) s += v(r, k);
                if (x[h + k] != s) { System.out.println("n " + n + " rank " + rank + " [" + (h + k) + "] " + x[h + k] + " want " + s); System.exit(1); }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasAllreduceOverlap");
        MPI.Finalize();
    }
}
