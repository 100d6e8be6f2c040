// np: 1 3 4
import mpi.*;
import java.nio.*;

/** iBarrier (test polling, bounded) and iBcast from every root with direct int, double and byte buffers; requests become null after completion. */
public class NbcBarrierBcast {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL NbcBarrierBcast: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        Request b = c.iBarrier();
        boolean done = false;
        for (int spin = 0; spin < 10_000_000 && !done; spin++) done = b.test();
        check(done, "iBarrier never completed");
        check(b.isNull(), "completed iBarrier request not null");
        for (int root = 0; root < size; root++) {
            IntBuffer ib = MPI.newIntBuffer(3);
            DoubleBuffer db = MPI.newDoubleBuffer(2);
            ByteBuffer bb = MPI.newByteBuffer(5);
            if (rank == root) { for (int i = 0; i < 3; i++) ib.put(i, root * 7 + i); db.put(0, root + 0.5).put(1, -root); for (int i = 0; i < 5; i++) bb.put(i, (byte) (root - i)); }
            Request[] rs = {c.iBcast(ib, 3, MPI.INT, root), c.iBcast(db, 2, MPI.DOUBLE, root), c.iBcast(bb, 5, MPI.BYTE, root)};
            Request.waitAll(rs);
            for (int i = 0; i < 3; i++) check(ib.get(i) == root * 7 + i, "root " + root + " int " + i + " = " + ib.get(i));
            check(db.get(0) == root + 0.5 && db.get(1) == -root, "root " + root + " double");
            for (int i = 0; i < 5; i++) check(bb.get(i) == (byte) (root - i), "root " + root + " byte " + i);
        }
        c.iBarrier().waitFor();
        if (rank == 0) System.out.println("PASS NbcBarrierBcast");
        MPI.Finalize();
    }
}
