// np: 2
import mpi.*;

/** Comm keyvals: setAttr with Serializable values (String, int[], a record of our own), getAttr returns equal values, null before set and after deleteAttr; two keyvals are independent; freeKeyval. */
public class CommAttributes {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CommAttributes: " + what); System.exit(1); }
    }
    record Config(String name, int level) implements java.io.Serializable {}
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank();
        Intracomm d = w.dup();
        int k1 = Comm.createKeyval(), k2 = Comm.createKeyval();
        check(k1 != k2 && k1 != MPI.KEYVAL_INVALID, "keyvals " + k1 + " " + k2);
        check(d.getAttr(k1) == null, "getAttr before setAttr not null");
        d.setAttr(k1, "rank-" + rank);
        d.setAttr(k2, new int[] {rank, 2, 3});
        check(("rank-" + rank).equals(d.getAttr(k1)), "String attribute " + d.getAttr(k1));
        Object arr = d.getAttr(k2);
        check(arr instanceof int[] && ((int[]) arr)[0] == rank && ((int[]) arr)[2] == 3, "int[] attribute " + arr);
        d.setAttr(k1, new Config("fast", 3));
        check(new Config("fast", 3).equals(d.getAttr(k1)), "record attribute " + d.getAttr(k1));
        check(w.getAttr(k1) == null, "attribute leaked to another communicator");
        d.deleteAttr(k1);
        check(d.getAttr(k1) == null, "getAttr after deleteAttr not null");
        check(d.getAttr(k2) != null, "deleting one keyval removed another");
        d.deleteAttr(k2);
        Comm.freeKeyval(k1); Comm.freeKeyval(k2);
        d.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS CommAttributes");
        MPI.Finalize();
    }
}
