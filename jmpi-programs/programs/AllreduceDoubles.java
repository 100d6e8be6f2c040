// np: 2 3 4 6
import mpi.*;

/** Allreduce SUM/MAX/MIN on doubles (exact: small integers) and floats, sizes 1 to 100000. */
public class AllreduceDoubles {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{1, 7, 1000, 100000}) {
            double[] in = new double[n], sum = new double[n], max = new double[n], min = new double[n];
            float[] fin = new float[n], fsum = new float[n];
            for (int k = 0; k < n; k++) { in[k] = (k % 97) * (rank + 1) - rank; fin[k] = (float) in[k]; }
            MPI.COMM_WORLD.Allreduce(in, 0, sum, 0, n, MPI.DOUBLE, MPI.SUM);
            MPI.COMM_WORLD.Allreduce(in, 0, max, 0, n, MPI.DOUBLE, MPI.MAX);
            MPI.COMM_WORLD.Allreduce(in, 0, min, 0, n, MPI.DOUBLE, MPI.MIN);
            MPI.COMM_WORLD.Allreduce(fin, 0, fsum, 0, n, MPI.FLOAT, MPI.SUM);
            for (int k = 0; k < n; k++) {
                double s = 0, mx = Double.NEGATIVE_INFINITY, mn = Double.POSITIVE_INFINITY;
                for (int r = 0; r < size; r++) { double x = (k % 97) * (r + 1) - r; s += x; mx = Math.max(mx, x); mn = Math.min(mn, x); }
                if (sum[k] != s || max[k] != mx || min[k] != mn || fsum[k] != (float) s) {
                    System.out.println("n " + n + " [" + k + "] " + sum[k] + " " + max[k] + " " + min[k] + " " + fsum[k] + " want " + s + " " + mx + " " + mn); System.exit(1);
                }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AllreduceDoubles");
        MPI.Finalize();
    }
}
