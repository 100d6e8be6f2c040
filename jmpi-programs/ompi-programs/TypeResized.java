// np: 2 4
import mpi.*;

/** createResized (lb/extent in BYTES) turns a column into a type whose consecutive instances are consecutive columns: scatter columns of a 4xN int matrix. */
public class TypeResized {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL TypeResized: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int rows = 4, cols = size;
        Datatype column = Datatype.createVector(rows, 1, cols, MPI.INT);
        Datatype colType = Datatype.createResized(column, 0, 4);          // extent: one int
        colType.commit();
        check(colType.getExtent() == 1 && colType.getLb() == 0 && colType.getSize() == rows, "resized extent " + colType.getExtent() + " size " + colType.getSize());
        check(colType.getTrueExtent() == (rows - 1) * cols + 1, "resized true extent " + colType.getTrueExtent());
        int[] m = new int[rows * cols];
        if (rank == 0) for (int i = 0; i < m.length; i++) m[i] = i;
        int[] mine = new int[rows];
        c.scatter(m, 1, colType, mine, rows, MPI.INT, 0);
        for (int r = 0; r < rows; r++) check(mine[r] == r * cols + rank, "column " + rank + " row " + r + " = " + mine[r]);
        for (int r = 0; r < rows; r++) mine[r] = -mine[r];
        int[] back = new int[rows * cols];
        c.gather(mine, rows, MPI.INT, back, 1, colType, 0);
        if (rank == 0) for (int i = 0; i < back.length; i++) check(back[i] == -i, "gathered [" + i + "] = " + back[i]);
        Datatype wide = Datatype.createResized(MPI.DOUBLE, -8, 24);
        wide.commit();
        check(wide.getLb() == -1 && wide.getExtent() == 3, "resized DOUBLE lb " + wide.getLb() + " extent " + wide.getExtent() + " (expected -1, 3 doubles)");
        column.free(); colType.free(); wide.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS TypeResized");
        MPI.Finalize();
    }
}
