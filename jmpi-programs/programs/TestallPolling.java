// np: 2
import mpi.*;

/** Testall returns null while a receive is pending (the sender waits for a go message), then all statuses. */
public class TestallPolling {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] a = new int[10], b = new int[10], go = new int[1];
        if (rank == 0) {
            Request[] reqs = { MPI.COMM_WORLD.Irecv(a, 0, 10, MPI.INT, 1, 1), MPI.REQUEST_NULL,
                               MPI.COMM_WORLD.Irecv(b, 0, 10, MPI.INT, 1, 2) };
            for (int i = 0; i < 5; i++) {
                if (Request.Testall(reqs) != null) { System.out.println("Testall complete before anything was sent"); System.exit(1); }
            }
            MPI.COMM_WORLD.Send(go, 0, 1, MPI.INT, 1, 0);
            Status[] st;
            while ((st = Request.Testall(reqs)) == null) Thread.onSpinWait();
            if (st.length != 3 || st[0].source != 1 || st[0].tag != 1 || st[2].tag != 2) {
                System.out.println("statuses " + st.length); System.exit(1);
            }
            for (int k = 0; k < 10; k++) if (a[k] != k * 3 || b[k] != k * 5) { System.out.println("[" + k + "] " + a[k] + " " + b[k]); System.exit(1); }
            System.out.println("PASS TestallPolling");
        } else {
            MPI.COMM_WORLD.Recv(go, 0, 1, MPI.INT, 0, 0);
            for (int k = 0; k < 10; k++) { a[k] = k * 3; b[k] = k * 5; }
            MPI.COMM_WORLD.Send(b, 0, 10, MPI.INT, 0, 2);
            MPI.COMM_WORLD.Send(a, 0, 10, MPI.INT, 0, 1);
        }
        MPI.Finalize();
    }
}
