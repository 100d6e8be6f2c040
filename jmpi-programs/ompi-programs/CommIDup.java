// np: 2 4
import mpi.*;

/** iDup returns the new communicator at once; after its getRequest() completes it is CONGRUENT and usable; getRequest() of an ordinary communicator is null; dupWithInfo. */
public class CommIDup {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CommIDup: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        check(w.getRequest() == null, "COMM_WORLD.getRequest() not null");
        Intracomm d = w.iDup();
        Request r = d.getRequest();
        check(r != null, "iDup gave no request");
        r.waitFor();
        check(Comm.compare(w, d) == MPI.CONGRUENT, "iDup compare " + Comm.compare(w, d));
        int[] s = new int[1];
        d.allReduce(new int[] {1}, s, 1, MPI.INT, MPI.SUM);
        check(s[0] == size, "allReduce on the iDup'ed communicator " + s[0]);
        Info info = new Info();
        info.set("mpi_assert_no_any_tag", "false");
        Intracomm di = w.dupWithInfo(info);
        check(Comm.compare(w, di) == MPI.CONGRUENT && di.getSize() == size, "dupWithInfo");
        di.barrier();
        info.free(); di.free(); d.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS CommIDup");
        MPI.Finalize();
    }
}
