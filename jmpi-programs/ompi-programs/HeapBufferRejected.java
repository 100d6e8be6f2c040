// np: 2
import mpi.*;
import java.nio.*;

/** Non-blocking and persistent calls reject heap buffers with IllegalArgumentException (not MPIException), and nothing is sent. */
public class HeapBufferRejected {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL HeapBufferRejected: " + what); System.exit(1); }
    }
    interface Call { void run() throws MPIException; }
    static void rejects(String what, Call call) throws MPIException {
        try { call.run(); check(false, what + " accepted a heap buffer"); }
        catch (IllegalArgumentException expected) { }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        IntBuffer heap = IntBuffer.allocate(4);
        IntBuffer direct = MPI.newIntBuffer(4);
        int peer = 1 - rank;
        rejects("iSend", () -> c.iSend(heap, 4, MPI.INT, peer, 1));
        rejects("iRecv", () -> c.iRecv(IntBuffer.wrap(new int[4]), 4, MPI.INT, peer, 1));
        rejects("isSend", () -> c.isSend(heap, 4, MPI.INT, peer, 1));
        rejects("sendInit", () -> c.sendInit(heap, 4, MPI.INT, peer, 1));
        rejects("recvInit", () -> c.recvInit(heap, 4, MPI.INT, peer, 1));
        rejects("iBcast", () -> c.iBcast(heap, 4, MPI.INT, 0));
        rejects("iAllReduce send", () -> c.iAllReduce(heap, direct, 4, MPI.INT, MPI.SUM));
        rejects("iAllReduce recv", () -> c.iAllReduce(direct, heap, 4, MPI.INT, MPI.SUM));
        rejects("iSend of a slice of an array", () -> c.iSend(MPI.slice(new int[8], 2), 4, MPI.INT, peer, 1));
        check(c.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "a rejected call sent something");
        c.barrier();
        check(c.iProbe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "a rejected call sent something");
        if (rank == 0) System.out.println("PASS HeapBufferRejected");
        MPI.Finalize();
    }
}
