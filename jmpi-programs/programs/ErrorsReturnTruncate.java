// np: 2
import mpi.*;

/** A message longer than the receive buffer raises ERR_TRUNCATE under ERRORS_RETURN; a later matching receive succeeds. */
public class ErrorsReturnTruncate {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
        if (rank == 0) {
            int[] big = new int[10];
            for (int k = 0; k < 10; k++) big[k] = k;
            MPI.COMM_WORLD.Send(big, 0, 10, MPI.INT, 1, 1);
            MPI.COMM_WORLD.Send(big, 0, 3, MPI.INT, 1, 2);
        } else if (rank == 1) {
            int[] small = new int[4];
            boolean caught = false;
            try {
                MPI.COMM_WORLD.Recv(small, 0, 4, MPI.INT, 0, 1);
            } catch (MPIException e) {
                caught = e.Get_error_class() == MPI.ERR_TRUNCATE;
                if (!caught) System.out.println("error class " + e.Get_error_class() + " " + e.getMessage());
            }
            if (!caught) { System.out.println("no ERR_TRUNCATE"); System.exit(1); }
            Status st = MPI.COMM_WORLD.Recv(small, 0, 4, MPI.INT, 0, 2);
            if (st.Get_count(MPI.INT) != 3 || small[0] != 0 || small[2] != 2) { System.out.println("second " + st.Get_count(MPI.INT)); System.exit(1); }
            System.out.println("PASS ErrorsReturnTruncate");
        }
        MPI.Finalize();
    }
}
