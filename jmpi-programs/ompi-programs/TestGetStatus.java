// np: 2
import mpi.*;
import java.nio.*;

/** test/testStatus answer false/null before the message; getStatus reports completion without freeing the request (still usable by waitStatus). */
public class TestGetStatus {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL TestGetStatus: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        if (rank == 1) {
            DoubleBuffer b = MPI.newDoubleBuffer(2);
            Request r = c.iRecv(b, 2, MPI.DOUBLE, 0, 4);
            check(!r.test(), "test true before the send");
            check(r.testStatus() == null, "testStatus not null before the send");
            check(r.getStatus() == null, "getStatus not null before the send");
            check(!r.isNull(), "pending request is null");
            c.send(new int[1], 1, MPI.INT, 0, 99);
            Status s = null;
            for (int spin = 0; spin < 5_000_000 && s == null; spin++) s = r.getStatus();
            check(s != null && s.getSource() == 0 && s.getTag() == 4, "getStatus never reported completion");
            check(!r.isNull(), "getStatus freed the request");
            Status w = r.waitStatus();
            check(w.getTag() == 4 && w.getCount(MPI.DOUBLE) == 2 && r.isNull(), "waitStatus after getStatus");
            check(b.get(0) == 1.25 && b.get(1) == -8, "data " + b.get(0) + " " + b.get(1));
            r = c.iRecv(b, 2, MPI.DOUBLE, 0, 5);
            c.send(new int[1], 1, MPI.INT, 0, 99);
            Status t = null;
            for (int spin = 0; spin < 5_000_000 && t == null; spin++) t = r.testStatus();
            check(t != null && t.getTag() == 5 && r.isNull(), "testStatus");
            r.free();                                  // free of a null request is ignored
        } else if (rank == 0) {
            c.recv(new int[1], 1, MPI.INT, 1, 99);
            c.send(new double[] {1.25, -8}, 2, MPI.DOUBLE, 1, 4);
            c.recv(new int[1], 1, MPI.INT, 1, 99);
            c.send(new double[] {0, 0}, 2, MPI.DOUBLE, 1, 5);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS TestGetStatus");
        MPI.Finalize();
    }
}
