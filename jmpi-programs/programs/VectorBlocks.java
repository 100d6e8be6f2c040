// np: 2
import mpi.*;

/** Datatype.Vector with blocks: two elements of Vector(4, 3, 5, MPI.INT) (extent 18) match a serial walk of the layout. */
public class VectorBlocks {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int count = 4, block = 3, stride = 5, n = 2, off = 1;
        Datatype vt = Datatype.Vector(count, block, stride, MPI.INT);
        vt.Commit();
        int extent = (count - 1) * stride + block;
        if (vt.Extent() != extent || vt.Size() != count * block) { System.out.println("extent " + vt.Extent() + " size " + vt.Size()); System.exit(1); }
        int[] src = new int[off + n * extent + 3];
        for (int k = 0; k < src.length; k++) src[k] = 1000 + k;
        if (rank == 0) {
            MPI.COMM_WORLD.Send(src, off, n, vt, 1, 0);
        } else if (rank == 1) {
            int[] got = new int[n * count * block];
            Status st = MPI.COMM_WORLD.Recv(got, 0, got.length, MPI.INT, 0, 0);
            int i = 0;
            for (int e = 0; e < n; e++) for (int b = 0; b < count; b++) for (int j = 0; j < block; j++) {
                int want = src[off + e * extent + b * stride + j];
                if (got[i] != want) { System.out.println("[" + i + "] " + got[i] + " != " + want); System.exit(1); }
                i++;
            }
            if (st.Get_count(MPI.INT) != got.length) { System.out.println("count " + st.Get_count(MPI.INT)); System.exit(1); }
            System.out.println("PASS VectorBlocks");
        }
        MPI.Finalize();
    }
}
