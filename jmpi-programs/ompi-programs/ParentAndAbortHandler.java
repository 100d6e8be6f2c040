// np: 2
import mpi.*;

/** A program started by jmpirun has no parent (Intercomm.getParent().isNull()); the three predefined error handlers exist and setErrhandler/getErrhandler round-trip. */
public class ParentAndAbortHandler {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ParentAndAbortHandler: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank();
        Intercomm parent = Intercomm.getParent();
        check(parent != null && parent.isNull(), "getParent of a program not spawned is not the null communicator");
        check(MPI.ERRORS_ARE_FATAL != null && MPI.ERRORS_RETURN != null && MPI.ERRORS_ABORT != null, "predefined error handlers");
        Intracomm d = w.dup();
        d.setErrhandler(MPI.ERRORS_RETURN);
        check(d.getErrhandler() != null, "getErrhandler after setErrhandler");
        d.setErrhandler(MPI.ERRORS_ABORT);
        d.setErrhandler(MPI.ERRORS_ARE_FATAL);
        d.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS ParentAndAbortHandler");
        MPI.Finalize();
    }
}
