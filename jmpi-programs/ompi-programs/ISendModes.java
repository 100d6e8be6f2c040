// np: 2
import mpi.*;
import java.nio.*;

/** isSend (completes only once matched), ibSend (completes locally with an attached buffer) and irSend (after the receive is posted). */
public class ISendModes {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ISendModes: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        IntBuffer b = MPI.newIntBuffer(4);
        if (rank == 0) {
            for (int i = 0; i < 4; i++) b.put(i, i + 1);
            Request ss = c.isSend(b, 4, MPI.INT, 1, 1);
            // the receiver waits for our go before posting: the synchronous send cannot be complete yet
            for (int i = 0; i < 100; i++) check(!ss.test(), "isSend completed before the receive was posted");
            c.send(new int[] {1}, 1, MPI.INT, 1, 9);
            ss.waitFor();
            MPI.attachBuffer(new byte[4096]);
            IntBuffer bb = MPI.newIntBuffer(4);
            for (int i = 0; i < 4; i++) bb.put(i, 10 + i);
            Request bs = c.ibSend(bb, 4, MPI.INT, 1, 2);
            bs.waitFor();                       // local completion
            c.send(new int[] {2}, 1, MPI.INT, 1, 9);
            MPI.detachBuffer();
            c.recv(new int[1], 1, MPI.INT, 1, 8);   // receiver posted the ready receive
            IntBuffer rb = MPI.newIntBuffer(4);
            for (int i = 0; i < 4; i++) rb.put(i, 20 + i);
            c.irSend(rb, 4, MPI.INT, 1, 3).waitFor();
        } else if (rank == 1) {
            int[] go = new int[1];
            c.recv(go, 1, MPI.INT, 0, 9);
            c.recv(b, 4, MPI.INT, 0, 1);
            for (int i = 0; i < 4; i++) check(b.get(i) == i + 1, "isSend data " + i + " = " + b.get(i));
            c.recv(go, 1, MPI.INT, 0, 9);      // the ibSend is already complete at the sender
            c.recv(b, 4, MPI.INT, 0, 2);
            for (int i = 0; i < 4; i++) check(b.get(i) == 10 + i, "ibSend data " + i + " = " + b.get(i));
            Request r = c.iRecv(b, 4, MPI.INT, 0, 3);
            c.send(new int[1], 1, MPI.INT, 0, 8);
            r.waitFor();
            for (int i = 0; i < 4; i++) check(b.get(i) == 20 + i, "irSend data " + i + " = " + b.get(i));
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS ISendModes");
        MPI.Finalize();
    }
}
