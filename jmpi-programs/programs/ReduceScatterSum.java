// np: 2 3 4 5
import mpi.*;

/** Reduce_scatter: the element-wise sum, rank r keeping its recvcounts[r] slice (one rank gets nothing). */
public class ReduceScatterSum {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] counts = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) { counts[r] = r == size - 1 ? 0 : 3 * r + 2; total += counts[r]; }
        long[] in = new long[total];
        for (int k = 0; k < total; k++) in[k] = (long) (rank + 1) * (k + 1);
        long[] out = new long[Math.max(1, counts[rank])];
        MPI.COMM_WORLD.Reduce_scatter(in, 0, out, 0, counts, MPI.LONG, MPI.SUM);
        int start = 0;
        for (int r = 0; r < rank; r++) start += counts[r];
        long ranksSum = (long) size * (size + 1) / 2;
        for (int k = 0; k < counts[rank]; k++)
            if (out[k] != ranksSum * (start + k + 1)) { System.out.println("rank " + rank + " [" + k + "] " + out[k]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ReduceScatterSum");
        MPI.Finalize();
    }
}
