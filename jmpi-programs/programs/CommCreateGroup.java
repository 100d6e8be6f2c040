// np: 3 4 5
import mpi.*;

/** Comm.Create from a group of the ranks above 0 in reverse order; rank 0 gets no communicator (null). */
public class CommCreateGroup {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] members = new int[size - 1];
        for (int k = 0; k < members.length; k++) members[k] = size - 1 - k;
        Group g = MPI.COMM_WORLD.Group().Incl(members);
        Intracomm c = MPI.COMM_WORLD.Create(g);
        if (rank == 0) {
            if (c != null && !c.Is_null()) { System.out.println("rank 0 got a communicator"); System.exit(1); }
        } else {
            if (c.Size() != size - 1 || c.Rank() != size - 1 - rank) { System.out.println("rank " + rank + " -> " + c.Rank()); System.exit(1); }
            double[] v = new double[3];
            if (c.Rank() == 0) for (int k = 0; k < 3; k++) v[k] = Math.E * k;
            c.Bcast(v, 0, 3, MPI.DOUBLE, 0);
            for (int k = 0; k < 3; k++) if (v[k] != Math.E * k) { System.out.println("bcast " + v[k]); System.exit(1); }
            c.Free();
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CommCreateGroup");
        MPI.Finalize();
    }
}
