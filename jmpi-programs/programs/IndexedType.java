// np: 2
import mpi.*;

/** Datatype.Indexed({2,1,3}, {0,4,7}, MPI.FLOAT) sent twice in a row and received as plain floats. */
public class IndexedType {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] lens = {2, 1, 3}, disps = {0, 4, 7};
        Datatype it = Datatype.Indexed(lens, disps, MPI.FLOAT);
        it.Commit();
        int extent = 10, size = 6;
        if (it.Extent() != extent || it.Size() != size || it.Lb() != 0 || it.Ub() != extent) {
            System.out.println("extent " + it.Extent() + " size " + it.Size() + " lb " + it.Lb() + " ub " + it.Ub()); System.exit(1);
        }
        float[] src = new float[30];
        for (int k = 0; k < src.length; k++) src[k] = k + 0.5f;
        if (rank == 0) {
            MPI.COMM_WORLD.Send(src, 3, 2, it, 1, 0);
        } else if (rank == 1) {
            float[] got = new float[12];
            MPI.COMM_WORLD.Recv(got, 0, 12, MPI.FLOAT, 0, 0);
            int i = 0;
            for (int e = 0; e < 2; e++) for (int b = 0; b < lens.length; b++) for (int j = 0; j < lens[b]; j++) {
                float want = src[3 + e * extent + disps[b] + j];
                if (got[i] != want) { System.out.println("[" + i + "] " + got[i] + " != " + want); System.exit(1); }
                i++;
            }
            System.out.println("PASS IndexedType");
        }
        MPI.Finalize();
    }
}
