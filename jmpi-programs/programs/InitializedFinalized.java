// np: 1 2 3
import mpi.*;

/** Initialized() is false before Init and true after; Finalized() becomes true only after Finalize; Init returns the arguments. */
public class InitializedFinalized {
    public static void main(String[] args) throws Exception {
        if (MPI.Initialized()) { System.out.println("Initialized before Init"); System.exit(1); }
        if (MPI.Finalized()) { System.out.println("Finalized before Init"); System.exit(1); }
        String[] rest = MPI.Init(args);
        if (rest == null || rest.length != args.length) { System.out.println("Init returned " + java.util.Arrays.toString(rest)); System.exit(1); }
        if (!MPI.Initialized() || MPI.Finalized()) { System.out.println("after Init: " + MPI.Initialized() + " " + MPI.Finalized()); System.exit(1); }
        int rank = MPI.COMM_WORLD.Rank();
        MPI.COMM_WORLD.Barrier();
        MPI.Finalize();
        if (!MPI.Finalized()) { System.out.println("Finalized false after Finalize"); System.exit(1); }
        if (rank == 0) System.out.println("PASS InitializedFinalized");
    }
}
