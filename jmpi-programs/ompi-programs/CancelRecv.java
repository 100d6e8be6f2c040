// np: 1 2
import mpi.*;
import java.nio.*;

/** An iRecv that nothing matches is cancelled: wait returns a Status with isCancelled() true and the buffer untouched; a later message still goes to a new receive. */
public class CancelRecv {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CancelRecv: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        IntBuffer b = MPI.newIntBuffer(1);
        b.put(0, -7);
        Request r = c.iRecv(b, 1, MPI.INT, MPI.ANY_SOURCE, 12345);
        r.cancel();
        Status s = r.waitStatus();
        check(s.isCancelled(), "cancelled receive reports isCancelled() false");
        check(b.get(0) == -7, "cancelled receive wrote " + b.get(0));
        IntBuffer v = MPI.newIntBuffer(1);
        v.put(0, rank + 1);
        Request q = c.iSend(v, 1, MPI.INT, rank, 12345);
        Status t = c.recv(b, 1, MPI.INT, rank, 12345);
        q.waitFor();
        check(b.get(0) == rank + 1 && !t.isCancelled(), "message after the cancel: " + b.get(0));
        c.barrier();
        if (rank == 0) System.out.println("PASS CancelRecv");
        MPI.Finalize();
    }
}
