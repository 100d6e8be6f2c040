// np: 4 6
import mpi.*;

/** 2D Jacobi on a Cartesian grid: rows exchanged contiguous, columns with Datatype.Vector; 30 sweeps equal the serial ones bit for bit. */
public class JacobiCart2D {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int size = MPI.COMM_WORLD.Size();
        int[] dims = new int[2];
        Cartcomm.Dims_create(size, dims);
        Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[]{false, false}, false);
        int me = grid.Rank();
        int[] c = grid.Coords(me);
        int lr = 6, lc = 5, gr = lr * dims[0], gc = lc * dims[1], w = lc + 2, sweeps = 30;
        double[] init = new double[gr * gc];
        for (int i = 0; i < gr; i++) for (int j = 0; j < gc; j++) init[i * gc + j] = ((i * 7 + j * 13) % 17) / 4.0;
        double[] u = new double[(lr + 2) * w];
        for (int i = 0; i < lr; i++) for (int j = 0; j < lc; j++) u[(i + 1) * w + j + 1] = init[(c[0] * lr + i) * gc + c[1] * lc + j];
        Datatype column = Datatype.Vector(lr, 1, w, MPI.DOUBLE);
        column.Commit();
        ShiftParms ud = grid.Shift(0, 1), lrs = grid.Shift(1, 1);
        for (int s = 0; s < sweeps; s++) {
            // halos: fixed boundary (0) where there is no neighbour
            grid.Sendrecv(u, lr * w + 1, lc, MPI.DOUBLE, ud.rank_dest, 0, u, 1, lc, MPI.DOUBLE, ud.rank_source, 0);
            grid.Sendrecv(u, w + 1, lc, MPI.DOUBLE, ud.rank_source, 1, u, (lr + 1) * w + 1, lc, MPI.DOUBLE, ud.rank_dest, 1);
            grid.Sendrecv(u, w + lc, 1, column, lrs.rank_dest, 2, u, w, 1, column, lrs.rank_source, 2);
            grid.Sendrecv(u, w + 1, 1, column, lrs.rank_source, 3, u, w + lc + 1, 1, column, lrs.rank_dest, 3);
            double[] nu = u.clone();
            for (int i = 1; i <= lr; i++) for (int j = 1; j <= lc; j++)
                nu[i * w + j] = 0.25 * (u[(i - 1) * w + j] + u[(i + 1) * w + j] + u[i * w + j - 1] + u[i * w + j + 1]);
            u = nu;
        }
        double[] ref = init.clone();
        for (int s = 0; s < sweeps; s++) {
            double[] nx = ref.clone();
            for (int i = 0; i < gr; i++) for (int j = 0; j < gc; j++) {
                double up = i > 0 ? ref[(i - 1) * gc + j] : 0, dn = i < gr - 1 ? ref[(i + 1) * gc + j] : 0;
                double lf = j > 0 ? ref[i * gc + j - 1] : 0, rt = j < gc - 1 ? ref[i * gc + j + 1] : 0;
                nx[i * gc + j] = 0.25 * (up + dn + lf + rt);
            }
            ref = nx;
        }
        for (int i = 0; i < lr; i++) for (int j = 0; j < lc; j++) {
            double want = ref[(c[0] * lr + i) * gc + c[1] * lc + j];
            if (u[(i + 1) * w + j + 1] != want) { System.out.println("rank " + me + " (" + i + "," + j + ") " + u[(i + 1) * w + j + 1] + " want " + want); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (me == 0) System.out.println("PASS JacobiCart2D");
        MPI.Finalize();
    }
}
