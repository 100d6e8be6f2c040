// np: 2 3 4
import mpi.*;

/** A 1D heat equation on a periodic Cartesian ring, 100 steps with halo exchanges, compared with the serial computation. */
public class HeatStencil1D {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int size = MPI.COMM_WORLD.Size();
        Cartcomm ring = MPI.COMM_WORLD.Create_cart(new int[]{size}, new boolean[]{true}, false);
        int rank = ring.Rank();
        int local = 25, global = local * size, steps = 100;
        double[] init = new double[global];
        for (int i = 0; i < global; i++) init[i] = Math.sin(2 * Math.PI * i / global) + (i % 7) * 0.01;
        double[] u = new double[local + 2];
        System.arraycopy(init, rank * local, u, 1, local);
        ShiftParms sp = ring.Shift(0, 1);
        for (int s = 0; s < steps; s++) {
            ring.Sendrecv(u, local, 1, MPI.DOUBLE, sp.rank_dest, 0, u, 0, 1, MPI.DOUBLE, sp.rank_source, 0);
            ring.Sendrecv(u, 1, 1, MPI.DOUBLE, sp.rank_source, 1, u, local + 1, 1, MPI.DOUBLE, sp.rank_dest, 1);
            double[] nu = new double[local + 2];
            for (int i = 1; i <= local; i++) nu[i] = u[i] + 0.25 * (u[i - 1] - 2 * u[i] + u[i + 1]);
            u = nu;
        }
        double[] serial = init.clone();
        for (int s = 0; s < steps; s++) {
            double[] nx = new double[global];
            for (int i = 0; i < global; i++) nx[i] = serial[i] + 0.25 * (serial[(i + global - 1) % global] - 2 * serial[i] + serial[(i + 1) % global]);
            serial = nx;
        }
        double[] all = new double[global];
        ring.Gather(u, 1, local, MPI.DOUBLE, all, 0, local, MPI.DOUBLE, 0);
        if (rank == 0) {
            for (int i = 0; i < global; i++) if (all[i] != serial[i]) { System.out.println("[" + i + "] " + all[i] + " != " + serial[i]); System.exit(1); }
            System.out.println("PASS HeatStencil1D");
        }
        MPI.Finalize();
    }
}
