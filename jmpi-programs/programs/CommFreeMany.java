// np: 2 4
import mpi.*;

/** Hundreds of communicators created with Dup, Split and Create, each used once and freed. */
public class CommFreeMany {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int it = 0; it < 200; it++) {
            Intracomm c;
            switch (it % 3) {
                case 0 -> c = MPI.COMM_WORLD.Dup();
                case 1 -> c = MPI.COMM_WORLD.Split(it % 2, rank);
                default -> c = MPI.COMM_WORLD.Create(MPI.COMM_WORLD.Group());
            }
            int[] v = {it + rank}, s = new int[1];
            c.Allreduce(v, 0, s, 0, 1, MPI.INT, MPI.SUM);
            int want = it * c.Size() + (it % 3 == 1 ? size * (size - 1) / 2 : size * (size - 1) / 2);
            if (s[0] != want) { System.out.println("it " + it + " sum " + s[0] + " want " + want); System.exit(1); }
            c.Free();
            if (!c.Is_null()) { System.out.println("Free left the communicator usable"); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CommFreeMany");
        MPI.Finalize();
    }
}
