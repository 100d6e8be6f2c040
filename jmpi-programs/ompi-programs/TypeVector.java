// np: 2
import mpi.*;

/** createVector (stride in old-type extents): a matrix column and a 2-wide block column of a row-major int[6][5]; extent/size/trueExtent in ints; received contiguously. */
public class TypeVector {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL TypeVector: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        int rows = 6, cols = 5;
        Datatype column = Datatype.createVector(rows, 1, cols, MPI.INT);
        column.commit();
        check(column.getSize() == rows, "column size " + column.getSize());
        check(column.getExtent() == (rows - 1) * cols + 1, "column extent " + column.getExtent() + " expected " + ((rows - 1) * cols + 1));
        check(column.getTrueExtent() == (rows - 1) * cols + 1 && column.getTrueLb() == 0, "column true extent " + column.getTrueExtent());
        Datatype block = Datatype.createVector(3, 2, 2 * cols, MPI.INT);   // rows 0,2,4, two columns
        block.commit();
        check(block.getSize() == 6 && block.getExtent() == 4 * cols + 2, "block size " + block.getSize() + " extent " + block.getExtent());
        Datatype dcol = Datatype.createVector(2, 1, 3, MPI.DOUBLE);
        dcol.commit();
        check(dcol.getExtent() == 4 && dcol.getSize() == 2, "double vector extent " + dcol.getExtent());
        if (rank == 0) {
            int[] m = new int[rows * cols];
            for (int i = 0; i < m.length; i++) m[i] = i;
            c.send(m, 1, column, 1, 1);                       // column 0
            c.send(MPI.slice(m, 3), 1, column, 1, 2);         // column 3
            c.send(MPI.slice(m, 1), 1, block, 1, 3);
            c.send(new double[] {1, 2, 3, 4, 5, 6, 7}, 1, dcol, 1, 4);
        } else if (rank == 1) {
            int[] col = new int[rows];
            c.recv(col, rows, MPI.INT, 0, 1);
            for (int r = 0; r < rows; r++) check(col[r] == r * cols, "column 0 row " + r + " = " + col[r]);
            c.recv(col, rows, MPI.INT, 0, 2);
            for (int r = 0; r < rows; r++) check(col[r] == r * cols + 3, "column 3 row " + r + " = " + col[r]);
            int[] blk = new int[6];
            c.recv(blk, 6, MPI.INT, 0, 3);
            int[] exp = {1, 2, 11, 12, 21, 22};
            for (int i = 0; i < 6; i++) check(blk[i] == exp[i], "block [" + i + "] expected " + exp[i] + ", got " + blk[i]);
            double[] d = new double[2];
            c.recv(d, 2, MPI.DOUBLE, 0, 4);
            check(d[0] == 1 && d[1] == 4, "double vector " + d[0] + "," + d[1]);
            // receive into a column type: scattered back into a matrix
            int[] m = new int[rows * cols];
            c.recv(m, 1, column, 0, 5);
            for (int i = 0; i < m.length; i++) check(m[i] == (i % cols == 0 ? 100 + i / cols : 0), "scatter into column [" + i + "] = " + m[i]);
        }
        if (rank == 0) c.send(new int[] {100, 101, 102, 103, 104, 105}, rows, MPI.INT, 1, 5);
        column.free(); block.free(); dcol.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS TypeVector");
        MPI.Finalize();
    }
}
