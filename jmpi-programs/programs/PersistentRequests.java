// np: 2
import mpi.*;

/** Send_init/Recv_init started and waited ten times, the buffers refilled between starts. */
public class PersistentRequests {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int n = 100;
        long[] buf = new long[n];
        Prequest req = rank == 0 ? MPI.COMM_WORLD.Send_init(buf, 0, n, MPI.LONG, 1, 42)
                                 : MPI.COMM_WORLD.Recv_init(buf, 0, n, MPI.LONG, 0, 42);
        for (int it = 0; it < 10; it++) {
            if (rank == 0) for (int k = 0; k < n; k++) buf[k] = it * 1000L + k;
            else java.util.Arrays.fill(buf, -1);
            req.Start();
            Status st = req.Wait();
            if (rank == 1) {
                if (st.source != 0 || st.tag != 42 || st.Get_count(MPI.LONG) != n) { System.out.println("status " + st); System.exit(1); }
                for (int k = 0; k < n; k++) if (buf[k] != it * 1000L + k) { System.out.println("it " + it + " [" + k + "] " + buf[k]); System.exit(1); }
            }
        }
        req.Free();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS PersistentRequests");
        MPI.Finalize();
    }
}
