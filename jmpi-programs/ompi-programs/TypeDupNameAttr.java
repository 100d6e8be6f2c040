// np: 1
import mpi.*;

/** Datatype dup/clone keep the layout, setName/getName, predefined names, Datatype keyvals with Serializable attribute values (set, get a copy, delete, freeKeyval). */
public class TypeDupNameAttr {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL TypeDupNameAttr: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Datatype v = Datatype.createVector(3, 2, 4, MPI.INT);
        v.commit();
        Datatype d = v.dup(), cl = v.clone();
        check(d.getSize() == 6 && d.getExtent() == 10 && cl.getExtent() == 10, "dup/clone layout " + d.getExtent() + " " + cl.getExtent());
        check(d != v, "dup returned the same object");
        v.setName("my vector");
        check("my vector".equals(v.getName()), "getName " + v.getName());
        check(MPI.INT.getName() != null && !MPI.INT.getName().isEmpty(), "MPI.INT has no name");
        int key = Datatype.createKeyval();
        check(v.getAttr(key) == null, "attribute before setAttr");
        java.util.ArrayList<String> val = new java.util.ArrayList<>(java.util.List.of("a", "b"));
        v.setAttr(key, val);
        Object got = v.getAttr(key);
        check(val.equals(got), "getAttr " + got);
        v.setAttr(key, Integer.valueOf(42));
        check(Integer.valueOf(42).equals(v.getAttr(key)), "replaced attribute " + v.getAttr(key));
        v.deleteAttr(key);
        check(v.getAttr(key) == null, "attribute after deleteAttr");
        Datatype.freeKeyval(key);
        v.free(); d.free(); cl.free();
        System.out.println("PASS TypeDupNameAttr");
        MPI.Finalize();
    }
}
