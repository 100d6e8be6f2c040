// np: 1 2
import mpi.*;

/** A receive nobody matches is cancelled: Wait returns a status with Test_cancelled() true and the buffer untouched. */
public class CancelRecv {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] buf = {7, 7};
        Request r = MPI.COMM_WORLD.Irecv(buf, 0, 2, MPI.INT, MPI.ANY_SOURCE, 12345);
        r.Cancel();
        Status st = r.Wait();
        if (!st.Test_cancelled()) { System.out.println("not cancelled"); System.exit(1); }
        if (buf[0] != 7 || buf[1] != 7) { System.out.println("cancelled receive wrote the buffer"); System.exit(1); }
        // the tag is still usable afterwards
        int[] v = {rank + 1}, w = new int[1];
        Request rr = MPI.COMM_WORLD.Irecv(w, 0, 1, MPI.INT, rank, 12345);
        MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, rank, 12345);
        Status s2 = rr.Wait();
        if (s2.Test_cancelled() || w[0] != rank + 1) { System.out.println("self message " + w[0]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CancelRecv");
        MPI.Finalize();
    }
}
