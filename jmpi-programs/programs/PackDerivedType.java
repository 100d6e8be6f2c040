// np: 2
import mpi.*;

/** Pack through a Vector type (a matrix column), unpack into a contiguous array and into another column. */
public class PackDerivedType {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int rows = 4, cols = 6;
        Datatype column = Datatype.Vector(rows, 1, cols, MPI.INT);
        column.Commit();
        int[] m = new int[rows * cols];
        for (int k = 0; k < m.length; k++) m[k] = k * k;
        byte[] buf = new byte[MPI.COMM_WORLD.Pack_size(2, column)];
        if (rank == 0) {
            int pos = MPI.COMM_WORLD.Pack(m, 1, 1, column, buf, 0);
            pos = MPI.COMM_WORLD.Pack(m, 4, 1, column, buf, pos);
            MPI.COMM_WORLD.Send(buf, 0, pos, MPI.PACKED, 1, 0);
        } else if (rank == 1) {
            Status st = MPI.COMM_WORLD.Recv(buf, 0, buf.length, MPI.PACKED, 0, 0);
            int[] flat = new int[rows];
            int pos = MPI.COMM_WORLD.Unpack(buf, 0, flat, 0, rows, MPI.INT);
            int[] target = new int[rows * cols];
            MPI.COMM_WORLD.Unpack(buf, pos, target, 0, 1, column);
            for (int i = 0; i < rows; i++) {
                if (flat[i] != m[i * cols + 1]) { System.out.println("flat[" + i + "] " + flat[i]); System.exit(1); }
                for (int j = 0; j < cols; j++) {
                    int want = j == 0 ? m[i * cols + 4] : 0;
                    if (target[i * cols + j] != want) { System.out.println("target[" + i + "][" + j + "] " + target[i * cols + j]); System.exit(1); }
                }
            }
            System.out.println("PASS PackDerivedType");
        }
        MPI.Finalize();
    }
}
