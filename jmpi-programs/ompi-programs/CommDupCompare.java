// np: 1 3 4
import mpi.*;

/** dup/clone give CONGRUENT communicators with separate message spaces; compare IDENT with itself; free() makes isNull() true; isInter false; getTopology UNDEFINED. */
public class CommDupCompare {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CommDupCompare: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        Intracomm d = w.dup();
        Intracomm cl = w.clone();
        check(d.getSize() == size && d.getRank() == rank, "dup size/rank");
        check(Comm.compare(w, w) == MPI.IDENT, "compare(world, world) " + Comm.compare(w, w));
        check(Comm.compare(w, d) == MPI.CONGRUENT, "compare(world, dup) " + Comm.compare(w, d));
        check(Comm.compare(d, cl) == MPI.CONGRUENT, "compare(dup, clone) " + Comm.compare(d, cl));
        check(Comm.compare(w, MPI.COMM_SELF) == (size == 1 ? MPI.CONGRUENT : MPI.UNEQUAL), "compare(world, self) " + Comm.compare(w, MPI.COMM_SELF));
        check(!w.isInter() && !d.isInter(), "isInter true for an intracommunicator");
        check(w.getTopology() == MPI.UNDEFINED && d.getTopology() == MPI.UNDEFINED, "getTopology " + w.getTopology());
        // same tag, different communicators: receives match by communicator
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        java.nio.IntBuffer a = MPI.newIntBuffer(1), b = MPI.newIntBuffer(1);
        Request ra = w.iRecv(a, 1, MPI.INT, left, 0), rb = d.iRecv(b, 1, MPI.INT, left, 0);
        d.send(new int[] {2}, 1, MPI.INT, right, 0);
        w.send(new int[] {1}, 1, MPI.INT, right, 0);
        ra.waitFor(); rb.waitFor();
        check(a.get(0) == 1 && b.get(0) == 2, "messages crossed communicators: world got " + a.get(0) + ", dup got " + b.get(0));
        Intracomm dd = d.dup();
        check(Comm.compare(dd, w) == MPI.CONGRUENT, "dup of dup");
        dd.free(); cl.free(); d.free();
        check(d.isNull() && dd.isNull(), "freed communicator not null");
        check(!w.isNull(), "COMM_WORLD null");
        w.barrier();
        if (rank == 0) System.out.println("PASS CommDupCompare");
        MPI.Finalize();
    }
}
