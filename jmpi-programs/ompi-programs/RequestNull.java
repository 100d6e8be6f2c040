// np: 1
import mpi.*;

/** MPI.REQUEST_NULL isNull; wait/test on it return at once; waitAll/testAll over nulls; waitAny/testAny UNDEFINED; waitSome null; free() of a null request ignored. */
public class RequestNull {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL RequestNull: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Request n = MPI.REQUEST_NULL;
        check(n.isNull(), "REQUEST_NULL.isNull() false");
        n.waitFor();
        check(n.test(), "test() of REQUEST_NULL false");
        Request[] all = {MPI.REQUEST_NULL, MPI.REQUEST_NULL};
        Request.waitAll(all);
        check(Request.testAll(all), "testAll of nulls false");
        check(Request.waitAny(all) == MPI.UNDEFINED, "waitAny of nulls");
        check(Request.testAny(all) == MPI.UNDEFINED, "testAny of nulls");
        check(Request.waitSome(all) == null, "waitSome of nulls is not null");
        check(Request.waitSomeStatus(all) == null, "waitSomeStatus of nulls is not null");
        Status[] st = Request.waitAllStatus(all);
        check(st != null && st.length == 2, "waitAllStatus of nulls");
        n.free();
        check(MPI.REQUEST_NULL.isNull(), "REQUEST_NULL changed");
        System.out.println("PASS RequestNull");
        MPI.Finalize();
    }
}
