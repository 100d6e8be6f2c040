// np: 5 8
import mpi.*;

/**
 * In-place Allreduce and Allgather (one array as both buffers) on sub-communicators of every size from 1 to the world's,
 * for counts from 1 to 300000 (odd ones too), against serial results.
 */
public class AliasInPlaceSweep {
    static long v(int r, int k) { return (long) (k % 4099) * (r + 3) - r; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] counts = {1, 7, 64, 1001, 16384, 300001};
        for (int k = 1; k <= size; k++) {
            Intracomm c = MPI.COMM_WORLD.Split(rank < k ? 0 : MPI.UNDEFINED, rank);
            if (c != null) {
                int me = c.Rank(), n = c.Size();
                for (int count : counts) {
                    long[] x = new long[count];
                    for (int i = 0; i < count; i++) x[i] = v(me, i);
                    c.Allreduce(x, 0, x, 0, count, MPI.LONG, MPI.SUM);
                    for (int i = 0; i < count; i++) {
                        long want = 0;
                        for (int r = 0; r < n; r++) want += v(r, i);
                        if (x[i] != want) { System.out.println("allreduce comm " + n + " count " + count + " [" + i + "] " + x[i] + " want " + want); System.exit(1); }
                    }
                    if (count > 20000) continue;
                    int[] all = new int[count * n];
                    for (int i = 0; i < count; i++) all[me * count + i] = (int) v(me, i);
                    c.Allgather(all, me * count, count, MPI.INT, all, 0, count, MPI.INT);
                    for (int r = 0; r < n; r++) for (int i = 0; i < count; i++)
                        if (all[r * count + i] != (int) v(r, i)) { System.out.println("allgather comm " + n + " count " + count + " block " + r + " [" + i + "]"); System.exit(1); }
                }
                c.Free();
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS AliasInPlaceSweep");
        MPI.Finalize();
    }
}
