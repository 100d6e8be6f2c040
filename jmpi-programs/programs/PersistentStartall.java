// np: 2 3 4
import mpi.*;

/** Prequest.Startall over persistent sends and receives to every other rank, several iterations. */
public class PersistentStartall {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 20;
        int[][] out = new int[size][n], in = new int[size][n];
        Prequest[] reqs = new Prequest[2 * (size - 1)];
        int r = 0;
        for (int p = 0; p < size; p++) {
            if (p == rank) continue;
            reqs[r++] = MPI.COMM_WORLD.Recv_init(in[p], 0, n, MPI.INT, p, 3);
            reqs[r++] = MPI.COMM_WORLD.Ssend_init(out[p], 0, n, MPI.INT, p, 3);
        }
        for (int it = 0; it < 8; it++) {
            for (int p = 0; p < size; p++) for (int k = 0; k < n; k++) out[p][k] = it * 10000 + rank * 100 + p * 10 + k;
            Prequest.Startall(reqs);
            Request.Waitall(reqs);
            for (int p = 0; p < size; p++) {
                if (p == rank) continue;
                for (int k = 0; k < n; k++) if (in[p][k] != it * 10000 + p * 100 + rank * 10 + k) {
                    System.out.println("it " + it + " from " + p + " [" + k + "] " + in[p][k]); System.exit(1);
                }
            }
        }
        for (Prequest q : reqs) q.Free();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS PersistentStartall");
        MPI.Finalize();
    }
}
