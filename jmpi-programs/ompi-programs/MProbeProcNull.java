// np: 1
import mpi.*;

/** mProbe on PROC_NULL gives the no-proc message (isNoProc), whose mRecv completes at once with source PROC_NULL and count 0. */
public class MProbeProcNull {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL MProbeProcNull: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Message m = new Message();
        Status s = m.mProbe(MPI.PROC_NULL, 0, MPI.COMM_WORLD);
        check(m.isNoProc(), "mProbe(PROC_NULL) is not the no-proc message");
        check(s.getSource() == MPI.PROC_NULL && s.getTag() == MPI.ANY_TAG, "probe status " + s.getSource() + "/" + s.getTag());
        int[] b = {3};
        Status r = m.mRecv(b, 1, MPI.INT);
        check(r.getSource() == MPI.PROC_NULL && r.getCount(MPI.INT) == 0 && b[0] == 3, "mRecv of no-proc");
        Message m2 = new Message();
        Status s2 = m2.imProbe(MPI.PROC_NULL, 0, MPI.COMM_WORLD);
        check(s2 != null && m2.isNoProc(), "imProbe(PROC_NULL)");
        System.out.println("PASS MProbeProcNull");
        MPI.Finalize();
    }
}
