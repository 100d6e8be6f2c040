// np: 3 6
import mpi.*;
import java.nio.*;

/** Rank 0 posts one iRecv per peer; waitAll (then waitAllStatus on a second round) completes them all, every element becomes null, statuses in request order. */
public class WaitAllStatus {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL WaitAllStatus: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        for (int round = 0; round < 2; round++) {
            if (rank == 0) {
                Request[] rs = new Request[size - 1];
                IntBuffer[] bufs = new IntBuffer[size - 1];
                for (int p = 1; p < size; p++) { bufs[p - 1] = MPI.newIntBuffer(2); rs[p - 1] = c.iRecv(bufs[p - 1], 2, MPI.INT, p, round); }
                if (round == 0) {
                    Request.waitAll(rs);
                } else {
                    Status[] st = Request.waitAllStatus(rs);
                    check(st.length == size - 1, "waitAllStatus length " + st.length);
                    for (int p = 1; p < size; p++) check(st[p - 1].getSource() == p && st[p - 1].getTag() == round && st[p - 1].getCount(MPI.INT) == 2,
                            "status " + (p - 1) + ": source " + st[p - 1].getSource());
                }
                for (int p = 1; p < size; p++) {
                    check(rs[p - 1].isNull(), "round " + round + " request " + (p - 1) + " not null after waitAll");
                    check(bufs[p - 1].get(0) == p * 7 + round && bufs[p - 1].get(1) == -p, "round " + round + " data from " + p + ": " + bufs[p - 1].get(0));
                }
                Request.waitAll(rs);        // all null: returns at once
            } else {
                IntBuffer b = MPI.newIntBuffer(2);
                b.put(0, rank * 7 + round).put(1, -rank);
                Request[] one = {c.iSend(b, 2, MPI.INT, 0, round)};
                Request.waitAll(one);
            }
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS WaitAllStatus");
        MPI.Finalize();
    }
}
