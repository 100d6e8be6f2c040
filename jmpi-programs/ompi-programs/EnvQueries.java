// np: 1 2
import mpi.*;

/** getVersion/VERSION/SUBVERSION agree, getLibVersion non-empty, wtime increases, wtick > 0, isInitialized/isFinalized, getProcessorName, pControl. */
public class EnvQueries {
    static int rank;
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL EnvQueries rank " + rank + ": " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        Version v0 = MPI.getVersion();
        check(v0 != null && v0.getVersion() >= 3, "getVersion before Init: " + (v0 == null ? null : v0.getVersion()));
        check(!MPI.isInitialized(), "isInitialized before Init");
        String[] left = MPI.Init(args);
        check(left != null, "Init returned null");
        rank = MPI.COMM_WORLD.getRank();
        check(MPI.isInitialized() && !MPI.isFinalized(), "isInitialized/isFinalized after Init");
        Version v = MPI.getVersion();
        check(v.getVersion() == MPI.VERSION && v.getSubVersion() == MPI.SUBVERSION,
                "getVersion " + v.getVersion() + "." + v.getSubVersion() + " vs constants " + MPI.VERSION + "." + MPI.SUBVERSION);
        check(v.getVersion() >= 3 && v.getSubVersion() >= 0, "version " + v.getVersion() + "." + v.getSubVersion());
        String lib = MPI.getLibVersion();
        check(lib != null && !lib.isBlank(), "getLibVersion empty");
        check(MPI.getProcessorName() != null && !MPI.getProcessorName().isEmpty(), "getProcessorName empty");
        double tick = MPI.wtick();
        check(tick > 0 && tick < 1, "wtick " + tick);
        double t0 = MPI.wtime();
        long spin = 0;
        double t1 = t0;
        for (int i = 0; i < 10_000_000 && t1 <= t0; i++) { t1 = MPI.wtime(); spin++; }
        check(t1 > t0, "wtime never advanced after " + spin + " calls");
        check(t1 - t0 < 5, "wtime jumped " + (t1 - t0));
        MPI.pControl(1, null);
        MPI.COMM_WORLD.barrier();
        MPI.Finalize();
        check(MPI.isFinalized(), "isFinalized after Finalize");
        if (rank == 0) System.out.println("PASS EnvQueries");
    }
}
