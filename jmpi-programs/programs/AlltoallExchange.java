// np: 1 2 3 4 6
import mpi.*;

/** Alltoall: block j of rank i's send buffer becomes block i of rank j's receive buffer (a distributed transpose). */
public class AlltoallExchange {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int n : new int[]{1, 4, 2500}) {
            double[] out = new double[n * size], in = new double[n * size];
            for (int j = 0; j < size; j++) for (int k = 0; k < n; k++) out[j * n + k] = rank * 1e6 + j * 1e3 + k;
            MPI.COMM_WORLD.Alltoall(out, 0, n, MPI.DOUBLE, in, 0, n, MPI.DOUBLE);
            for (int i = 0; i < size; i++) for (int k = 0; k < n; k++)
                if (in[i * n + k] != i * 1e6 + rank * 1e3 + k) { System.out.println("n " + n + " rank " + rank + " from " + i + " [" + k + "] " + in[i * n + k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AlltoallExchange");
        MPI.Finalize();
    }
}
