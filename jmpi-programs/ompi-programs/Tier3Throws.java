// np: 2
import mpi.*;

/** The calls jmpi leaves out (one-sided Win, MPI-IO File, spawn, ports) throw MPIException (checked) rather than another exception or doing nothing. */
public class Tier3Throws {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL Tier3Throws: " + what); System.exit(1); }
    }
    interface Call { void run() throws MPIException; }
    static void throwsMpi(String what, Call call) {
        try {
            call.run();
            check(false, what + " did not throw");
        } catch (MPIException expected) {
        } catch (RuntimeException | Error e) {
            check(false, what + " threw " + e + " instead of MPIException");
        }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank();
        w.setErrhandler(MPI.ERRORS_RETURN);
        MPI.COMM_SELF.setErrhandler(MPI.ERRORS_RETURN);
        throwsMpi("new Win(buffer, ...)", () -> new Win(MPI.newIntBuffer(8), 8, 1, MPI.INFO_NULL, w));
        throwsMpi("new Win(size, ..., FLAVOR_PRIVATE)", () -> new Win(8, 1, MPI.INFO_NULL, w, MPI.newIntBuffer(8), Win.FLAVOR_PRIVATE));
        throwsMpi("new Win(info, comm)", () -> new Win(MPI.INFO_NULL, w));
        throwsMpi("new File(COMM_SELF, ..., MODE_RDONLY)", () -> new File(MPI.COMM_SELF, "jmpi-no-such-file-" + rank, MPI.MODE_RDONLY));
        throwsMpi("File.delete", () -> File.delete("jmpi-no-such-file-" + rank));
        throwsMpi("spawn", () -> MPI.COMM_SELF.spawn("java", null, 1, MPI.INFO_NULL, 0, null));
        throwsMpi("openPort", () -> Intracomm.openPort());
        throwsMpi("lookupName", () -> Intracomm.lookupName("jmpi-service"));
        w.setErrhandler(MPI.ERRORS_ARE_FATAL);
        MPI.COMM_SELF.setErrhandler(MPI.ERRORS_ARE_FATAL);
        w.barrier();
        if (rank == 0) System.out.println("PASS Tier3Throws");
        MPI.Finalize();
    }
}
