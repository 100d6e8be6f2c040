// np: 4 6 8
import mpi.*;

/** Cartcomm.Sub keeping one dimension: row and column communicators, sums along them checked against the grid. */
public class CartSubRows {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int[] dims = {0, 0};
        Cartcomm.Dims_create(size, dims);
        Cartcomm grid = MPI.COMM_WORLD.Create_cart(dims, new boolean[]{false, false}, false);
        int[] c = grid.Coords(grid.Rank());
        Cartcomm row = grid.Sub(new boolean[]{false, true});
        Cartcomm col = grid.Sub(new boolean[]{true, false});
        if (row.Size() != dims[1] || col.Size() != dims[0] || row.Rank() != c[1] || col.Rank() != c[0]) {
            System.out.println("row " + row.Rank() + "/" + row.Size() + " col " + col.Rank() + "/" + col.Size()); System.exit(1);
        }
        int[] v = {grid.Rank()}, rs = new int[1], cs = new int[1];
        row.Allreduce(v, 0, rs, 0, 1, MPI.INT, MPI.SUM);
        col.Allreduce(v, 0, cs, 0, 1, MPI.INT, MPI.SUM);
        int wantRow = 0, wantCol = 0;
        for (int j = 0; j < dims[1]; j++) wantRow += c[0] * dims[1] + j;
        for (int i = 0; i < dims[0]; i++) wantCol += i * dims[1] + c[1];
        if (rs[0] != wantRow || cs[0] != wantCol) { System.out.println("sums " + rs[0] + " " + cs[0] + " want " + wantRow + " " + wantCol); System.exit(1); }
        CartParms rp = row.Get();
        if (rp.dims.length != 1 || rp.dims[0] != dims[1]) { System.out.println("row dims " + java.util.Arrays.toString(rp.dims)); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS CartSubRows");
        MPI.Finalize();
    }
}
