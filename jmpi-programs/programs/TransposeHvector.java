// np: 2
import mpi.*;

/** Matrix transpose with a derived type: Hvector(n, 1, 1, column) of Vector(n, 1, n, INT) columns. */
public class TransposeHvector {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int n = 7;
        Datatype column = Datatype.Vector(n, 1, n, MPI.INT);
        Datatype transposed = Datatype.Hvector(n, 1, 1, column);
        transposed.Commit();
        int[] a = new int[n * n];
        for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) a[i * n + j] = i * 100 + j;
        if (rank == 0) {
            MPI.COMM_WORLD.Send(a, 0, 1, transposed, 1, 0);
        } else if (rank == 1) {
            int[] t = new int[n * n];
            MPI.COMM_WORLD.Recv(t, 0, n * n, MPI.INT, 0, 0);
            for (int i = 0; i < n; i++) for (int j = 0; j < n; j++)
                if (t[i * n + j] != a[j * n + i]) { System.out.println("t[" + i + "][" + j + "]=" + t[i * n + j]); System.exit(1); }
            System.out.println("PASS TransposeHvector");
        }
        MPI.Finalize();
    }
}
