// np: 1
import mpi.*;

/** Info: set/get (null for a missing key), overwrite, size/getKey in insertion order, delete, dup and clone are independent copies, free makes isNull; INFO_NULL isNull; INFO_ENV usable; Comm setInfo/getInfo. */
public class InfoObjects {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL InfoObjects: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Info info = new Info();
        check(!info.isNull() && info.size() == 0, "new Info size " + info.size());
        check(info.get("absent") == null, "get of a missing key");
        info.set("alpha", "1");
        info.set("beta", "two");
        info.set("alpha", "one");
        check(info.size() == 2, "size after overwrite " + info.size());
        check("one".equals(info.get("alpha")) && "two".equals(info.get("beta")), "values " + info.get("alpha") + " " + info.get("beta"));
        check("alpha".equals(info.getKey(0)) && "beta".equals(info.getKey(1)), "keys " + info.getKey(0) + " " + info.getKey(1));
        Info d = info.dup(), c = info.clone();
        info.delete("alpha");
        check(info.size() == 1 && info.get("alpha") == null, "delete");
        check(d.size() == 2 && "one".equals(d.get("alpha")) && "two".equals(c.get("beta")), "dup/clone changed by the original");
        d.free();
        check(d.isNull(), "freed Info not null");
        check(MPI.INFO_NULL.isNull(), "INFO_NULL not null");
        check(!MPI.INFO_ENV.isNull() && MPI.INFO_ENV.size() >= 0, "INFO_ENV");
        Intracomm dup = MPI.COMM_WORLD.dup();
        dup.setInfo(info);
        Info got = dup.getInfo();
        check(got != null && !got.isNull(), "Comm.getInfo");
        got.free(); dup.free(); info.free(); c.free();
        System.out.println("PASS InfoObjects");
        MPI.Finalize();
    }
}
