// np: 3 4 5
import mpi.*;

/**
 * Range_incl/Range_excl triplets whose last rank lies outside the group while every rank they compute is inside it
 * (MPI only requires the computed ranks to be valid), ascending and descending.
 */
public class GroupRangePastEnd {
    static int[] members(Group g, Group world) throws MPIException {
        int[] r = new int[g.Size()];
        for (int k = 0; k < r.length; k++) r[k] = k;
        return Group.Translate_ranks(g, r, world);
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Group world = MPI.COMM_WORLD.Group();
        int first = size % 2 == 0 ? 1 : 0;            // parity opposite to size: first + 2k never equals size
        int[][] up = {{first, size, 2}};               // last = size: one past the group
        int topEven = (size - 1) % 2 == 0 ? size - 1 : size - 2;
        int[][] down = {{topEven, -1, -2}};            // last = -1: one before the group
        java.util.List<Integer> wantUp = new java.util.ArrayList<>(), wantDown = new java.util.ArrayList<>(), wantEx = new java.util.ArrayList<>();
        for (int r = first; r < size; r += 2) wantUp.add(r);
        for (int r = topEven; r >= 0; r -= 2) wantDown.add(r);
        for (int r = 0; r < size; r++) if (!wantUp.contains(r)) wantEx.add(r);
        Group g = world.Range_incl(up);
        Group d = world.Range_incl(down);
        Group ex = world.Range_excl(up);
        check("Range_incl up", members(g, world), wantUp);
        check("Range_incl down", members(d, world), wantDown);
        check("Range_excl up", members(ex, world), wantEx);
        if (g.Rank() != wantUp.indexOf(rank) && !(g.Rank() == MPI.UNDEFINED && !wantUp.contains(rank))) { System.out.println("rank in group " + g.Rank()); System.exit(1); }
        Intracomm c = MPI.COMM_WORLD.Create(g);
        if (wantUp.contains(rank)) {
            int[] one = {1}, n = new int[1];
            c.Allreduce(one, 0, n, 0, 1, MPI.INT, MPI.SUM);
            if (n[0] != wantUp.size()) { System.out.println("communicator of the group has " + n[0]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GroupRangePastEnd");
        MPI.Finalize();
    }
    static void check(String what, int[] got, java.util.List<Integer> want) {
        if (!java.util.Arrays.equals(got, want.stream().mapToInt(i -> i).toArray())) { System.out.println(what + " " + java.util.Arrays.toString(got) + " want " + want); System.exit(1); }
    }
}
