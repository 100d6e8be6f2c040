// np: 4 5 6 8
import mpi.*;

/** Range_incl and Range_excl with strided triplets, descending ones, and several triplets, against explicit lists. */
public class GroupRanges {
    static int[] members(Group g, Group world) throws MPIException {
        int[] r = new int[g.Size()];
        for (int k = 0; k < r.length; k++) r[k] = k;
        return Group.Translate_ranks(g, r, world);
    }
    static void expect(String what, Group g, Group world, int[] want) throws MPIException {
        int[] got = members(g, world);
        if (!java.util.Arrays.equals(got, want)) { System.out.println(what + ": " + java.util.Arrays.toString(got) + " want " + java.util.Arrays.toString(want)); System.exit(1); }
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Group world = MPI.COMM_WORLD.Group();
        java.util.List<Integer> evens = new java.util.ArrayList<>(), odds = new java.util.ArrayList<>();
        for (int k = 0; k < size; k++) (k % 2 == 0 ? evens : odds).add(k);
        int[] ev = evens.stream().mapToInt(i -> i).toArray(), od = odds.stream().mapToInt(i -> i).toArray();
        expect("evens", world.Range_incl(new int[][]{{0, size - 1, 2}}), world, ev);
        int[] down = new int[size];
        for (int k = 0; k < size; k++) down[k] = size - 1 - k;
        expect("descending", world.Range_incl(new int[][]{{size - 1, 0, -1}}), world, down);
        expect("two triplets", world.Range_incl(new int[][]{{1, 1, 1}, {size - 1, size - 2, -1}}), world, new int[]{1, size - 1, size - 2});
        expect("excl evens", world.Range_excl(new int[][]{{0, size - 1, 2}}), world, od);
        expect("excl first and last", world.Range_excl(new int[][]{{0, 0, 1}, {size - 1, size - 1, 1}}), world,
                java.util.stream.IntStream.range(1, size - 1).toArray());
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GroupRanges");
        MPI.Finalize();
    }
}
