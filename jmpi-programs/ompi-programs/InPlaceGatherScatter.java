// np: 2 4 5
import mpi.*;

/** In-place overloads: gather(buf, count, type, root) (root keeps its block in place), scatter(buf, count, type, root), with arrays. */
public class InPlaceGatherScatter {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL InPlaceGatherScatter: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        for (int root = 0; root < size; root += size - 1) {
            int[] buf;
            if (rank == root) {
                buf = new int[2 * size];
                buf[2 * root] = root * 100; buf[2 * root + 1] = root * 100 + 1;   // root's own block, already in place
            } else {
                buf = new int[] {rank * 100, rank * 100 + 1};
            }
            c.gather(buf, 2, MPI.INT, root);
            if (rank == root) for (int i = 0; i < 2 * size; i++) check(buf[i] == (i / 2) * 100 + i % 2, "root " + root + " gather in place [" + i + "] = " + buf[i]);
            double[] d;
            if (rank == root) { d = new double[size]; for (int r = 0; r < size; r++) d[r] = r + 0.5; }
            else d = new double[1];
            c.scatter(d, 1, MPI.DOUBLE, root);
            if (rank != root) check(d[0] == rank + 0.5, "root " + root + " scatter in place got " + d[0]);
            else check(d[root] == root + 0.5, "root's block changed");
            if (size == 1) break;
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS InPlaceGatherScatter");
        MPI.Finalize();
    }
}
