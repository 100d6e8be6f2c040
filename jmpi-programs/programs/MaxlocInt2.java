// np: 2 3 4 5
import mpi.*;

/** MAXLOC and MINLOC on MPI.INT2 pairs (value, rank) with Allreduce; ties go to the lowest index. */
public class MaxlocInt2 {
    static int val(int r, int k) { return (r * 37 + k * 11) % 17; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 30;
        int[] in = new int[2 * n], mx = new int[2 * n], mn = new int[2 * n];
        for (int k = 0; k < n; k++) { in[2 * k] = val(rank, k); in[2 * k + 1] = rank; }
        MPI.COMM_WORLD.Allreduce(in, 0, mx, 0, n, MPI.INT2, MPI.MAXLOC);
        MPI.COMM_WORLD.Allreduce(in, 0, mn, 0, n, MPI.INT2, MPI.MINLOC);
        for (int k = 0; k < n; k++) {
            int bv = val(0, k), bi = 0, sv = val(0, k), si = 0;
            for (int r = 1; r < size; r++) {
                if (val(r, k) > bv) { bv = val(r, k); bi = r; }
                if (val(r, k) < sv) { sv = val(r, k); si = r; }
            }
            if (mx[2 * k] != bv || mx[2 * k + 1] != bi || mn[2 * k] != sv || mn[2 * k + 1] != si) {
                System.out.println("[" + k + "] max " + mx[2 * k] + "@" + mx[2 * k + 1] + " want " + bv + "@" + bi + ", min " + mn[2 * k] + "@" + mn[2 * k + 1] + " want " + sv + "@" + si);
                System.exit(1);
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS MaxlocInt2");
        MPI.Finalize();
    }
}
