// np: 2
import mpi.*;

/** Attr_get(MPI.TAG_UB) is at least 32767 (MPJ programs cast it to Integer) and a message with that tag goes through. */
public class AttrTagUb {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int tagUb = ((Integer) MPI.COMM_WORLD.Attr_get(MPI.TAG_UB)).intValue();
        if (tagUb < 32767) { System.out.println("TAG_UB " + tagUb); System.exit(1); }
        int[] v = {tagUb % 1000};
        if (rank == 0) MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 1, tagUb);
        else {
            int[] r = new int[1];
            Status st = MPI.COMM_WORLD.Recv(r, 0, 1, MPI.INT, 0, MPI.ANY_TAG);
            if (st.tag != tagUb || r[0] != tagUb % 1000) { System.out.println("tag " + st.tag); System.exit(1); }
            System.out.println("PASS AttrTagUb");
        }
        MPI.Finalize();
    }
}
