// np: 3 4 5
import mpi.*;

/** MPJ programs write Range_incl/Range_excl triplets whose last rank is past the group: the members up to the group's end. */
public class GroupRangePastEnd {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Group world = MPI.COMM_WORLD.Group();
        int[][] every2 = {{0, size + 6, 2}};
        Group g = world.Range_incl(every2);
        int want = (size + 1) / 2;
        if (g.Size() != want) { System.out.println("Range_incl size " + g.Size() + " want " + want); System.exit(1); }
        if (g.Rank() != (rank % 2 == 0 ? rank / 2 : MPI.UNDEFINED)) { System.out.println("Range_incl rank " + g.Rank()); System.exit(1); }
        int[][] from1 = {{1, 100, 1}};
        Group rest = world.Range_incl(from1);
        if (rest.Size() != size - 1 || rest.Rank() != (rank == 0 ? MPI.UNDEFINED : rank - 1)) { System.out.println("from 1: " + rest.Size() + " " + rest.Rank()); System.exit(1); }
        Group ex = world.Range_excl(every2);
        if (ex.Size() != size - want || ex.Rank() != (rank % 2 == 1 ? rank / 2 : MPI.UNDEFINED)) { System.out.println("Range_excl " + ex.Size() + " " + ex.Rank()); System.exit(1); }
        Intracomm c = MPI.COMM_WORLD.Create(g);
        if (rank % 2 == 0) {
            int[] one = {1}, n = new int[1];
            c.Allreduce(one, 0, n, 0, 1, MPI.INT, MPI.SUM);
            if (n[0] != want) { System.out.println("communicator of the group has " + n[0]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GroupRangePastEnd");
        MPI.Finalize();
    }
}
