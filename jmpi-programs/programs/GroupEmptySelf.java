// np: 2 3
import mpi.*;

/** GROUP_EMPTY has size 0 and no rank; COMM_SELF's group is just this process; translating into the empty group gives UNDEFINED. */
public class GroupEmptySelf {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Group empty = MPI.GROUP_EMPTY, self = MPI.COMM_SELF.Group(), world = MPI.COMM_WORLD.Group();
        if (empty.Size() != 0 || empty.Rank() != MPI.UNDEFINED) { System.out.println("GROUP_EMPTY " + empty.Size() + " " + empty.Rank()); System.exit(1); }
        if (self.Size() != 1 || self.Rank() != 0) { System.out.println("self group " + self.Size() + " " + self.Rank()); System.exit(1); }
        int[] w = Group.Translate_ranks(self, new int[]{0}, world);
        if (w[0] != rank) { System.out.println("self is world rank " + w[0]); System.exit(1); }
        int[] none = Group.Translate_ranks(world, new int[]{0}, empty);
        if (none[0] != MPI.UNDEFINED) { System.out.println("into empty " + none[0]); System.exit(1); }
        if (Group.Compare(world.Incl(new int[0]), empty) != MPI.IDENT) { System.out.println("Incl({}) vs GROUP_EMPTY " + Group.Compare(world.Incl(new int[0]), empty)); System.exit(1); }
        if (Group.Difference(world, world).Size() != 0) { System.out.println("world minus world"); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GroupEmptySelf");
        MPI.Finalize();
    }
}
