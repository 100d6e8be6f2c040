// np: 2 3 4
import mpi.*;

/** Scatter of matrix columns: a column type with its UB moved to 1 (Struct with MPI.UB) so consecutive columns are 1 apart. */
public class ScatterColumns {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int rows = 5, cols = size;
        Datatype column = Datatype.Vector(rows, 1, cols, MPI.INT);
        Datatype col1 = Datatype.Struct(new int[]{1, 1}, new int[]{0, 1}, new Datatype[]{column, MPI.UB});
        col1.Commit();
        if (col1.Extent() != 1) { System.out.println("extent " + col1.Extent()); System.exit(1); }
        int[] m = new int[rows * cols];
        if (rank == 0) for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) m[i * cols + j] = i * 1000 + j;
        int[] mine = new int[rows];
        MPI.COMM_WORLD.Scatter(m, 0, 1, col1, mine, 0, rows, MPI.INT, 0);
        for (int i = 0; i < rows; i++) if (mine[i] != i * 1000 + rank) { System.out.println("rank " + rank + " [" + i + "] " + mine[i]); System.exit(1); }
        // and back, doubled, with Gather into the columns
        for (int i = 0; i < rows; i++) mine[i] *= 2;
        int[] back = new int[rows * cols];
        MPI.COMM_WORLD.Gather(mine, 0, rows, MPI.INT, back, 0, 1, col1, 0);
        if (rank == 0) {
            for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++)
                if (back[i * cols + j] != 2 * (i * 1000 + j)) { System.out.println("back[" + i + "][" + j + "]=" + back[i * cols + j]); System.exit(1); }
            System.out.println("PASS ScatterColumns");
        }
        MPI.Finalize();
    }
}
