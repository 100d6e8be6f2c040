// np: 2 3 4
import mpi.*;

/** Testany and Testsome polled until all receives completed; a null result means nothing completed yet. */
public class TestanyTestsome {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        if (rank == 0) {
            int m = size - 1;
            long[][] bufs = new long[2 * m][3];
            Request[] first = new Request[m], second = new Request[m];
            for (int s = 1; s < size; s++) {
                first[s - 1] = MPI.COMM_WORLD.Irecv(bufs[s - 1], 0, 3, MPI.LONG, s, 1);
                second[s - 1] = MPI.COMM_WORLD.Irecv(bufs[m + s - 1], 0, 3, MPI.LONG, s, 2);
            }
            int n = 0;
            boolean[] seen = new boolean[m];
            while (n < m) {
                Status st = Request.Testany(first);
                if (st == null) continue;
                if (seen[st.index] || st.source != st.index + 1) { System.out.println("Testany index " + st.index + " source " + st.source); System.exit(1); }
                seen[st.index] = true; n++;
            }
            n = 0;
            boolean[] seen2 = new boolean[m];
            while (n < m) {
                Status[] some = Request.Testsome(second);
                if (some == null) continue;
                for (Status st : some) {
                    if (seen2[st.index] || st.source != st.index + 1 || st.tag != 2) { System.out.println("Testsome index " + st.index); System.exit(1); }
                    seen2[st.index] = true; n++;
                }
            }
            for (int s = 1; s < size; s++)
                for (int k = 0; k < 3; k++)
                    if (bufs[s - 1][k] != s * 10L + k || bufs[m + s - 1][k] != s * 100L + k) { System.out.println("data from " + s); System.exit(1); }
            System.out.println("PASS TestanyTestsome");
        } else {
            long[] a = new long[3], b = new long[3];
            for (int k = 0; k < 3; k++) { a[k] = rank * 10L + k; b[k] = rank * 100L + k; }
            MPI.COMM_WORLD.Send(a, 0, 3, MPI.LONG, 0, 1);
            MPI.COMM_WORLD.Send(b, 0, 3, MPI.LONG, 0, 2);
        }
        MPI.Finalize();
    }
}
