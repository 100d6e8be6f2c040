// np: 2
import mpi.*;
import java.nio.*;

/** imProbe returns null and leaves the Message null when nothing waits; after the send it matches, and imRecv (direct buffer) completes through a Request. */
public class ImProbeImRecv {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ImProbeImRecv: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        if (rank == 1) {
            Message m = new Message();
            check(m.imProbe(0, 8, c) == null, "imProbe matched before the send");
            check(m.isNull(), "failed imProbe changed the message");
            c.send(new int[1], 1, MPI.INT, 0, 99);
            Status s = null;
            for (int spin = 0; spin < 5_000_000 && s == null; spin++) s = m.imProbe(0, 8, c);
            check(s != null, "imProbe never matched");
            check(s.getCount(MPI.LONG) == 4, "count " + s.getCount(MPI.LONG));
            // the message is bound: a plain iProbe does not see it any more
            check(c.iProbe(0, 8) == null, "matched message still visible to iProbe");
            LongBuffer b = MPI.newLongBuffer(4);
            Request r = m.imRecv(b, 4, MPI.LONG);
            Status rs = r.waitStatus();
            check(rs.getSource() == 0 && rs.getTag() == 8, "imRecv status");
            for (int i = 0; i < 4; i++) check(b.get(i) == 1L << (10 * i), "value " + i + " = " + b.get(i));
            check(m.isNull(), "imRecv did not reset the message");
        } else if (rank == 0) {
            c.recv(new int[1], 1, MPI.INT, 1, 99);
            c.send(new long[] {1, 1 << 10, 1 << 20, 1L << 30}, 4, MPI.LONG, 1, 8);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS ImProbeImRecv");
        MPI.Finalize();
    }
}
