// np: 2 3 4
import mpi.*;

/** Messages of unknown length: Probe, size the buffer with Status.Get_count, then Recv from status.source/tag. */
public class ProbeThenRecv {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        if (rank != 0) {
            for (int m = 0; m < 3; m++) {
                int len = rank * 10 + m * 3;
                char[] msg = new char[len];
                for (int k = 0; k < len; k++) msg[k] = (char) ('A' + (rank + m + k) % 26);
                MPI.COMM_WORLD.Send(msg, 0, len, MPI.CHAR, 0, 100 + m);
            }
        } else {
            int got = 0;
            boolean[][] seen = new boolean[size][3];
            while (got < 3 * (size - 1)) {
                Status st = MPI.COMM_WORLD.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                int len = st.Get_count(MPI.CHAR);
                char[] msg = new char[len];
                Status st2 = MPI.COMM_WORLD.Recv(msg, 0, len, MPI.CHAR, st.source, st.tag);
                int src = st.source, m = st.tag - 100;
                if (st2.source != src || st2.tag != st.tag || m < 0 || m > 2 || seen[src][m] || len != src * 10 + m * 3) {
                    System.out.println("unexpected message src " + src + " tag " + st.tag + " len " + len); System.exit(1);
                }
                seen[src][m] = true;
                for (int k = 0; k < len; k++) if (msg[k] != (char) ('A' + (src + m + k) % 26)) {
                    System.out.println("content from " + src); System.exit(1);
                }
                got++;
            }
            System.out.println("PASS ProbeThenRecv");
        }
        MPI.Finalize();
    }
}
