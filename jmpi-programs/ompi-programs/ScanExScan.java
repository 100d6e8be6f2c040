// np: 1 2 4 7
import mpi.*;
import java.nio.*;

/** scan and exScan (SUM, MAX) with send/recv buffers and in place, arrays and direct buffers; exScan leaves rank 0's result alone. */
public class ScanExScan {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ScanExScan: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int[] out = new int[2];
        c.scan(new int[] {rank + 1, 1}, out, 2, MPI.INT, MPI.SUM);
        check(out[0] == (rank + 1) * (rank + 2) / 2 && out[1] == rank + 1, "scan " + out[0] + "," + out[1]);
        long[] ip = {rank * 3L};
        c.scan(ip, 1, MPI.LONG, MPI.MAX);
        check(ip[0] == rank * 3L, "in-place scan MAX " + ip[0]);
        int[] ex = {-99};
        c.exScan(new int[] {rank + 1}, ex, 1, MPI.INT, MPI.SUM);
        if (rank > 0) check(ex[0] == rank * (rank + 1) / 2, "exScan " + ex[0]);
        DoubleBuffer db = MPI.newDoubleBuffer(1);
        db.put(0, rank + 0.5);
        c.exScan(db, 1, MPI.DOUBLE, MPI.SUM);
        if (rank > 0) check(db.get(0) == rank * (rank - 1) / 2.0 + rank * 0.5, "in-place exScan " + db.get(0));
        DoubleBuffer s = MPI.newDoubleBuffer(1), r = MPI.newDoubleBuffer(1);
        s.put(0, -rank);
        c.scan(s, r, 1, MPI.DOUBLE, MPI.MIN);
        check(r.get(0) == -rank, "direct scan MIN " + r.get(0));
        c.barrier();
        if (rank == 0) System.out.println("PASS ScanExScan");
        MPI.Finalize();
    }
}
