// np: 2 3 4 5
import mpi.*;

/** Bcast from every root of int, double, char and boolean arrays of several sizes. */
public class BcastEveryRoot {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] sizes = {1, 10, 1000, 70000};
        for (int root = 0; root < size; root++) for (int n : sizes) {
            int[] a = new int[n]; double[] d = new double[n]; char[] c = new char[n]; boolean[] z = new boolean[n];
            if (rank == root) for (int k = 0; k < n; k++) { a[k] = root * n + k; d[k] = k / (root + 1.0); c[k] = (char) (k % 65000); z[k] = (k + root) % 2 == 0; }
            MPI.COMM_WORLD.Bcast(a, 0, n, MPI.INT, root);
            MPI.COMM_WORLD.Bcast(d, 0, n, MPI.DOUBLE, root);
            MPI.COMM_WORLD.Bcast(c, 0, n, MPI.CHAR, root);
            MPI.COMM_WORLD.Bcast(z, 0, n, MPI.BOOLEAN, root);
            for (int k = 0; k < n; k++)
                if (a[k] != root * n + k || d[k] != k / (root + 1.0) || c[k] != (char) (k % 65000) || z[k] != ((k + root) % 2 == 0)) {
                    System.out.println("root " + root + " n " + n + " rank " + rank + " [" + k + "]"); System.exit(1);
                }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS BcastEveryRoot");
        MPI.Finalize();
    }
}
