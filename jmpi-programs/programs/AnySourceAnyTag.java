// np: 3 4 5
import mpi.*;

/** Rank 0 receives everything with ANY_SOURCE/ANY_TAG and sorts it out from Status.source and Status.tag. */
public class AnySourceAnyTag {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int per = 4;
        if (rank != 0) {
            for (int m = 0; m < per; m++) {
                int[] v = {rank, m, rank * m};
                MPI.COMM_WORLD.Send(v, 0, 3, MPI.INT, 0, rank * 10 + m);
            }
        } else {
            int[] nextFrom = new int[size]; // messages of one sender arrive in order
            for (int i = 0; i < per * (size - 1); i++) {
                int[] v = new int[3];
                Status st = MPI.COMM_WORLD.Recv(v, 0, 3, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                int src = st.source;
                if (src < 1 || src >= size || v[0] != src || v[1] != nextFrom[src] || st.tag != src * 10 + v[1]
                        || v[2] != src * v[1] || st.Get_count(MPI.INT) != 3) {
                    System.out.println("unexpected: source " + src + " tag " + st.tag + " " + java.util.Arrays.toString(v)); System.exit(1);
                }
                nextFrom[src]++;
            }
            for (int s = 1; s < size; s++) if (nextFrom[s] != per) { System.out.println("missing from " + s); System.exit(1); }
            System.out.println("PASS AnySourceAnyTag");
        }
        MPI.Finalize();
    }
}
