// np: 2 4 6
import mpi.*;

/** create(group) of the even ranks (collective over world: odd ranks get a null communicator) and createGroup(group, tag) called only by the members of the odd group. */
public class CommCreateFromGroup {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CommCreateFromGroup: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        Group world = w.getGroup();
        int[] evens = new int[(size + 1) / 2], odds = new int[size / 2];
        for (int i = 0; i < evens.length; i++) evens[i] = 2 * i;
        for (int i = 0; i < odds.length; i++) odds[i] = 2 * i + 1;
        Group eg = world.incl(evens), og = world.incl(odds);
        Intracomm ec = w.create(eg);
        if (rank % 2 == 0) {
            check(!ec.isNull() && ec.getSize() == evens.length && ec.getRank() == rank / 2, "create: size " + ec.getSize() + " rank " + ec.getRank());
            int[] s = new int[1];
            ec.allReduce(new int[] {rank}, s, 1, MPI.INT, MPI.SUM);
            int e = 0; for (int x : evens) e += x;
            check(s[0] == e, "allReduce on created communicator " + s[0]);
            check(Group.compare(ec.getGroup(), eg) == MPI.IDENT, "group of created communicator");
            ec.free();
        } else {
            check(ec.isNull(), "non-member got a communicator from create");
            Intracomm oc = w.createGroup(og, 7);
            check(oc.getSize() == odds.length && oc.getRank() == rank / 2, "createGroup: size " + oc.getSize() + " rank " + oc.getRank());
            int[] b = {oc.getRank() == 0 ? 4242 : 0};
            oc.bcast(b, 1, MPI.INT, 0);
            check(b[0] == 4242, "bcast on createGroup communicator " + b[0]);
            oc.free();
        }
        eg.free(); og.free(); world.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS CommCreateFromGroup");
        MPI.Finalize();
    }
}
