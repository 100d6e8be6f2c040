// np: 2 3 4
import mpi.*;

/** Bcast of every other element with Datatype.Vector; the untouched slots keep their own values on every rank. */
public class BcastVectorType {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 50;
        Datatype evens = Datatype.Vector(n, 1, 2, MPI.DOUBLE);
        evens.Commit();
        for (int root = 0; root < size; root++) {
            double[] buf = new double[2 * n];
            for (int k = 0; k < 2 * n; k++) buf[k] = rank == root ? k * 3.0 : -rank - 1;
            MPI.COMM_WORLD.Bcast(buf, 0, 1, evens, root);
            for (int k = 0; k < 2 * n - 1; k++) {
                double want = k % 2 == 0 ? k * 3.0 : (rank == root ? k * 3.0 : -rank - 1);
                if (buf[k] != want) { System.out.println("root " + root + " rank " + rank + " [" + k + "] " + buf[k]); System.exit(1); }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS BcastVectorType");
        MPI.Finalize();
    }
}
