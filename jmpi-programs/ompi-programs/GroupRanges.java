// np: 4 7 8
import mpi.*;

/** rangeIncl/rangeExcl with {first, last, stride} triplets, including a negative stride, checked member by member with translateRanks. */
public class GroupRanges {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL GroupRanges: " + what); System.exit(1); }
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
        Group evens = g.rangeIncl(new int[][] {{0, size - 1, 2}});
        int[] m = members(evens, g);
        check(m.length == (size + 1) / 2, "evens size " + m.length);
        for (int i = 0; i < m.length; i++) check(m[i] == 2 * i, "evens " + i + " = " + m[i]);
        Group down = g.rangeIncl(new int[][] {{size - 1, 1, -2}, {0, 0, 1}});
        m = members(down, g);
        java.util.List<Integer> exp = new java.util.ArrayList<>();
        for (int r = size - 1; r >= 1; r -= 2) exp.add(r);
        exp.add(0);
        check(m.length == exp.size(), "down size " + m.length + " expected " + exp.size());
        for (int i = 0; i < m.length; i++) check(m[i] == exp.get(i), "down " + i + " = " + m[i] + " expected " + exp.get(i));
        Group rest = g.rangeExcl(new int[][] {{1, size - 1, 3}});
        m = members(rest, g);
        int k = 0;
        for (int r = 0; r < size; r++) {
            if (r >= 1 && (r - 1) % 3 == 0) continue;
            check(k < m.length && m[k] == r, "rangeExcl member " + k + " expected " + r);
            k++;
        }
        check(k == m.length, "rangeExcl size " + m.length);
        evens.free(); down.free(); rest.free(); g.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS GroupRanges");
        MPI.Finalize();
    }
}
