// np: 2 3 5 7 8
import mpi.*;

/** A hand-written binomial-tree broadcast with Send/Recv from every root, compared with MPI's Bcast of the same data. */
public class ManualBinomialBcast {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 500;
        for (int root = 0; root < size; root++) {
            int[] a = new int[n], b = new int[n];
            if (rank == root) for (int k = 0; k < n; k++) { a[k] = root * 31 + k * k; b[k] = a[k]; }
            int rel = (rank - root + size) % size;
            int mask = 1;
            while (mask < size) {
                if ((rel & mask) != 0) { MPI.COMM_WORLD.Recv(a, 0, n, MPI.INT, (rank - mask + size) % size, root); break; }
                mask <<= 1;
            }
            mask >>= 1;
            while (mask > 0) {
                if (rel + mask < size) MPI.COMM_WORLD.Send(a, 0, n, MPI.INT, (rank + mask) % size, root);
                mask >>= 1;
            }
            MPI.COMM_WORLD.Bcast(b, 0, n, MPI.INT, root);
            for (int k = 0; k < n; k++) if (a[k] != root * 31 + k * k || b[k] != a[k]) { System.out.println("root " + root + " rank " + rank + " [" + k + "] " + a[k] + " " + b[k]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ManualBinomialBcast");
        MPI.Finalize();
    }
}
