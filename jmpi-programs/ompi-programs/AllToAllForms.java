// np: 2 3 5
import mpi.*;
import java.nio.*;

/** allToAll with arrays and direct buffers; allToAllv with counts (i+j)%3 and reversed displacements. */
public class AllToAllForms {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL AllToAllForms: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int[] out = new int[2 * size], in = new int[2 * size];
        for (int j = 0; j < size; j++) { out[2 * j] = rank * 100 + j; out[2 * j + 1] = -1 - rank; }
        c.allToAll(out, 2, MPI.INT, in, 2, MPI.INT);
        for (int j = 0; j < size; j++) check(in[2 * j] == j * 100 + rank && in[2 * j + 1] == -1 - j, "allToAll from " + j);
        DoubleBuffer dout = MPI.newDoubleBuffer(size), din = MPI.newDoubleBuffer(size);
        for (int j = 0; j < size; j++) dout.put(j, rank + j / 100.0);
        c.allToAll(dout, 1, MPI.DOUBLE, din, 1, MPI.DOUBLE);
        for (int j = 0; j < size; j++) check(din.get(j) == j + rank / 100.0, "direct allToAll from " + j);
        int[] sc = new int[size], sd = new int[size], rc = new int[size], rd = new int[size];
        int st = 0, rt = 0;
        for (int j = size - 1; j >= 0; j--) { sc[j] = (rank + j) % 3; sd[j] = st; st += sc[j]; rc[j] = (j + rank) % 3; rd[j] = rt; rt += rc[j]; }
        long[] sv = new long[Math.max(st, 1)], rv = new long[Math.max(rt, 1)];
        for (int j = 0; j < size; j++) for (int k = 0; k < sc[j]; k++) sv[sd[j] + k] = rank * 1000L + j * 10 + k;
        c.allToAllv(sv, sc, sd, MPI.LONG, rv, rc, rd, MPI.LONG);
        for (int j = 0; j < size; j++) for (int k = 0; k < rc[j]; k++)
            check(rv[rd[j] + k] == j * 1000L + rank * 10 + k, "allToAllv from " + j + " [" + k + "] = " + rv[rd[j] + k]);
        c.barrier();
        if (rank == 0) System.out.println("PASS AllToAllForms");
        MPI.Finalize();
    }
}
