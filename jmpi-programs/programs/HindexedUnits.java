// np: 2
import mpi.*;

/** Hindexed displacements in base elements vs Indexed displacements in old types, on Contiguous(3, SHORT). */
public class HindexedUnits {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype triple = Datatype.Contiguous(3, MPI.SHORT);
        int[] lens = {1, 2}, disps = {0, 9};
        Datatype hi = Datatype.Hindexed(lens, disps, triple); // 3 shorts at 0, 6 shorts at 9
        Datatype ix = Datatype.Indexed(lens, disps, triple);  // 3 shorts at 0, 6 shorts at 27
        hi.Commit(); ix.Commit();
        if (hi.Size() != 9 || ix.Size() != 9 || hi.Extent() != 15 || ix.Extent() != 33) {
            System.out.println("sizes " + hi.Size() + "," + ix.Size() + " extents " + hi.Extent() + "," + ix.Extent()); System.exit(1);
        }
        short[] src = new short[40];
        for (int k = 0; k < src.length; k++) src[k] = (short) (k * 5 - 20);
        if (rank == 0) {
            MPI.COMM_WORLD.Send(src, 0, 1, hi, 1, 1);
            MPI.COMM_WORLD.Send(src, 0, 1, ix, 1, 2);
        } else if (rank == 1) {
            short[] a = new short[9], b = new short[9];
            MPI.COMM_WORLD.Recv(a, 0, 9, MPI.SHORT, 0, 1);
            MPI.COMM_WORLD.Recv(b, 0, 9, MPI.SHORT, 0, 2);
            int[] wantA = new int[9], wantB = new int[9];
            for (int j = 0; j < 3; j++) { wantA[j] = j; wantB[j] = j; }
            for (int j = 0; j < 6; j++) { wantA[3 + j] = 9 + j; wantB[3 + j] = 27 + j; }
            for (int j = 0; j < 9; j++) {
                if (a[j] != src[wantA[j]]) { System.out.println("Hindexed [" + j + "] " + a[j]); System.exit(1); }
                if (b[j] != src[wantB[j]]) { System.out.println("Indexed [" + j + "] " + b[j]); System.exit(1); }
            }
            System.out.println("PASS HindexedUnits");
        }
        MPI.Finalize();
    }
}
