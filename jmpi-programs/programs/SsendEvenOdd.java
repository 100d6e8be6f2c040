// np: 2 3 4 5 6
import mpi.*;

/** Synchronous sends in even/odd phases (evens send first, odds receive first) to the right neighbour of an open chain. */
public class SsendEvenOdd {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 2000;
        int right = rank + 1 < size ? rank + 1 : MPI.PROC_NULL, left = rank > 0 ? rank - 1 : MPI.PROC_NULL;
        long[] out = new long[n], in = new long[n];
        for (int k = 0; k < n; k++) out[k] = rank * 100000L + k;
        java.util.Arrays.fill(in, -1);
        if (rank % 2 == 0) {
            MPI.COMM_WORLD.Ssend(out, 0, n, MPI.LONG, right, 0);
            MPI.COMM_WORLD.Recv(in, 0, n, MPI.LONG, left, 0);
        } else {
            MPI.COMM_WORLD.Recv(in, 0, n, MPI.LONG, left, 0);
            MPI.COMM_WORLD.Ssend(out, 0, n, MPI.LONG, right, 0);
        }
        for (int k = 0; k < n; k++) {
            long want = left == MPI.PROC_NULL ? -1 : left * 100000L + k;
            if (in[k] != want) { System.out.println("rank " + rank + " [" + k + "] " + in[k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS SsendEvenOdd");
        MPI.Finalize();
    }
}
