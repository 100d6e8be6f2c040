// np: 2
import mpi.*;

/** A 3x4 block of an 8x8 matrix as Vector(3, 4, 8, LONG) at an offset, exchanged into a block of another matrix. */
public class SubmatrixVector {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int n = 8;
        Datatype block = Datatype.Vector(3, 4, n, MPI.LONG);
        block.Commit();
        long[] m = new long[n * n];
        if (rank == 0) {
            for (int k = 0; k < m.length; k++) m[k] = 5000 + k;
            MPI.COMM_WORLD.Send(m, 2 * n + 1, 1, block, 1, 0);
        } else if (rank == 1) {
            MPI.COMM_WORLD.Recv(m, 4 * n + 3, 1, block, 0, 0);
            for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
                boolean in = i >= 4 && i < 7 && j >= 3 && j < 7;
                long want = in ? 5000 + (i - 2) * n + (j - 2) : 0;
                if (m[i * n + j] != want) { System.out.println("m[" + i + "][" + j + "]=" + m[i * n + j] + " want " + want); System.exit(1); }
            }
            System.out.println("PASS SubmatrixVector");
        }
        MPI.Finalize();
    }
}
