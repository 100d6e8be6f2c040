// np: 3 5 8
import mpi.*;

/** Group incl (reordering) and excl: sizes, getRank (UNDEFINED for non-members), translateRanks back to world ranks, compare IDENT/SIMILAR/UNEQUAL, GROUP_EMPTY. */
public class GroupInclExcl {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL GroupInclExcl: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        Group g = w.getGroup();
        check(g.getSize() == size && g.getRank() == rank, "world group size/rank");
        int[] rev = new int[size];
        for (int i = 0; i < size; i++) rev[i] = size - 1 - i;
        Group r = g.incl(rev);
        check(r.getRank() == size - 1 - rank, "reversed group rank " + r.getRank());
        check(Group.compare(g, r) == MPI.SIMILAR, "compare(world, reversed) " + Group.compare(g, r));
        check(Group.compare(g, g) == MPI.IDENT, "compare(world, world)");
        Group first = g.incl(new int[] {0, 1});
        check(first.getSize() == 2 && first.getRank() == (rank < 2 ? rank : MPI.UNDEFINED), "incl {0,1} rank " + first.getRank());
        check(Group.compare(g, first) == MPI.UNEQUAL, "compare(world, {0,1})");
        Group ex = g.excl(new int[] {0, size - 1});
        check(ex.getSize() == size - 2, "excl size " + ex.getSize());
        check(ex.getRank() == (rank == 0 || rank == size - 1 ? MPI.UNDEFINED : rank - 1), "excl rank " + ex.getRank());
        int[] all = new int[ex.getSize()];
        for (int i = 0; i < all.length; i++) all[i] = i;
        int[] t = Group.translateRanks(ex, all, g);
        for (int i = 0; i < t.length; i++) check(t[i] == i + 1, "translate excl " + i + " -> " + t[i]);
        int[] t2 = Group.translateRanks(g, new int[] {0, size - 1}, ex);
        check(t2[0] == MPI.UNDEFINED && t2[1] == MPI.UNDEFINED, "translate to a group without them " + java.util.Arrays.toString(t2));
        int[] t3 = Group.translateRanks(r, new int[] {0}, g);
        check(t3[0] == size - 1, "translate reversed 0 -> " + t3[0]);
        check(MPI.GROUP_EMPTY.getSize() == 0 && MPI.GROUP_EMPTY.getRank() == MPI.UNDEFINED, "GROUP_EMPTY");
        Group none = g.incl(new int[0]);
        check(none.getSize() == 0 && Group.compare(none, MPI.GROUP_EMPTY) == MPI.IDENT, "incl of nothing");
        r.free(); first.free(); ex.free(); g.free();
        check(g.isNull(), "freed group not null");
        w.barrier();
        if (rank == 0) System.out.println("PASS GroupInclExcl");
        MPI.Finalize();
    }
}
