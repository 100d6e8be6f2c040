// np: 2 3 4
import mpi.*;

/** Gatherv and Scatterv with varying counts (rank r has r+1 items, one has none) and displacements with gaps. */
public class GathervScatterv {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) { counts[r] = r == 1 ? 0 : r + 1; displs[r] = total + 2; total += counts[r] + 2; }
        int root = size / 2;
        long[] mine = new long[counts[rank]];
        for (int k = 0; k < mine.length; k++) mine[k] = rank * 100L + k;
        long[] all = new long[total];
        java.util.Arrays.fill(all, -1);
        MPI.COMM_WORLD.Gatherv(mine, 0, counts[rank], MPI.LONG, all, 0, counts, displs, MPI.LONG, root);
        if (rank == root) {
            long[] want = new long[total];
            java.util.Arrays.fill(want, -1);
            for (int r = 0; r < size; r++) for (int k = 0; k < counts[r]; k++) want[displs[r] + k] = r * 100L + k;
            for (int i = 0; i < total; i++) if (all[i] != want[i]) { System.out.println("gatherv [" + i + "] " + all[i] + " want " + want[i]); System.exit(1); }
            for (int i = 0; i < total; i++) all[i] = all[i] * 3 + 1;
        }
        long[] back = new long[counts[rank] + 1];
        back[counts[rank]] = 777;
        MPI.COMM_WORLD.Scatterv(all, 0, counts, displs, MPI.LONG, back, 0, counts[rank], MPI.LONG, root);
        for (int k = 0; k < counts[rank]; k++) if (back[k] != (rank * 100L + k) * 3 + 1) { System.out.println("scatterv rank " + rank + " [" + k + "] " + back[k]); System.exit(1); }
        if (back[counts[rank]] != 777) { System.out.println("scatterv wrote past the count"); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS GathervScatterv");
        MPI.Finalize();
    }
}
