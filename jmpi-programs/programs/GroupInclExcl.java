// np: 3 4 5 6
import mpi.*;

/** Group.Incl with reversed ranks and Excl of the odd ranks: sizes, ranks and a Translate_ranks round trip. */
public class GroupInclExcl {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Group world = MPI.COMM_WORLD.Group();
        if (world.Size() != size || world.Rank() != rank) { System.out.println("world group " + world.Size() + " " + world.Rank()); System.exit(1); }
        int[] rev = new int[size];
        for (int k = 0; k < size; k++) rev[k] = size - 1 - k;
        Group g = world.Incl(rev);
        if (g.Size() != size || g.Rank() != size - 1 - rank) { System.out.println("reversed rank " + g.Rank()); System.exit(1); }
        int[] odds = new int[size / 2];
        for (int k = 0; k < odds.length; k++) odds[k] = 2 * k + 1;
        Group evens = world.Excl(odds);
        int wantSize = (size + 1) / 2;
        int wantRank = rank % 2 == 0 ? rank / 2 : MPI.UNDEFINED;
        if (evens.Size() != wantSize || evens.Rank() != wantRank) { System.out.println("evens " + evens.Size() + " " + evens.Rank()); System.exit(1); }
        int[] all = new int[evens.Size()];
        for (int k = 0; k < all.length; k++) all[k] = k;
        int[] inWorld = Group.Translate_ranks(evens, all, world);
        for (int k = 0; k < all.length; k++) if (inWorld[k] != 2 * k) { System.out.println("translate " + k + " -> " + inWorld[k]); System.exit(1); }
        int[] back = Group.Translate_ranks(world, inWorld, evens);
        for (int k = 0; k < all.length; k++) if (back[k] != k) { System.out.println("back " + k + " -> " + back[k]); System.exit(1); }
        g.Free(); evens.Free();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GroupInclExcl");
        MPI.Finalize();
    }
}
