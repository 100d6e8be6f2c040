// np: 2
import mpi.*;

/** Synchronous-mode ping-pong of growing messages; each reply doubles the values. */
public class SsendPingPong {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        for (int n = 1; n <= 1 << 16; n *= 4) {
            float[] buf = new float[n];
            if (rank == 0) {
                for (int k = 0; k < n; k++) buf[k] = k + n;
                MPI.COMM_WORLD.Ssend(buf, 0, n, MPI.FLOAT, 1, n);
                Status st = MPI.COMM_WORLD.Recv(buf, 0, n, MPI.FLOAT, 1, n + 1);
                if (st.source != 1 || st.tag != n + 1 || st.Get_count(MPI.FLOAT) != n) {
                    System.out.println("status " + st.source + " " + st.tag + " " + st.Get_count(MPI.FLOAT)); System.exit(1);
                }
                for (int k = 0; k < n; k++) if (buf[k] != 2f * (k + n)) { System.out.println("n=" + n + " [" + k + "]=" + buf[k]); System.exit(1); }
            } else if (rank == 1) {
                MPI.COMM_WORLD.Recv(buf, 0, n, MPI.FLOAT, 0, n);
                for (int k = 0; k < n; k++) buf[k] *= 2;
                MPI.COMM_WORLD.Ssend(buf, 0, n, MPI.FLOAT, 0, n + 1);
            }
        }
        if (rank == 0) System.out.println("PASS SsendPingPong");
        MPI.Finalize();
    }
}
