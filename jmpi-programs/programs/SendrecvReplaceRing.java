// np: 2 3 4
import mpi.*;

/** Sendrecv_replace rotating a buffer size times around the ring brings every value home. */
public class SendrecvReplaceRing {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 1000;
        int[] buf = new int[n + 10];
        for (int k = 0; k < buf.length; k++) buf[k] = rank * 100000 + k;
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        for (int step = 1; step <= size; step++) {
            Status st = MPI.COMM_WORLD.Sendrecv_replace(buf, 5, n, MPI.INT, right, step, left, step);
            int from = ((rank - step) % size + size) % size;
            if (st.source != left || st.tag != step) { System.out.println("status " + st.source + " " + st.tag); System.exit(1); }
            for (int k = 0; k < buf.length; k++) {
                int want = (k >= 5 && k < 5 + n) ? from * 100000 + k : rank * 100000 + k;
                if (buf[k] != want) { System.out.println("step " + step + " [" + k + "] " + buf[k] + " != " + want); System.exit(1); }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS SendrecvReplaceRing");
        MPI.Finalize();
    }
}
