// np: 2
import mpi.*;

/** A matrix column as Datatype.Vector(rows, 1, cols, MPI.DOUBLE): sent from a row-major matrix, received contiguous and as a column. */
public class VectorColumn {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int rows = 6, cols = 5;
        Datatype column = Datatype.Vector(rows, 1, cols, MPI.DOUBLE);
        column.Commit();
        double[] m = new double[rows * cols];
        if (rank == 0) {
            for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) m[i * cols + j] = i * 10 + j;
            for (int j = 0; j < cols; j++) MPI.COMM_WORLD.Send(m, j, 1, column, 1, j);
            MPI.COMM_WORLD.Send(m, 2, 1, column, 1, 99);
        } else if (rank == 1) {
            for (int j = 0; j < cols; j++) {
                double[] col = new double[rows];
                Status st = MPI.COMM_WORLD.Recv(col, 0, rows, MPI.DOUBLE, 0, j);
                if (st.Get_count(MPI.DOUBLE) != rows) { System.out.println("count " + st.Get_count(MPI.DOUBLE)); System.exit(1); }
                for (int i = 0; i < rows; i++) if (col[i] != i * 10 + j) { System.out.println("col " + j + " row " + i + ": " + col[i]); System.exit(1); }
            }
            java.util.Arrays.fill(m, -1);
            MPI.COMM_WORLD.Recv(m, 4, 1, column, 0, 99); // column 2 lands in column 4
            for (int i = 0; i < rows; i++) for (int j = 0; j < cols; j++) {
                double want = j == 4 ? i * 10 + 2 : -1;
                if (m[i * cols + j] != want) { System.out.println("m[" + i + "][" + j + "]=" + m[i * cols + j]); System.exit(1); }
            }
            System.out.println("PASS VectorColumn");
        }
        MPI.Finalize();
    }
}
