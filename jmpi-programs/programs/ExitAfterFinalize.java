// np: 2 3
import mpi.*;

/** Many MPJ programs end with System.exit(0) after Finalize: the job still ends with 0 and every rank's output. */
public class ExitAfterFinalize {
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] v = {rank}, all = new int[size];
        MPI.COMM_WORLD.Allgather(v, 0, 1, MPI.INT, all, 0, 1, MPI.INT);
        for (int r = 0; r < size; r++) if (all[r] != r) { System.out.println("allgather " + all[r]); System.exit(1); }
        MPI.Finalize();
        if (rank == 0) System.out.println("PASS ExitAfterFinalize");
        System.exit(0);
    }
}
