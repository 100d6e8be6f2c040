// np: 3 4 6
import mpi.*;

/** Shift on a periodic ring and an open line: a halo exchange with Sendrecv (PROC_NULL at the open ends). */
public class CartShiftHalo {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (boolean periodic : new boolean[]{true, false}) {
            Cartcomm line = MPI.COMM_WORLD.Create_cart(new int[]{size}, new boolean[]{periodic}, false);
            int me = line.Rank();
            ShiftParms sp = line.Shift(0, 1);
            int wantSrc = me > 0 ? me - 1 : (periodic ? size - 1 : MPI.PROC_NULL);
            int wantDst = me < size - 1 ? me + 1 : (periodic ? 0 : MPI.PROC_NULL);
            if (sp.rank_source != wantSrc || sp.rank_dest != wantDst) { System.out.println("shift " + sp.rank_source + " " + sp.rank_dest); System.exit(1); }
            ShiftParms two = line.Shift(0, -2);
            int w2s = me + 2 < size ? me + 2 : (periodic ? (me + 2) % size : MPI.PROC_NULL);
            if (two.rank_source != w2s) { System.out.println("shift -2 source " + two.rank_source); System.exit(1); }
            int n = 8;
            double[] u = new double[n + 2];
            for (int k = 1; k <= n; k++) u[k] = me * 100 + k;
            u[0] = -1; u[n + 1] = -1;
            line.Sendrecv(u, n, 1, MPI.DOUBLE, sp.rank_dest, 0, u, 0, 1, MPI.DOUBLE, sp.rank_source, 0);
            line.Sendrecv(u, 1, 1, MPI.DOUBLE, sp.rank_source, 1, u, n + 1, 1, MPI.DOUBLE, sp.rank_dest, 1);
            double left = sp.rank_source == MPI.PROC_NULL ? -1 : sp.rank_source * 100 + n;
            double right = sp.rank_dest == MPI.PROC_NULL ? -1 : sp.rank_dest * 100 + 1;
            if (u[0] != left || u[n + 1] != right) { System.out.println("halo " + u[0] + " " + u[n + 1] + " want " + left + " " + right); System.exit(1); }
            line.Free();
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CartShiftHalo");
        MPI.Finalize();
    }
}
