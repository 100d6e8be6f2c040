// np: 2 3 4
import mpi.*;

/** Scatter, Gatherv, Alltoall and Allgatherv of boxed values and arrays as MPI.OBJECT. */
public class ObjectCollectives {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Object[] src = new Object[2 * size];
        if (rank == 0) for (int k = 0; k < 2 * size; k++) src[k] = k % 2 == 0 ? (Object) Integer.valueOf(k * 3) : (Object) new double[]{k, -k};
        Object[] two = new Object[2];
        MPI.COMM_WORLD.Scatter(src, 0, 2, MPI.OBJECT, two, 0, 2, MPI.OBJECT, 0);
        if (!Integer.valueOf(rank * 6).equals(two[0]) || ((double[]) two[1])[0] != 2 * rank + 1) { System.out.println("scatter " + two[0]); System.exit(1); }
        Object[] a2a = new Object[size], got = new Object[size];
        for (int j = 0; j < size; j++) a2a[j] = "from " + rank + " to " + j;
        MPI.COMM_WORLD.Alltoall(a2a, 0, 1, MPI.OBJECT, got, 0, 1, MPI.OBJECT);
        for (int i = 0; i < size; i++) if (!("from " + i + " to " + rank).equals(got[i])) { System.out.println("alltoall " + got[i]); System.exit(1); }
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) { counts[r] = r + 1; displs[r] = total; total += r + 1; }
        Object[] mine = new Object[rank + 1];
        for (int k = 0; k <= rank; k++) mine[k] = Long.valueOf(rank * 100L + k);
        Object[] all = new Object[total];
        MPI.COMM_WORLD.Allgatherv(mine, 0, rank + 1, MPI.OBJECT, all, 0, counts, displs, MPI.OBJECT);
        Object[] g = new Object[total];
        MPI.COMM_WORLD.Gatherv(mine, 0, rank + 1, MPI.OBJECT, g, 0, counts, displs, MPI.OBJECT, size - 1);
        for (int r = 0; r < size; r++) for (int k = 0; k <= r; k++) {
            Long want = r * 100L + k;
            if (!want.equals(all[displs[r] + k])) { System.out.println("allgatherv " + all[displs[r] + k]); System.exit(1); }
            if (rank == size - 1 && !want.equals(g[displs[r] + k])) { System.out.println("gatherv " + g[displs[r] + k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ObjectCollectives");
        MPI.Finalize();
    }
}
