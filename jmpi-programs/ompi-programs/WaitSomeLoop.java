// np: 3 5
import mpi.*;
import java.nio.*;

/** waitSome returns the indexes of completed requests until null (nothing active); waitSomeStatus carries the indexes in getIndex. */
public class WaitSomeLoop {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL WaitSomeLoop: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int per = 3;
        if (rank == 0) {
            for (int round = 0; round < 2; round++) {
                int n = (size - 1) * per;
                Request[] rs = new Request[n];
                IntBuffer bufs = MPI.newIntBuffer(n);
                for (int i = 0; i < n; i++) rs[i] = c.iRecv(MPI.slice(bufs, i), 1, MPI.INT, 1 + i / per, i % per);
                int completed = 0;
                boolean[] seen = new boolean[n];
                for (int guard = 0; guard <= n; guard++) {
                    int[] idx;
                    if (round == 0) {
                        idx = Request.waitSome(rs);
                    } else {
                        Status[] st = Request.waitSomeStatus(rs);
                        if (st == null) idx = null;
                        else {
                            idx = new int[st.length];
                            for (int k = 0; k < st.length; k++) {
                                idx[k] = st[k].getIndex();
                                check(st[k].getSource() == 1 + idx[k] / per && st[k].getTag() == idx[k] % per, "status of " + idx[k]);
                            }
                        }
                    }
                    if (idx == null) break;
                    check(idx.length > 0, "waitSome returned no index while requests were active");
                    for (int i : idx) { check(!seen[i], "index " + i + " twice"); seen[i] = true; completed++; check(rs[i].isNull(), "not null " + i); }
                }
                check(completed == n, "completed " + completed + " of " + n);
                for (int i = 0; i < n; i++) check(bufs.get(i) == 1000 * round + i, "value " + i + " = " + bufs.get(i));
            }
        } else {
            for (int round = 0; round < 2; round++)
                for (int t = per - 1; t >= 0; t--) c.send(new int[] {1000 * round + (rank - 1) * per + t}, 1, MPI.INT, 0, t);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS WaitSomeLoop");
        MPI.Finalize();
    }
}
