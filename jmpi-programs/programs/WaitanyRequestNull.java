// np: 3 4
import mpi.*;

/** Waitany over an array holding MPI.REQUEST_NULL entries and null: each real request completes once, index from Status.index. */
public class WaitanyRequestNull {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        if (rank == 0) {
            int senders = size - 1;
            int[][] bufs = new int[senders][4];
            Request[] reqs = new Request[2 * senders + 1];
            for (int i = 0; i < reqs.length; i++) reqs[i] = MPI.REQUEST_NULL;
            for (int s = 1; s <= senders; s++) reqs[2 * s - 1] = MPI.COMM_WORLD.Irecv(bufs[s - 1], 0, 4, MPI.INT, s, 9);
            reqs[0] = null;
            boolean[] done = new boolean[reqs.length];
            for (int k = 0; k < senders; k++) {
                Status st = Request.Waitany(reqs);
                int idx = st.index;
                if (idx < 1 || idx % 2 == 0 || done[idx]) { System.out.println("Waitany gave index " + idx); System.exit(1); }
                done[idx] = true;
                int s = (idx + 1) / 2;
                if (st.source != s || st.tag != 9) { System.out.println("status " + st.source + "/" + st.tag + " at " + idx); System.exit(1); }
                for (int j = 0; j < 4; j++) if (bufs[s - 1][j] != s * s + j) { System.out.println("data from " + s); System.exit(1); }
            }
            System.out.println("PASS WaitanyRequestNull");
        } else {
            int[] v = new int[4];
            for (int j = 0; j < 4; j++) v[j] = rank * rank + j;
            if (rank % 2 == 0) Thread.sleep(50);
            MPI.COMM_WORLD.Send(v, 0, 4, MPI.INT, 0, 9);
        }
        MPI.Finalize();
    }
}
