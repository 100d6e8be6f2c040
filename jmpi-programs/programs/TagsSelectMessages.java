// np: 2
import mpi.*;

/** Receives by tag in the reverse order of the sends: the tag, not the order, decides the match. */
public class TagsSelectMessages {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int tags = 10;
        if (rank == 0) {
            for (int t = 0; t < tags; t++) {
                int[] v = new int[t + 1];
                for (int k = 0; k <= t; k++) v[k] = t * 100 + k;
                MPI.COMM_WORLD.Send(v, 0, t + 1, MPI.INT, 1, t);
            }
        } else if (rank == 1) {
            for (int t = tags - 1; t >= 0; t--) {
                int[] v = new int[tags];
                Status st = MPI.COMM_WORLD.Recv(v, 0, tags, MPI.INT, 0, t);
                if (st.tag != t || st.Get_count(MPI.INT) != t + 1) { System.out.println("tag " + st.tag + " count " + st.Get_count(MPI.INT)); System.exit(1); }
                for (int k = 0; k <= t; k++) if (v[k] != t * 100 + k) { System.out.println("tag " + t + " [" + k + "] " + v[k]); System.exit(1); }
            }
            System.out.println("PASS TagsSelectMessages");
        }
        MPI.Finalize();
    }
}
