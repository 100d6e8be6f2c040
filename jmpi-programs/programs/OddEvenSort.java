// np: 2 3 4 5
import mpi.*;

/** Odd-even transposition sort of blocks with Sendrecv (keep the lower or upper half); the gathered result equals a serial sort. */
public class OddEvenSort {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 37;
        java.util.Random rnd = new java.util.Random(12345);
        int[] all = new int[n * size];
        for (int k = 0; k < all.length; k++) all[k] = rnd.nextInt(1000) - 500;
        int[] mine = java.util.Arrays.copyOfRange(all, rank * n, rank * n + n);
        java.util.Arrays.sort(mine);
        for (int phase = 0; phase < size; phase++) {
            int partner = (phase + rank) % 2 == 0 ? rank + 1 : rank - 1;
            if (partner < 0 || partner >= size) continue;
            int[] theirs = new int[n];
            MPI.COMM_WORLD.Sendrecv(mine, 0, n, MPI.INT, partner, phase, theirs, 0, n, MPI.INT, partner, phase);
            int[] merged = new int[2 * n];
            System.arraycopy(mine, 0, merged, 0, n);
            System.arraycopy(theirs, 0, merged, n, n);
            java.util.Arrays.sort(merged);
            mine = rank < partner ? java.util.Arrays.copyOfRange(merged, 0, n) : java.util.Arrays.copyOfRange(merged, n, 2 * n);
        }
        int[] sorted = new int[n * size];
        MPI.COMM_WORLD.Gather(mine, 0, n, MPI.INT, sorted, 0, n, MPI.INT, 0);
        if (rank == 0) {
            java.util.Arrays.sort(all);
            if (!java.util.Arrays.equals(all, sorted)) { System.out.println("not sorted: " + java.util.Arrays.toString(sorted)); System.exit(1); }
            System.out.println("PASS OddEvenSort");
        }
        MPI.Finalize();
    }
}
