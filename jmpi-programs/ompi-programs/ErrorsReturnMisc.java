// np: 2 3
import mpi.*;

/** ERRORS_RETURN: bcast with root out of range (ERR_ROOT), MAXLOC on MPI.INT (ERR_OP), Group.incl of a bad rank (ERR_RANK), createDims that cannot divide (ERR_DIMS), a freed communicator (ERR_COMM), an unknown keyval (ERR_KEYVAL); dups inherit the handler. */
public class ErrorsReturnMisc {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ErrorsReturnMisc: " + what); System.exit(1); }
    }
    interface Call { void run() throws MPIException; }
    static void expect(int errorClass, String what, Call call) {
        try {
            call.run();
            check(false, what + " did not throw (expected class " + errorClass + ")");
        } catch (MPIException e) {
            check(e.getErrorClass() == errorClass, what + ": error class " + e.getErrorClass() + ", expected " + errorClass + " (" + e.getMessage() + ")");
        }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        w.setErrhandler(MPI.ERRORS_RETURN);
        MPI.COMM_SELF.setErrhandler(MPI.ERRORS_RETURN);    // errors without a communicator: COMM_SELF (MPI-4) or COMM_WORLD (MPI-3)
        Intracomm c = w.dup();                    // inherits ERRORS_RETURN
        expect(MPI.ERR_ROOT, "bcast with root = size", () -> c.bcast(new int[1], 1, MPI.INT, size));
        expect(MPI.ERR_OP, "allReduce MAXLOC on MPI.INT", () -> c.allReduce(new int[2], new int[2], 2, MPI.INT, MPI.MAXLOC));
        Group g = c.getGroup();
        expect(MPI.ERR_RANK, "Group.incl of rank size", () -> g.incl(new int[] {0, size}));
        expect(MPI.ERR_DIMS, "createDims(7, {2, 0})", () -> CartComm.createDims(7, new int[] {2, 0}));
        expect(MPI.ERR_KEYVAL, "getAttr of a keyval never created", () -> c.getAttr(987654));
        Intracomm gone = c.dup();
        gone.free();
        expect(MPI.ERR_COMM, "getSize of a freed communicator", () -> gone.getSize());
        MPIException plain = new MPIException("custom");
        check(plain.getErrorClass() == 0 && plain.getErrorCode() == 0 && "custom".equals(plain.getMessage()), "MPIException(String)");
        MPIException wrapped = new MPIException(new IllegalStateException("inner"));
        check(wrapped.getErrorClass() == 0, "MPIException(Throwable) class " + wrapped.getErrorClass());
        g.free(); c.free();
        w.setErrhandler(MPI.ERRORS_ARE_FATAL);
        MPI.COMM_SELF.setErrhandler(MPI.ERRORS_ARE_FATAL);
        w.barrier();
        if (rank == 0) System.out.println("PASS ErrorsReturnMisc");
        MPI.Finalize();
    }
}
