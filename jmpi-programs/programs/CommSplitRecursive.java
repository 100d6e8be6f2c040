// np: 2 4 5 8
import mpi.*;

/** Recursive halving: split the communicator in two until one rank is left, checking a sum of world ranks at every level. */
public class CommSplitRecursive {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Intracomm c = MPI.COMM_WORLD;
        int lo = 0, hi = size; // the world ranks in c are lo .. hi-1
        int levels = 0;
        while (c.Size() > 1) {
            int half = c.Size() / 2;
            boolean low = c.Rank() < half;
            Intracomm next = c.Split(low ? 0 : 1, c.Rank());
            if (low) hi = lo + half; else lo = lo + half;
            int[] me = {rank}, sum = new int[1];
            next.Allreduce(me, 0, sum, 0, 1, MPI.INT, MPI.SUM);
            int want = 0;
            for (int r = lo; r < hi; r++) want += r;
            if (sum[0] != want || next.Size() != hi - lo || next.Rank() != rank - lo) { System.out.println("level " + levels + " rank " + rank + " sum " + sum[0] + " want " + want); System.exit(1); }
            if (c != MPI.COMM_WORLD) c.Free();
            c = next;
            levels++;
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CommSplitRecursive");
        MPI.Finalize();
    }
}
