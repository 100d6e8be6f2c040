// np: 4 6
import mpi.*;

/** The group of a Split communicator equals (IDENT) the Incl of the same world ranks, and Create from it gives a CONGRUENT communicator. */
public class GroupOfSplit {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Intracomm evensOdds = MPI.COMM_WORLD.Split(rank % 2, rank);
        int[] same = new int[(size + 1 - rank % 2) / 2];
        for (int k = 0; k < same.length; k++) same[k] = 2 * k + rank % 2;
        Group incl = MPI.COMM_WORLD.Group().Incl(same);
        if (Group.Compare(evensOdds.Group(), incl) != MPI.IDENT) { System.out.println("compare " + Group.Compare(evensOdds.Group(), incl)); System.exit(1); }
        Intracomm viaCreate = evensOdds.Create(evensOdds.Group());
        if (Comm.Compare(evensOdds, viaCreate) != MPI.CONGRUENT) { System.out.println("Comm.Compare " + Comm.Compare(evensOdds, viaCreate)); System.exit(1); }
        int[] v = {rank}, s = new int[1];
        viaCreate.Allreduce(v, 0, s, 0, 1, MPI.INT, MPI.MAX);
        if (s[0] != same[same.length - 1]) { System.out.println("max " + s[0]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GroupOfSplit");
        MPI.Finalize();
    }
}
