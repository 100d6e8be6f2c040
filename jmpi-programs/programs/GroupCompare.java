// np: 2 3 4
import mpi.*;

/** Group.Compare gives MPI.IDENT for the same members in the same order, SIMILAR for another order, UNEQUAL otherwise. */
public class GroupCompare {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Group world = MPI.COMM_WORLD.Group();
        int[] same = new int[size], rev = new int[size];
        for (int k = 0; k < size; k++) { same[k] = k; rev[k] = size - 1 - k; }
        int c1 = Group.Compare(world, world.Incl(same));
        int c2 = Group.Compare(world, world.Incl(rev));
        int c3 = Group.Compare(world, world.Excl(new int[]{0}));
        int c4 = Group.Compare(world, MPI.COMM_WORLD.Dup().Group());
        if (c1 != MPI.IDENT || c2 != MPI.SIMILAR || c3 != MPI.UNEQUAL || c4 != MPI.IDENT) {
            System.out.println("compare: " + c1 + " " + c2 + " " + c3 + " " + c4 + " want " + MPI.IDENT + " " + MPI.SIMILAR + " " + MPI.UNEQUAL + " " + MPI.IDENT);
            System.exit(1);
        }
        if (MPI.IDENT == MPI.SIMILAR || MPI.SIMILAR == MPI.UNEQUAL || MPI.CONGRUENT == MPI.IDENT) { System.out.println("constants collide"); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GroupCompare");
        MPI.Finalize();
    }
}
