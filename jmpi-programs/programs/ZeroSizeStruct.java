// np: 2
import mpi.*;

/**
 * A Struct of only MPI.LB and MPI.UB has size 0 and an extent: sending n of them moves no data and the receive leaves the
 * buffer alone; Get_count of a zero-size type is 0 (MPI-3.1 3.2.5, docs/COMPATIBILITY.md), also in a collective.
 */
public class ZeroSizeStruct {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype empty = Datatype.Struct(new int[]{1, 1}, new int[]{0, 4}, new Datatype[]{MPI.LB, MPI.UB});
        empty.Commit();
        if (empty.Size() != 0 || empty.Extent() != 4) { System.out.println("size " + empty.Size() + " extent " + empty.Extent()); System.exit(1); }
        int n = 5;
        int[] buf = new int[n * 4];
        if (rank == 0) {
            for (int k = 0; k < buf.length; k++) buf[k] = k + 1;
            MPI.COMM_WORLD.Send(buf, 0, n, empty, 1, 3);
            int[] after = {123};
            MPI.COMM_WORLD.Send(after, 0, 1, MPI.INT, 1, 4);
        } else if (rank == 1) {
            java.util.Arrays.fill(buf, -9);
            Status st = MPI.COMM_WORLD.Recv(buf, 0, n, empty, 0, 3);
            for (int k = 0; k < buf.length; k++) if (buf[k] != -9) { System.out.println("zero-size receive wrote [" + k + "] " + buf[k]); System.exit(1); }
            if (st.Get_count(empty) != 0) { System.out.println("Get_count " + st.Get_count(empty) + " want 0"); System.exit(1); }
            if (st.Get_count(MPI.INT) != 0) { System.out.println("Get_count(INT) " + st.Get_count(MPI.INT)); System.exit(1); }
            int[] after = new int[1];
            MPI.COMM_WORLD.Recv(after, 0, 1, MPI.INT, 0, 4);
            if (after[0] != 123) { System.out.println("next message " + after[0]); System.exit(1); }
        }
        int[] g = new int[4 * 3];
        java.util.Arrays.fill(g, rank + 1);
        MPI.COMM_WORLD.Bcast(g, 0, 3, empty, 0);
        for (int k = 0; k < g.length; k++) if (g[k] != rank + 1) { System.out.println("zero-size Bcast wrote [" + k + "] " + g[k]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ZeroSizeStruct");
        MPI.Finalize();
    }
}
