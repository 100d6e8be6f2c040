// np: 4 5 6
import mpi.*;
import java.util.*;

/** Union, Intersection and Difference of two overlapping groups, member order as MPI defines it (first group's order first). */
public class GroupSetOps {
    static int[] members(Group g, Group world) throws MPIException {
        int[] r = new int[g.Size()];
        for (int k = 0; k < r.length; k++) r[k] = k;
        return Group.Translate_ranks(g, r, world);
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Group world = MPI.COMM_WORLD.Group();
        int[] a = new int[size - 1], b = new int[size / 2 + 1];
        for (int k = 0; k < a.length; k++) a[k] = size - 2 - k;       // size-2 .. 0, descending
        for (int k = 0; k < b.length; k++) b[k] = (2 * k + 1) % size;  // odd ones, then wrapping
        Group ga = world.Incl(a), gb = world.Incl(dedupe(b));
        int[] bb = dedupe(b);
        List<Integer> union = new ArrayList<>(), inter = new ArrayList<>(), diff = new ArrayList<>();
        for (int x : a) union.add(x);
        for (int x : bb) if (!union.contains(x)) union.add(x);
        for (int x : a) if (contains(bb, x)) inter.add(x); else diff.add(x);
        check("Union", members(Group.Union(ga, gb), world), union);
        check("Intersection", members(Group.Intersection(ga, gb), world), inter);
        check("Difference", members(Group.Difference(ga, gb), world), diff);
        if (Group.Intersection(ga, MPI.GROUP_EMPTY).Size() != 0 || Group.Union(ga, MPI.GROUP_EMPTY).Size() != ga.Size()) { System.out.println("with GROUP_EMPTY"); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GroupSetOps");
        MPI.Finalize();
    }
    static int[] dedupe(int[] v) { return Arrays.stream(v).distinct().toArray(); }
    static boolean contains(int[] v, int x) { for (int y : v) if (y == x) return true; return false; }
    static void check(String what, int[] got, List<Integer> want) {
        if (!Arrays.equals(got, want.stream().mapToInt(i -> i).toArray())) { System.out.println(what + " " + Arrays.toString(got) + " want " + want); System.exit(1); }
    }
}
