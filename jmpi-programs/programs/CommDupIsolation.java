// np: 2 3
import mpi.*;

/** A message on a Dup'd communicator never matches a receive on the original, even with the same source and tag. */
public class CommDupIsolation {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Intracomm dup = MPI.COMM_WORLD.Dup();
        Intracomm dup2 = (Intracomm) MPI.COMM_WORLD.clone();
        if (Comm.Compare(MPI.COMM_WORLD, MPI.COMM_WORLD) != MPI.IDENT || Comm.Compare(MPI.COMM_WORLD, dup) != MPI.CONGRUENT
                || Comm.Compare(dup, dup2) != MPI.CONGRUENT) {
            System.out.println("compare " + Comm.Compare(MPI.COMM_WORLD, dup)); System.exit(1);
        }
        if (rank == 0) {
            int[] a = {1}, b = {2};
            dup.Send(a, 0, 1, MPI.INT, 1, 5);
            MPI.COMM_WORLD.Send(b, 0, 1, MPI.INT, 1, 5);
            dup2.Send(new int[]{3}, 0, 1, MPI.INT, 1, 5);
        } else if (rank == 1) {
            int[] v = new int[1];
            MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, 0, 5);
            if (v[0] != 2) { System.out.println("world got " + v[0]); System.exit(1); }
            dup2.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
            if (v[0] != 3) { System.out.println("clone got " + v[0]); System.exit(1); }
            dup.Recv(v, 0, 1, MPI.INT, 0, 5);
            if (v[0] != 1) { System.out.println("dup got " + v[0]); System.exit(1); }
        }
        dup.Free(); dup2.Free();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CommDupIsolation");
        MPI.Finalize();
    }
}
