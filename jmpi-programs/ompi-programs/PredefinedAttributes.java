// np: 2
import mpi.*;

/** getAttr of the predefined keys: TAG_UB an Integer >= 32767 (and usable as a tag), HOST and IO Integers (or null), WTIME_IS_GLOBAL a Boolean (or null), UNIVERSE_SIZE/APPNUM Integer or null. */
public class PredefinedAttributes {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL PredefinedAttributes: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank();
        Object ub = w.getAttr(MPI.TAG_UB);
        check(ub instanceof Integer && (Integer) ub >= 32767, "TAG_UB " + ub);
        int tagUb = (Integer) ub;
        Object host = w.getAttr(MPI.HOST);
        check(host == null || host instanceof Integer, "HOST " + host);
        Object io = w.getAttr(MPI.IO);
        check(io == null || io instanceof Integer, "IO " + io);
        Object wg = w.getAttr(MPI.WTIME_IS_GLOBAL);
        check(wg == null || wg instanceof Boolean, "WTIME_IS_GLOBAL " + wg + (wg == null ? "" : " " + wg.getClass()));
        Object us = w.getAttr(MPI.UNIVERSE_SIZE);
        check(us == null || (us instanceof Integer && (Integer) us >= w.getSize()), "UNIVERSE_SIZE " + us);
        Object an = w.getAttr(MPI.APPNUM);
        check(an == null || an instanceof Integer, "APPNUM " + an);
        Object dupUb = w.dup().getAttr(MPI.TAG_UB);
        check(ub.equals(dupUb), "TAG_UB on a dup " + dupUb);
        if (rank == 0) w.send(new int[] {5}, 1, MPI.INT, 1, tagUb);
        else if (rank == 1) {
            int[] v = new int[1];
            Status s = w.recv(v, 1, MPI.INT, 0, MPI.ANY_TAG);
            check(s.getTag() == tagUb && v[0] == 5, "message with tag TAG_UB: tag " + s.getTag());
        }
        w.barrier();
        if (rank == 0) System.out.println("PASS PredefinedAttributes");
        MPI.Finalize();
    }
}
