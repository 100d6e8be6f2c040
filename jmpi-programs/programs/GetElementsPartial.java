// np: 2
import mpi.*;

/** 7 ints received with Contiguous(3, INT): Get_count is MPI.UNDEFINED, Get_elements 7. */
public class GetElementsPartial {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype three = Datatype.Contiguous(3, MPI.INT);
        three.Commit();
        if (rank == 0) {
            int[] v = {1, 2, 3, 4, 5, 6, 7};
            MPI.COMM_WORLD.Send(v, 0, 7, MPI.INT, 1, 0);
        } else if (rank == 1) {
            int[] r = new int[9];
            Status st = MPI.COMM_WORLD.Recv(r, 0, 3, three, 0, 0);
            if (st.Get_count(three) != MPI.UNDEFINED) { System.out.println("Get_count " + st.Get_count(three)); System.exit(1); }
            if (st.Get_elements(three) != 7) { System.out.println("Get_elements " + st.Get_elements(three)); System.exit(1); }
            for (int k = 0; k < 9; k++) if (r[k] != (k < 7 ? k + 1 : 0)) { System.out.println("[" + k + "] " + r[k]); System.exit(1); }
            System.out.println("PASS GetElementsPartial");
        }
        MPI.Finalize();
    }
}
