// np: 2 3 4
import mpi.*;

/** Allgather into a strided receive type: each rank's 3 ints land in every other slot of its block (Vector(3,1,2) resized by UB). */
public class AllgatherVectorRecv {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Datatype spread = Datatype.Vector(3, 1, 2, MPI.INT);                          // slots 0, 2, 4
        Datatype block = Datatype.Struct(new int[]{1, 1}, new int[]{0, 6}, new Datatype[]{spread, MPI.UB}); // extent 6
        block.Commit();
        int[] mine = {rank * 10 + 1, rank * 10 + 2, rank * 10 + 3};
        int[] all = new int[6 * size];
        java.util.Arrays.fill(all, -1);
        MPI.COMM_WORLD.Allgather(mine, 0, 3, MPI.INT, all, 0, 1, block);
        for (int r = 0; r < size; r++) for (int k = 0; k < 6; k++) {
            int want = k % 2 == 0 && k < 6 ? r * 10 + k / 2 + 1 : -1;
            if (all[6 * r + k] != want) { System.out.println("rank " + rank + " block " + r + " [" + k + "] " + all[6 * r + k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AllgatherVectorRecv");
        MPI.Finalize();
    }
}
