// np: 2 3
import mpi.*;

/** Buffered sends through a buffer given with MPI.Buffer_attach(byte[]), sized with BSEND_OVERHEAD. */
public class BsendAttach {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int msgs = 5, n = 200;
        byte[] attached = new byte[msgs * (n * 8 + MPI.BSEND_OVERHEAD) * size + 1024];
        MPI.Buffer_attach(attached);
        int errors = 0;
        // every rank sends msgs messages to every other rank before receiving anything: only buffering makes it safe
        for (int dest = 0; dest < size; dest++) {
            if (dest == rank) continue;
            for (int m = 0; m < msgs; m++) {
                double[] data = new double[n];
                for (int k = 0; k < n; k++) data[k] = rank * 1e6 + dest * 1e4 + m * 100 + k;
                MPI.COMM_WORLD.Bsend(data, 0, n, MPI.DOUBLE, dest, m);
                java.util.Arrays.fill(data, -1); // the buffered copy must not see this
            }
        }
        for (int src = 0; src < size; src++) {
            if (src == rank) continue;
            for (int m = msgs - 1; m >= 0; m--) {
                double[] got = new double[n];
                MPI.COMM_WORLD.Recv(got, 0, n, MPI.DOUBLE, src, m);
                for (int k = 0; k < n; k++) {
                    double want = src * 1e6 + rank * 1e4 + m * 100 + k;
                    if (got[k] != want) { errors++; if (errors < 5) System.out.println("from " + src + " msg " + m + " [" + k + "] " + got[k] + " != " + want); }
                }
            }
        }
        MPI.Buffer_detach();
        if (errors != 0) System.exit(1);
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS BsendAttach");
        MPI.Finalize();
    }
}
