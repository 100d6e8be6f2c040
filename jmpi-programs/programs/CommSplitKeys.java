// np: 3 4 6 7
import mpi.*;

/** Split by rank % 3 with descending keys: sizes, ranks, and an Allreduce and a ring inside each part. */
public class CommSplitKeys {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int colour = rank % 3;
        Intracomm part = MPI.COMM_WORLD.Split(colour, -rank);
        java.util.List<Integer> same = new java.util.ArrayList<>();
        for (int r = size - 1; r >= 0; r--) if (r % 3 == colour) same.add(r);
        if (part.Size() != same.size() || part.Rank() != same.indexOf(rank)) { System.out.println("rank " + rank + " part " + part.Rank() + "/" + part.Size()); System.exit(1); }
        int[] mine = {rank}, sum = new int[1];
        part.Allreduce(mine, 0, sum, 0, 1, MPI.INT, MPI.SUM);
        int want = same.stream().mapToInt(i -> i).sum();
        if (sum[0] != want) { System.out.println("sum " + sum[0] + " want " + want); System.exit(1); }
        int n = part.Size(), me = part.Rank();
        int[] got = new int[1];
        part.Sendrecv(mine, 0, 1, MPI.INT, (me + 1) % n, 0, got, 0, 1, MPI.INT, (me + n - 1) % n, 0);
        if (got[0] != same.get((me + n - 1) % n)) { System.out.println("ring got " + got[0]); System.exit(1); }
        Intracomm none = MPI.COMM_WORLD.Split(rank == 0 ? 0 : MPI.UNDEFINED, 0);
        if ((rank == 0) != (none != null)) { System.out.println("UNDEFINED colour gave " + none); System.exit(1); }
        part.Free();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CommSplitKeys");
        MPI.Finalize();
    }
}
