// np: 2
import mpi.*;

/** Calls before Init and after Finalize throw MPIException (class 0), and so does a second Init. */
public class InitFinalizeChecks {
    static void fail(String what) { System.out.println("FAIL InitFinalizeChecks: " + what); System.exit(1); }
    public static void main(String[] args) throws MPIException {
        try { MPI.COMM_WORLD.getRank(); fail("getRank before Init did not throw"); }
        catch (MPIException e) { if (e.getErrorClass() != 0) fail("class " + e.getErrorClass() + " before Init"); }
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.getRank();
        try { MPI.Init(args); fail("second Init did not throw"); }
        catch (MPIException e) { if (e.getErrorClass() != 0) fail("class " + e.getErrorClass() + " on second Init"); }
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
        try { MPI.COMM_WORLD.getSize(); fail("getSize after Finalize did not throw"); }
        catch (MPIException e) { if (e.getMessage() == null) fail("no message after Finalize"); }
        try { MPI.wtime(); fail("wtime after Finalize did not throw"); }
        catch (MPIException e) { }
        if (rank == 0) System.out.println("PASS InitFinalizeChecks");
    }
}
