// np: 2
import mpi.*;
import java.nio.*;

/** sSendInit, bSendInit (with an attached buffer) and rSendInit (after the receiver's recvInit was started) each carry 3 rounds. */
public class PersistentModes {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL PersistentModes: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        LongBuffer b = MPI.newLongBuffer(2);
        int[] token = new int[1];
        if (rank == 0) {
            MPI.attachBuffer(new byte[4 * (16 + MPI.BSEND_OVERHEAD)]);
            Prequest ss = c.sSendInit(b, 2, MPI.LONG, 1, 1);
            Prequest bs = c.bSendInit(b, 2, MPI.LONG, 1, 2);
            Prequest rs = c.rSendInit(b, 2, MPI.LONG, 1, 3);
            for (int it = 0; it < 3; it++) {
                b.put(0, it).put(1, 1); ss.start(); ss.waitFor();
                b.put(0, it).put(1, 2); bs.start(); bs.waitFor();
                c.recv(token, 1, MPI.INT, 1, 9);          // the ready receive is posted
                b.put(0, it).put(1, 3); rs.start(); rs.waitFor();
            }
            ss.free(); bs.free(); rs.free();
            MPI.detachBuffer();
        } else if (rank == 1) {
            LongBuffer in = MPI.newLongBuffer(2);
            Prequest r1 = c.recvInit(in, 2, MPI.LONG, 0, 1), r2 = c.recvInit(in, 2, MPI.LONG, 0, 2), r3 = c.recvInit(in, 2, MPI.LONG, 0, 3);
            for (int it = 0; it < 3; it++) {
                r1.start(); r1.waitFor(); check(in.get(0) == it && in.get(1) == 1, "sSendInit round " + it + ": " + in.get(0) + "," + in.get(1));
                r2.start(); r2.waitFor(); check(in.get(0) == it && in.get(1) == 2, "bSendInit round " + it + ": " + in.get(0) + "," + in.get(1));
                r3.start();
                c.send(token, 1, MPI.INT, 0, 9);
                r3.waitFor(); check(in.get(0) == it && in.get(1) == 3, "rSendInit round " + it + ": " + in.get(0) + "," + in.get(1));
            }
            r1.free(); r2.free(); r3.free();
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS PersistentModes");
        MPI.Finalize();
    }
}
