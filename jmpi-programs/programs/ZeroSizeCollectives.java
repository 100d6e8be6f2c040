// np: 2 3 4
import mpi.*;

/** A zero-size type (LB/UB markers only) in Gather, Allgather, Alltoall, Scatter and Pack: nothing moves, nothing is written. */
public class ZeroSizeCollectives {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Datatype hole = Datatype.Struct(new int[]{1, 1}, new int[]{0, 3}, new Datatype[]{MPI.LB, MPI.UB});
        hole.Commit();
        if (hole.Size() != 0 || hole.Extent() != 3 || hole.Lb() != 0 || hole.Ub() != 3) { System.out.println("size " + hole.Size() + " extent " + hole.Extent()); System.exit(1); }
        int n = 2;
        double[] send = new double[3 * n * size], recv = new double[3 * n * size];
        java.util.Arrays.fill(send, rank + 0.5);
        java.util.Arrays.fill(recv, -1);
        MPI.COMM_WORLD.Gather(send, 0, n, hole, recv, 0, n, hole, 0);
        MPI.COMM_WORLD.Allgather(send, 0, n, hole, recv, 0, n, hole);
        MPI.COMM_WORLD.Alltoall(send, 0, n, hole, recv, 0, n, hole);
        MPI.COMM_WORLD.Scatter(send, 0, n, hole, recv, 0, n, hole, size - 1);
        for (int k = 0; k < recv.length; k++) if (recv[k] != -1) { System.out.println("rank " + rank + " recv[" + k + "] = " + recv[k]); System.exit(1); }
        byte[] packed = new byte[64];
        int pos = MPI.COMM_WORLD.Pack(send, 0, n, hole, packed, 0);
        if (pos != 0) { System.out.println("Pack of zero-size items advanced to " + pos); System.exit(1); }
        int pos2 = MPI.COMM_WORLD.Unpack(packed, 0, recv, 0, n, hole);
        if (pos2 != 0 || recv[0] != -1) { System.out.println("Unpack advanced to " + pos2); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ZeroSizeCollectives");
        MPI.Finalize();
    }
}
