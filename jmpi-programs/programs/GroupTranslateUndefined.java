// np: 4 6
import mpi.*;

/** Translate_ranks between a split communicator's group and the world's; ranks not in the target group are MPI.UNDEFINED. */
public class GroupTranslateUndefined {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Intracomm half = MPI.COMM_WORLD.Split(rank < size / 2 ? 0 : 1, rank);
        Group hg = half.Group(), wg = MPI.COMM_WORLD.Group();
        int[] worldRanks = new int[size];
        for (int k = 0; k < size; k++) worldRanks[k] = k;
        int[] inHalf = Group.Translate_ranks(wg, worldRanks, hg);
        int base = rank < size / 2 ? 0 : size / 2;
        for (int k = 0; k < size; k++) {
            boolean mine = (k < size / 2) == (rank < size / 2);
            int want = mine ? k - base : MPI.UNDEFINED;
            if (inHalf[k] != want) { System.out.println("rank " + rank + ": world " + k + " -> " + inHalf[k] + " want " + want); System.exit(1); }
        }
        if (hg.Rank() != half.Rank() || hg.Size() != half.Size()) { System.out.println("group rank " + hg.Rank()); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GroupTranslateUndefined");
        MPI.Finalize();
    }
}
