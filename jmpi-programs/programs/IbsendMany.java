// np: 2 3 4
import mpi.*;

/** Many Ibsend messages to every other rank through one attached buffer, completed with Waitall, received with Waitany. */
public class IbsendMany {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int per = 10, n = 16;
        MPI.Buffer_attach(new byte[per * (size - 1) * (4 * n + MPI.BSEND_OVERHEAD) + 256]);
        Request[] sends = new Request[per * (size - 1)];
        int s = 0;
        for (int d = 0; d < size; d++) {
            if (d == rank) continue;
            for (int m = 0; m < per; m++) {
                int[] v = new int[n];
                for (int k = 0; k < n; k++) v[k] = rank * 10000 + d * 1000 + m * 20 + k;
                sends[s++] = MPI.COMM_WORLD.Ibsend(v, 0, n, MPI.INT, d, m);
            }
        }
        Request.Waitall(sends);
        int[][] in = new int[per * (size - 1)][n];
        Request[] recvs = new Request[in.length];
        int r = 0;
        for (int src = 0; src < size; src++) {
            if (src == rank) continue;
            for (int m = 0; m < per; m++) { recvs[r] = MPI.COMM_WORLD.Irecv(in[r], 0, n, MPI.INT, src, m); r++; }
        }
        for (int done = 0; done < recvs.length; done++) {
            Status st = Request.Waitany(recvs);
            int[] v = in[st.index];
            for (int k = 0; k < n; k++) if (v[k] != st.source * 10000 + rank * 1000 + st.tag * 20 + k) { System.out.println("from " + st.source + " tag " + st.tag + " [" + k + "] " + v[k]); System.exit(1); }
        }
        MPI.Buffer_detach();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS IbsendMany");
        MPI.Finalize();
    }
}
