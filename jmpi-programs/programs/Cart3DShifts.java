// np: 8
import mpi.*;

/** A periodic 3D torus from Dims_create(8, 3): Shift in each dimension agrees with the coordinates of the neighbours. */
public class Cart3DShifts {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int size = MPI.COMM_WORLD.Size();
        int[] dims = new int[3];
        Cartcomm.Dims_create(size, dims);
        Cartcomm torus = MPI.COMM_WORLD.Create_cart(dims, new boolean[]{true, true, true}, false);
        int me = torus.Rank();
        int[] c = torus.Coords(me);
        for (int d = 0; d < 3; d++) for (int disp : new int[]{1, -1, 2}) {
            ShiftParms sp = torus.Shift(d, disp);
            int[] up = c.clone(), down = c.clone();
            up[d] = ((c[d] + disp) % dims[d] + dims[d]) % dims[d];
            down[d] = ((c[d] - disp) % dims[d] + dims[d]) % dims[d];
            if (sp.rank_dest != torus.Rank(up) || sp.rank_source != torus.Rank(down)) { System.out.println("dim " + d + " disp " + disp + ": " + sp.rank_source + " " + sp.rank_dest); System.exit(1); }
            int[] got = new int[1];
            torus.Sendrecv(new int[]{me}, 0, 1, MPI.INT, sp.rank_dest, d, got, 0, 1, MPI.INT, sp.rank_source, d);
            if (got[0] != sp.rank_source) { System.out.println("got " + got[0]); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (me == 0) System.out.println("PASS Cart3DShifts");
        MPI.Finalize();
    }
}
