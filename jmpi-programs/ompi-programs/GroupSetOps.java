// np: 4 6
import mpi.*;

/** union (order: first group, then new members of the second), intersection (order of the first), difference; with GROUP_EMPTY; compare of the results. */
public class GroupSetOps {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL GroupSetOps: " + what); System.exit(1); }
    }
    static int[] members(Group sub, Group world) throws MPIException {
        int[] idx = new int[sub.getSize()];
        for (int i = 0; i < idx.length; i++) idx[i] = i;
        return Group.translateRanks(sub, idx, world);
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        Group g = w.getGroup();
        Group a = g.incl(new int[] {3, 0, 1});
        Group b = g.incl(new int[] {1, 2, 3});
        int[] u = members(Group.union(a, b), g);
        check(java.util.Arrays.equals(u, new int[] {3, 0, 1, 2}), "union " + java.util.Arrays.toString(u));
        int[] in = members(Group.intersection(a, b), g);
        check(java.util.Arrays.equals(in, new int[] {3, 1}), "intersection " + java.util.Arrays.toString(in));
        int[] df = members(Group.difference(a, b), g);
        check(java.util.Arrays.equals(df, new int[] {0}), "difference " + java.util.Arrays.toString(df));
        int[] df2 = members(Group.difference(b, a), g);
        check(java.util.Arrays.equals(df2, new int[] {2}), "difference b-a " + java.util.Arrays.toString(df2));
        check(Group.union(a, MPI.GROUP_EMPTY).getSize() == 3, "union with empty");
        check(Group.intersection(a, MPI.GROUP_EMPTY).getSize() == 0, "intersection with empty");
        check(Group.difference(a, a).getSize() == 0, "a - a");
        check(Group.compare(Group.union(a, b), Group.union(b, a)) == MPI.SIMILAR, "union(a,b) vs union(b,a) " + Group.compare(Group.union(a, b), Group.union(b, a)));
        Group ab = Group.union(a, b);
        check(ab.getRank() == (rank < 4 ? java.util.List.of(3, 0, 1, 2).indexOf(rank) : MPI.UNDEFINED), "rank in union " + ab.getRank());
        a.free(); b.free(); g.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS GroupSetOps");
        MPI.Finalize();
    }
}
