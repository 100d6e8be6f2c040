// np: 2
import mpi.*;

/** Send and Recv at offsets inside larger arrays: only the addressed slots change. */
public class SendOffsets {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] sizes = {0, 1, 7, 100, 5000};
        int errors = 0;
        for (int t = 0; t < sizes.length; t++) {
            int n = sizes[t];
            int soff = 3 + t, roff = 11 - t;
            if (rank == 0) {
                long[] buf = new long[n + soff + 5];
                for (int k = 0; k < buf.length; k++) buf[k] = k * 31L + t;
                MPI.COMM_WORLD.Send(buf, soff, n, MPI.LONG, 1, t);
            } else if (rank == 1) {
                long[] buf = new long[n + roff + 4];
                java.util.Arrays.fill(buf, -7L);
                Status st = MPI.COMM_WORLD.Recv(buf, roff, n, MPI.LONG, 0, t);
                if (st.Get_count(MPI.LONG) != n) { errors++; System.out.println("count " + st.Get_count(MPI.LONG) + " != " + n); }
                for (int k = 0; k < buf.length; k++) {
                    long want = (k >= roff && k < roff + n) ? (k - roff + soff) * 31L + t : -7L;
                    if (buf[k] != want) { errors++; if (errors < 10) System.out.println("n=" + n + " buf[" + k + "]=" + buf[k] + " want " + want); }
                }
            }
        }
        int[] e = {errors}, all = new int[1];
        MPI.COMM_WORLD.Allreduce(e, 0, all, 0, 1, MPI.INT, MPI.SUM);
        if (all[0] != 0) System.exit(1);
        if (rank == 0) System.out.println("PASS SendOffsets");
        MPI.Finalize();
    }
}
