// np: 2
import mpi.*;

/** Hvector strides count base-type elements (mpiJava), Vector strides count old types: both checked on Contiguous(2, INT). */
public class HvectorUnits {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype pair = Datatype.Contiguous(2, MPI.INT);
        Datatype hv = Datatype.Hvector(3, 2, 7, pair);   // blocks of 4 ints starting every 7 ints
        Datatype v = Datatype.Vector(3, 2, 7, pair);     // blocks of 4 ints starting every 14 ints
        hv.Commit(); v.Commit();
        if (hv.Size() != 12 || v.Size() != 12 || hv.Extent() != 2 * 7 + 4 || v.Extent() != 2 * 14 + 4) {
            System.out.println("hv size " + hv.Size() + " extent " + hv.Extent() + ", v size " + v.Size() + " extent " + v.Extent()); System.exit(1);
        }
        int[] src = new int[40];
        for (int k = 0; k < src.length; k++) src[k] = k * 3 + 1;
        if (rank == 0) {
            MPI.COMM_WORLD.Send(src, 0, 1, hv, 1, 1);
            MPI.COMM_WORLD.Send(src, 0, 1, v, 1, 2);
        } else if (rank == 1) {
            int[] a = new int[12], b = new int[12];
            MPI.COMM_WORLD.Recv(a, 0, 12, MPI.INT, 0, 1);
            MPI.COMM_WORLD.Recv(b, 0, 12, MPI.INT, 0, 2);
            for (int blk = 0; blk < 3; blk++) for (int j = 0; j < 4; j++) {
                if (a[blk * 4 + j] != src[blk * 7 + j]) { System.out.println("Hvector block " + blk + " [" + j + "] " + a[blk * 4 + j]); System.exit(1); }
                if (b[blk * 4 + j] != src[blk * 14 + j]) { System.out.println("Vector block " + blk + " [" + j + "] " + b[blk * 4 + j]); System.exit(1); }
            }
            System.out.println("PASS HvectorUnits");
        }
        MPI.Finalize();
    }
}
