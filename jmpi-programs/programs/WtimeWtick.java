// np: 1 2 3
import mpi.*;

/** Wtime is monotonic and measures a sleep within reason; Wtick is positive and no coarser than the sleep. */
public class WtimeWtick {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        double tick = MPI.Wtick();
        if (!(tick > 0) || tick > 0.01) { System.out.println("Wtick " + tick); System.exit(1); }
        double prev = MPI.Wtime();
        for (int k = 0; k < 100000; k++) {
            double t = MPI.Wtime();
            if (t < prev) { System.out.println("Wtime went back " + prev + " -> " + t); System.exit(1); }
            prev = t;
        }
        double t0 = MPI.Wtime();
        Thread.sleep(200);
        double dt = MPI.Wtime() - t0;
        if (dt < 0.19 || dt > 5) { System.out.println("200 ms sleep measured as " + dt + " s"); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS WtimeWtick");
        MPI.Finalize();
    }
}
