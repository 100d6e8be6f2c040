// np: 1 2 3 4 6
import mpi.*;

/** Counting lattice points in a quarter circle split over ranks by rows (Bcast the radius, Reduce the counts): exact against serial. */
public class PiLattice {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        long[] radius = {rank == 0 ? 3000 : 0};
        MPI.COMM_WORLD.Bcast(radius, 0, 1, MPI.LONG, 0);
        long r = radius[0], mine = 0;
        for (long x = rank; x <= r; x += size) for (long y = 0; y <= r; y++) if (x * x + y * y <= r * r) mine++;
        long[] in = {mine}, total = new long[1];
        MPI.COMM_WORLD.Reduce(in, 0, total, 0, 1, MPI.LONG, MPI.SUM, 0);
        if (rank == 0) {
            long serial = 0;
            for (long x = 0; x <= r; x++) { long ymax = (long) Math.floor(Math.sqrt((double) (r * r - x * x))); while (ymax * ymax > r * r - x * x) ymax--; while ((ymax + 1) * (ymax + 1) <= r * r - x * x) ymax++; serial += ymax + 1; }
            if (total[0] != serial) { System.out.println("count " + total[0] + " want " + serial); System.exit(1); }
            double pi = 4.0 * total[0] / ((double) (r + 1) * (r + 1));
            if (Math.abs(pi - Math.PI) > 0.01) { System.out.println("pi " + pi); System.exit(1); }
            System.out.println("PASS PiLattice");
        }
        MPI.Finalize();
    }
}
