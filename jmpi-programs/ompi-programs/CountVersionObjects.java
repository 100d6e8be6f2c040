// np: 1
import mpi.*;

/** Count (getCount/setCount/equals/compareTo) and Version objects, and Status.getElementsX on a real message. */
public class CountVersionObjects {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CountVersionObjects: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Count a = new Count(5), b = new Count(7);
        check(a.getCount() == 5 && a.compareTo(b) < 0 && b.compareTo(a) > 0 && a.compareTo(new Count(5)) == 0, "compareTo");
        check(a.equals(new Count(5)) && !a.equals(b), "equals");
        a.setCount(1L << 40);
        check(a.getCount() == 1L << 40, "setCount");
        Version v = MPI.getVersion();
        check(v.getVersion() * 10 + v.getSubVersion() >= 30, "version " + v.getVersion() + "." + v.getSubVersion());
        java.nio.IntBuffer out = MPI.newIntBuffer(6);
        Request r = MPI.COMM_SELF.iSend(out, 6, MPI.INT, 0, 1);
        Status s = MPI.COMM_SELF.recv(new int[6], 6, MPI.INT, 0, 1);
        r.waitFor();
        check(s.getElementsX(MPI.INT).getCount() == 6 && s.getElementsX(MPI.BYTE).getCount() == 24, "getElementsX " + s.getElementsX(MPI.INT).getCount());
        System.out.println("PASS CountVersionObjects");
        MPI.Finalize();
    }
}
