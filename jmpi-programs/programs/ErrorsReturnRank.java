// np: 2
import mpi.*;

/** With MPI.ERRORS_RETURN, a send to a rank outside the communicator throws MPIException with ERR_RANK, and the program goes on. */
public class ErrorsReturnRank {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
        if (MPI.COMM_WORLD.Errhandler_get() != MPI.ERRORS_RETURN) { System.out.println("Errhandler_get"); System.exit(1); }
        int[] v = {1};
        int caught = 0;
        try {
            MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, size, 0);
        } catch (MPIException e) {
            if (e.Get_error_class() != MPI.ERR_RANK) { System.out.println("class " + e.Get_error_class() + ": " + e.getMessage()); System.exit(1); }
            caught++;
        }
        try {
            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, -7, 0);
        } catch (MPIException e) {
            if (e.Get_error_class() != MPI.ERR_RANK) { System.out.println("recv class " + e.Get_error_class()); System.exit(1); }
            caught++;
        }
        if (caught != 2) { System.out.println("caught " + caught); System.exit(1); }
        // communication still works afterwards
        int[] got = new int[1];
        MPI.COMM_WORLD.Sendrecv(new int[]{rank}, 0, 1, MPI.INT, 1 - rank, 0, got, 0, 1, MPI.INT, 1 - rank, 0);
        if (got[0] != 1 - rank) { System.out.println("after errors " + got[0]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ErrorsReturnRank");
        MPI.Finalize();
    }
}
