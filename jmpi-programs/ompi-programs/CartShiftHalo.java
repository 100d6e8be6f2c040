// np: 2 3 4 6
import mpi.*;

/** shift on a periodic and a non-periodic dimension (PROC_NULL at the edges) feeding sendRecv halo exchanges; values checked from both neighbours. */
public class CartShiftHalo {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CartShiftHalo: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm w = MPI.COMM_WORLD;
        int rank = w.getRank(), size = w.getSize();
        CartComm ring = w.createCart(new int[] {size}, new boolean[] {true}, false);
        CartComm line = w.createCart(new int[] {size}, new boolean[] {false}, false);
        ShiftParms rs = ring.shift(0, 1);
        check(rs.getRankSource() == (rank + size - 1) % size && rs.getRankDest() == (rank + 1) % size, "periodic shift " + rs.getRankSource() + " -> " + rs.getRankDest());
        ShiftParms r2 = ring.shift(0, -2);
        check(r2.getRankSource() == (rank + 2) % size && r2.getRankDest() == ((rank - 2) % size + size) % size, "periodic shift by -2");
        ShiftParms ls = line.shift(0, 1);
        check(ls.getRankSource() == (rank == 0 ? MPI.PROC_NULL : rank - 1), "non-periodic source " + ls.getRankSource());
        check(ls.getRankDest() == (rank == size - 1 ? MPI.PROC_NULL : rank + 1), "non-periodic dest " + ls.getRankDest());
        double[] halo = {-1, -1};
        double[] mine = {rank * 1.5};
        line.sendRecv(mine, 1, MPI.DOUBLE, ls.getRankDest(), 0, halo, 1, MPI.DOUBLE, ls.getRankSource(), 0);
        line.sendRecv(mine, 1, MPI.DOUBLE, ls.getRankSource(), 1, MPI.slice(halo, 1), 1, MPI.DOUBLE, ls.getRankDest(), 1);
        check(halo[0] == (rank == 0 ? -1 : (rank - 1) * 1.5), "left halo " + halo[0]);
        check(halo[1] == (rank == size - 1 ? -1 : (rank + 1) * 1.5), "right halo " + halo[1]);
        int[] v = {rank};
        ring.sendRecvReplace(v, 1, MPI.INT, rs.getRankDest(), 2, rs.getRankSource(), 2);
        check(v[0] == rs.getRankSource(), "ring shift value " + v[0]);
        ring.free(); line.free();
        w.barrier();
        if (rank == 0) System.out.println("PASS CartShiftHalo");
        MPI.Finalize();
    }
}
