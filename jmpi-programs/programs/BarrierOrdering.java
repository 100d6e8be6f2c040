// np: 2 3 4 6
import mpi.*;

/** Barrier separates phases: nothing sent after a barrier can be seen before it (checked with Iprobe), over many rounds. */
public class BarrierOrdering {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int round = 0; round < 30; round++) {
            if (rank == 0) {
                if (MPI.COMM_WORLD.Iprobe(MPI.ANY_SOURCE, round) != null) { System.out.println("message of round " + round + " before the barrier"); System.exit(1); }
            }
            MPI.COMM_WORLD.Barrier();
            if (rank != 0) {
                int[] v = {rank + round};
                MPI.COMM_WORLD.Send(v, 0, 1, MPI.INT, 0, round);
            } else {
                int sum = 0;
                for (int i = 1; i < size; i++) { int[] v = new int[1]; MPI.COMM_WORLD.Recv(v, 0, 1, MPI.INT, MPI.ANY_SOURCE, round); sum += v[0]; }
                if (sum != size * (size - 1) / 2 + (size - 1) * round) { System.out.println("round " + round + " sum " + sum); System.exit(1); }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS BarrierOrdering");
        MPI.Finalize();
    }
}
