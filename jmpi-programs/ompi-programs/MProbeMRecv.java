// np: 2 4
import mpi.*;

/** Matched probe: Message.mProbe binds the message (size from the Status), mRecv receives exactly it and resets the Message to null, with arrays and direct buffers. */
public class MProbeMRecv {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL MProbeMRecv: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        Message fresh = new Message();
        check(fresh.isNull() && !fresh.isNoProc(), "new Message() is not the null message");
        if (rank == 0) {
            for (int k = 1; k < size; k++) {
                Message m = new Message();
                Status s = m.mProbe(MPI.ANY_SOURCE, 3, c);
                check(!m.isNull(), "mProbe left the message null");
                int src = s.getSource(), n = s.getCount(MPI.INT);
                check(n == src + 2, "count from " + src + ": " + n);
                int[] buf = new int[n];
                Status r = m.mRecv(buf, n, MPI.INT);
                check(m.isNull(), "mRecv did not reset the message");
                check(r.getSource() == src && r.getTag() == 3 && r.getCount(MPI.INT) == n, "mRecv status");
                for (int i = 0; i < n; i++) check(buf[i] == src * 10 + i, "data from " + src + " [" + i + "] = " + buf[i]);
                Message m2 = new Message();
                m2.mProbe(src, 4, c);
                java.nio.DoubleBuffer db = MPI.newDoubleBuffer(1);
                m2.mRecv(db, 1, MPI.DOUBLE);
                check(db.get(0) == src + 0.5, "direct mRecv from " + src + ": " + db.get(0));
            }
        } else {
            int[] data = new int[rank + 2];
            for (int i = 0; i < data.length; i++) data[i] = rank * 10 + i;
            c.send(data, data.length, MPI.INT, 0, 3);
            c.send(new double[] {rank + 0.5}, 1, MPI.DOUBLE, 0, 4);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS MProbeMRecv");
        MPI.Finalize();
    }
}
