// np: 2 3 4
import mpi.*;

/** Comm.Compare: IDENT, CONGRUENT (Dup), SIMILAR (Split with reversed keys) and UNEQUAL (COMM_SELF, a sub-communicator). */
public class CommCompareKinds {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Intracomm rev = MPI.COMM_WORLD.Split(0, size - rank);
        Intracomm same = MPI.COMM_WORLD.Split(7, rank);
        Intracomm half = MPI.COMM_WORLD.Split(rank % 2, rank);
        int[] got = {Comm.Compare(MPI.COMM_WORLD, MPI.COMM_WORLD), Comm.Compare(MPI.COMM_WORLD, same),
                     Comm.Compare(MPI.COMM_WORLD, rev), Comm.Compare(MPI.COMM_WORLD, MPI.COMM_SELF), Comm.Compare(MPI.COMM_WORLD, half)};
        int[] want = {MPI.IDENT, MPI.CONGRUENT, MPI.SIMILAR, MPI.UNEQUAL, MPI.UNEQUAL};
        if (!java.util.Arrays.equals(got, want)) { System.out.println("got " + java.util.Arrays.toString(got) + " want " + java.util.Arrays.toString(want)); System.exit(1); }
        if (rev.Rank() != size - 1 - rank) { System.out.println("reversed rank " + rev.Rank()); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CommCompareKinds");
        MPI.Finalize();
    }
}
