// np: 3 5 8
import mpi.*;

/** Rank 0 receives one message from every other rank with ANY_SOURCE/ANY_TAG and learns sender and tag from the Status. */
public class AnySourceAnyTag {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL AnySourceAnyTag: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        if (rank == 0) {
            boolean[] seen = new boolean[size];
            for (int m = 1; m < size; m++) {
                int[] v = new int[2];
                Status s = c.recv(v, 2, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                int src = s.getSource();
                check(src > 0 && src < size && !seen[src], "source " + src);
                seen[src] = true;
                check(s.getTag() == src * 3 && v[0] == src && v[1] == -src, "from " + src + ": tag " + s.getTag() + " data " + v[0] + "," + v[1]);
                check(s.getCount(MPI.INT) == 2, "count " + s.getCount(MPI.INT));
            }
        } else {
            c.send(new int[] {rank, -rank}, 2, MPI.INT, 0, rank * 3);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS AnySourceAnyTag");
        MPI.Finalize();
    }
}
