// np: 2 4
import mpi.*;

/** Ready-mode sends: every receive is posted (Irecv) and a Barrier passed before the matching Rsend. */
public class RsendReady {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 64;
        int[][] in = new int[size][n];
        Request[] reqs = new Request[size - 1];
        int r = 0;
        for (int src = 0; src < size; src++) if (src != rank) reqs[r++] = MPI.COMM_WORLD.Irecv(in[src], 0, n, MPI.INT, src, 5);
        MPI.COMM_WORLD.Barrier();
        for (int dest = 0; dest < size; dest++) {
            if (dest == rank) continue;
            int[] out = new int[n];
            for (int k = 0; k < n; k++) out[k] = rank * 1000 + dest * 100 + k;
            MPI.COMM_WORLD.Rsend(out, 0, n, MPI.INT, dest, 5);
        }
        Request.Waitall(reqs);
        for (int src = 0; src < size; src++) {
            if (src == rank) continue;
            for (int k = 0; k < n; k++) if (in[src][k] != src * 1000 + rank * 100 + k) {
                System.out.println("rank " + rank + " from " + src + " [" + k + "] " + in[src][k]); System.exit(1);
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS RsendReady");
        MPI.Finalize();
    }
}
