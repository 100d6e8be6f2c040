// np: 4 6 8
import mpi.*;

/** sub() splits a 2-D grid into row and column CartComms (sizes, ranks, allReduce along each), and map() gives this rank or UNDEFINED for ranks beyond the grid. */
public class CartSubMap {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CartSubMap: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        int[] dims = {2, size / 2};
        CartComm grid = w.createCart(dims, new boolean[] {false, true}, false);
        int row = rank / dims[1], col = rank % dims[1];
        CartComm rowComm = grid.sub(new boolean[] {false, true});
        CartComm colComm = grid.sub(new boolean[] {true, false});
        check(rowComm.getSize() == dims[1] && rowComm.getRank() == col, "row comm size " + rowComm.getSize() + " rank " + rowComm.getRank());
        check(colComm.getSize() == dims[0] && colComm.getRank() == row, "column comm size " + colComm.getSize() + " rank " + colComm.getRank());
        check(rowComm.getTopo().getDimCount() == 1 && rowComm.getTopo().getPeriod(0), "row comm keeps dimension 1's period");
        int[] s = new int[1];
        rowComm.allReduce(new int[] {rank}, s, 1, MPI.INT, MPI.SUM);
        int e = 0; for (int cc = 0; cc < dims[1]; cc++) e += row * dims[1] + cc;
        check(s[0] == e, "row sum " + s[0] + " expected " + e);
        colComm.allReduce(new int[] {rank}, s, 1, MPI.INT, MPI.SUM);
        check(s[0] == col + (dims[1] + col), "column sum " + s[0]);
        int m = grid.map(new int[] {size - 1}, new boolean[] {false});
        check(m == (rank < size - 1 ? rank : MPI.UNDEFINED), "map to size-1 nodes: " + m);
        CartComm none = grid.sub(new boolean[] {false, false});
        check(none.getSize() == 1, "sub with no dimension kept: size " + none.getSize());
        rowComm.free(); colComm.free(); none.free(); grid.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS CartSubMap");
        MPI.Finalize();
    }
}
