// np: 2
import mpi.*;

/** Messages with the same tag from one sender arrive in order, whatever their sizes (eager and large mixed). */
public class NonOvertaking {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int count = 40;
        if (rank == 0) {
            Request[] reqs = new Request[count];
            int[][] bufs = new int[count][];
            for (int m = 0; m < count; m++) {
                int len = (m % 5 == 0) ? 50000 : (m % 3 + 1);
                bufs[m] = new int[len];
                for (int k = 0; k < len; k++) bufs[m][k] = m * 7 + k;
                reqs[m] = MPI.COMM_WORLD.Isend(bufs[m], 0, len, MPI.INT, 1, 4);
            }
            Request.Waitall(reqs);
        } else {
            for (int m = 0; m < count; m++) {
                int[] buf = new int[50000];
                Status st = MPI.COMM_WORLD.Recv(buf, 0, buf.length, MPI.INT, 0, 4);
                int len = (m % 5 == 0) ? 50000 : (m % 3 + 1);
                if (st.Get_count(MPI.INT) != len) { System.out.println("message " + m + " has " + st.Get_count(MPI.INT) + " ints, want " + len); System.exit(1); }
                for (int k = 0; k < len; k++) if (buf[k] != m * 7 + k) { System.out.println("message " + m + " [" + k + "] " + buf[k]); System.exit(1); }
            }
            System.out.println("PASS NonOvertaking");
        }
        MPI.Finalize();
    }
}
