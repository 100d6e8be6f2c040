// np: 4 8
import mpi.*;
import java.nio.*;

/** waitAny completes one request per call until it answers UNDEFINED; waitAnyStatus reports the index through getIndex; REQUEST_NULL entries are skipped. */
public class WaitAnyLoop {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL WaitAnyLoop: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        if (rank == 0) {
            for (int round = 0; round < 2; round++) {
                Request[] rs = new Request[size];
                IntBuffer[] bs = new IntBuffer[size];
                rs[0] = MPI.REQUEST_NULL;
                for (int p = 1; p < size; p++) { bs[p] = MPI.newIntBuffer(1); rs[p] = c.iRecv(bs[p], 1, MPI.INT, p, 5); }
                boolean[] done = new boolean[size];
                for (int k = 1; k < size; k++) {
                    int idx;
                    if (round == 0) idx = Request.waitAny(rs);
                    else {
                        Status s = Request.waitAnyStatus(rs);
                        idx = s.getIndex();
                        check(s.getSource() == idx && s.getTag() == 5, "status of index " + idx + ": source " + s.getSource());
                    }
                    check(idx >= 1 && idx < size && !done[idx], "round " + round + " waitAny index " + idx);
                    done[idx] = true;
                    check(rs[idx].isNull(), "request " + idx + " not null");
                    check(bs[idx].get(0) == idx * 3 + round, "data " + bs[idx].get(0));
                }
                check(Request.waitAny(rs) == MPI.UNDEFINED, "waitAny over null requests is not UNDEFINED");
            }
        } else {
            for (int round = 0; round < 2; round++) c.send(new int[] {rank * 3 + round}, 1, MPI.INT, 0, 5);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS WaitAnyLoop");
        MPI.Finalize();
    }
}
