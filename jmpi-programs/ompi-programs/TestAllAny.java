// np: 2
import mpi.*;
import java.nio.*;

/** Before the sends: testAll false / testAllStatus null, testAny UNDEFINED / testAnyStatus null, testSome length 0; after a go message each completes the requests. */
public class TestAllAny {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL TestAllAny: " + what); System.exit(1); }
    }
    static Request[] post(Intracomm c, IntBuffer b, int tag) throws MPIException {
        Request[] rs = new Request[3];
        for (int i = 0; i < 3; i++) rs[i] = c.iRecv(MPI.slice(b, i), 1, MPI.INT, 0, tag + i);
        return rs;
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        if (rank == 1) {
            IntBuffer b = MPI.newIntBuffer(3);
            Request[] rs = post(c, b, 10);
            check(!Request.testAll(rs), "testAll true before any send");
            check(Request.testAllStatus(rs) == null, "testAllStatus not null before any send");
            check(Request.testAny(rs) == MPI.UNDEFINED, "testAny not UNDEFINED before any send");
            check(Request.testAnyStatus(rs) == null, "testAnyStatus not null before any send");
            int[] some = Request.testSome(rs);
            check(some != null && some.length == 0, "testSome before any send: " + (some == null ? "null" : some.length));
            Status[] someS = Request.testSomeStatus(rs);
            check(someS != null && someS.length == 0, "testSomeStatus before any send");
            c.send(new int[1], 1, MPI.INT, 0, 99);                 // go
            boolean all = false;
            for (int spin = 0; spin < 5_000_000 && !all; spin++) all = Request.testAll(rs);
            check(all, "testAll never true");
            for (int i = 0; i < 3; i++) check(rs[i].isNull() && b.get(i) == 10 + i, "round 1 element " + i);
            rs = post(c, b, 20);
            c.send(new int[1], 1, MPI.INT, 0, 99);
            Status[] st = null;
            for (int spin = 0; spin < 5_000_000 && st == null; spin++) st = Request.testAllStatus(rs);
            check(st != null && st.length == 3 && st[2].getTag() == 22, "testAllStatus");
            rs = post(c, b, 30);
            c.send(new int[1], 1, MPI.INT, 0, 99);
            int got = 0;
            for (int spin = 0; spin < 5_000_000 && got < 3; spin++) {
                int i = Request.testAny(rs);
                if (i != MPI.UNDEFINED) { check(b.get(i) == 30 + i && rs[i].isNull(), "testAny " + i); got++; }
            }
            check(got == 3, "testAny completed " + got);
            rs = post(c, b, 40);
            c.send(new int[1], 1, MPI.INT, 0, 99);
            got = 0;
            for (int spin = 0; spin < 5_000_000 && got < 3; spin++) {
                Status s = Request.testAnyStatus(rs);
                if (s != null) { check(s.getTag() == 40 + s.getIndex(), "testAnyStatus index " + s.getIndex() + " tag " + s.getTag()); got++; }
            }
            check(got == 3, "testAnyStatus completed " + got);
            rs = post(c, b, 50);
            c.send(new int[1], 1, MPI.INT, 0, 99);
            got = 0;
            for (int spin = 0; spin < 5_000_000 && got < 3; spin++) {
                Status[] ss = Request.testSomeStatus(rs);
                for (Status s : ss) { check(b.get(s.getIndex()) == 50 + s.getIndex(), "testSomeStatus " + s.getIndex()); got++; }
            }
            check(got == 3, "testSomeStatus completed " + got);
        } else if (rank == 0) {
            for (int tag = 10; tag <= 50; tag += 10) {
                c.recv(new int[1], 1, MPI.INT, 1, 99);
                for (int i = 0; i < 3; i++) c.send(new int[] {tag + i}, 1, MPI.INT, 1, tag + i);
            }
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS TestAllAny");
        MPI.Finalize();
    }
}
