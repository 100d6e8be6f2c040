// np: 1 2 3 4
import mpi.*;

/** The classic row-block matrix-vector product: Bcast the vector, Scatter row blocks, multiply, Gather; exact integer check. */
public class MatVecRows {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int rowsPer = 5, n = rowsPer * size, cols = 13;
        long[] a = new long[n * cols], x = new long[cols];
        if (rank == 0) {
            for (int i = 0; i < n; i++) for (int j = 0; j < cols; j++) a[i * cols + j] = (i * 31 + j * 17) % 23 - 11;
            for (int j = 0; j < cols; j++) x[j] = j * j - 5;
        }
        MPI.COMM_WORLD.Bcast(x, 0, cols, MPI.LONG, 0);
        long[] mine = new long[rowsPer * cols];
        MPI.COMM_WORLD.Scatter(a, 0, rowsPer * cols, MPI.LONG, mine, 0, rowsPer * cols, MPI.LONG, 0);
        long[] y = new long[rowsPer];
        for (int i = 0; i < rowsPer; i++) for (int j = 0; j < cols; j++) y[i] += mine[i * cols + j] * x[j];
        long[] all = new long[n];
        MPI.COMM_WORLD.Gather(y, 0, rowsPer, MPI.LONG, all, 0, rowsPer, MPI.LONG, 0);
        if (rank == 0) {
            for (int i = 0; i < n; i++) {
                long s = 0;
                for (int j = 0; j < cols; j++) s += ((i * 31 + j * 17) % 23 - 11) * (long) (j * j - 5);
                if (all[i] != s) { System.out.println("y[" + i + "] " + all[i] + " want " + s); System.exit(1); }
            }
            System.out.println("PASS MatVecRows");
        }
        MPI.Finalize();
    }
}
