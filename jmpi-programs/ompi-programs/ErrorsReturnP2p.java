// np: 2
import mpi.*;

/** With ERRORS_RETURN on COMM_WORLD, bad point-to-point arguments throw MPIException with the right class: ERR_RANK, ERR_TAG, ERR_COUNT, ERR_TYPE (uncommitted), ERR_TRUNCATE, ERR_BUFFER (bSend without a buffer); the communicator stays usable. */
public class ErrorsReturnP2p {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ErrorsReturnP2p: " + what); System.exit(1); }
    }
    interface Call { void run() throws MPIException; }
    static void expect(int errorClass, String what, Call call) {
        try {
            call.run();
            check(false, what + " did not throw (expected class " + errorClass + ")");
        } catch (MPIException e) {
            check(e.getErrorClass() == errorClass, what + ": error class " + e.getErrorClass() + ", expected " + errorClass + " (" + e.getMessage() + ")");
            check(e.getMessage() != null && !e.getMessage().isEmpty(), what + ": no message");
        }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        check(c.getErrhandler() != null, "getErrhandler null");
        c.setErrhandler(MPI.ERRORS_RETURN);
        int[] buf = new int[4];
        expect(MPI.ERR_RANK, "send to rank size", () -> c.send(buf, 1, MPI.INT, size, 0));
        expect(MPI.ERR_RANK, "recv from rank -7", () -> c.recv(buf, 1, MPI.INT, -7, 0));
        expect(MPI.ERR_TAG, "send with tag -5", () -> c.send(buf, 1, MPI.INT, 1 - rank, -5));
        expect(MPI.ERR_COUNT, "send with count -1", () -> c.send(buf, -1, MPI.INT, 1 - rank, 0));
        Datatype v = Datatype.createVector(2, 1, 2, MPI.INT);
        expect(MPI.ERR_TYPE, "send with an uncommitted type", () -> c.send(buf, 1, v, 1 - rank, 0));
        expect(MPI.ERR_BUFFER, "bSend without an attached buffer", () -> c.bSend(buf, 1, MPI.INT, 1 - rank, 0));
        if (rank == 0) c.send(new int[] {1, 2, 3, 4}, 4, MPI.INT, 1, 9);
        else expect(MPI.ERR_TRUNCATE, "recv of 4 ints into 2", () -> c.recv(buf, 2, MPI.INT, 0, 9));
        // still usable
        int[] s = new int[1];
        c.allReduce(new int[] {1}, s, 1, MPI.INT, MPI.SUM);
        check(s[0] == size, "allReduce after the errors " + s[0]);
        c.setErrhandler(MPI.ERRORS_ARE_FATAL);
        c.barrier();
        if (rank == 0) System.out.println("PASS ErrorsReturnP2p");
        MPI.Finalize();
    }
}
