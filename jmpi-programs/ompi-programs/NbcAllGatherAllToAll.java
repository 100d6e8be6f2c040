// np: 1 2 4 6
import mpi.*;
import java.nio.*;

/** iAllGather (and in place), iAllGatherv (and in place), iAllToAll, iAllToAllv, iAllToAllw (byte displacements) with direct buffers. */
public class NbcAllGatherAllToAll {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL NbcAllGatherAllToAll: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        IntBuffer s = MPI.newIntBuffer(1), g = MPI.newIntBuffer(size);
        s.put(0, rank * 11);
        c.iAllGather(s, 1, MPI.INT, g, 1, MPI.INT).waitFor();
        for (int r = 0; r < size; r++) check(g.get(r) == r * 11, "iAllGather " + r);
        IntBuffer ip = MPI.newIntBuffer(size);
        ip.put(rank, -rank - 1);
        c.iAllGather(ip, 1, MPI.INT).waitFor();
        for (int r = 0; r < size; r++) check(ip.get(r) == -r - 1, "in-place iAllGather " + r);
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) { counts[r] = 1 + r % 2; displs[r] = total; total += counts[r]; }
        DoubleBuffer mine = MPI.newDoubleBuffer(2), all = MPI.newDoubleBuffer(total);
        mine.put(0, rank).put(1, rank + 0.5);
        c.iAllGatherv(mine, counts[rank], MPI.DOUBLE, all, counts, displs, MPI.DOUBLE).waitFor();
        for (int r = 0; r < size; r++) for (int i = 0; i < counts[r]; i++) check(all.get(displs[r] + i) == r + i * 0.5, "iAllGatherv " + r + "/" + i);
        DoubleBuffer all2 = MPI.newDoubleBuffer(total);
        for (int i = 0; i < counts[rank]; i++) all2.put(displs[rank] + i, -(rank + i * 0.5));
        c.iAllGatherv(all2, counts, displs, MPI.DOUBLE).waitFor();
        for (int r = 0; r < size; r++) for (int i = 0; i < counts[r]; i++) check(all2.get(displs[r] + i) == -(r + i * 0.5), "in-place iAllGatherv " + r + "/" + i);
        IntBuffer ao = MPI.newIntBuffer(size), ai = MPI.newIntBuffer(size);
        for (int j = 0; j < size; j++) ao.put(j, rank * 100 + j);
        c.iAllToAll(ao, 1, MPI.INT, ai, 1, MPI.INT).waitFor();
        for (int j = 0; j < size; j++) check(ai.get(j) == j * 100 + rank, "iAllToAll from " + j);
        int[] sc = new int[size], sd = new int[size], rc = new int[size], rd = new int[size];
        int st = 0, rt = 0;
        for (int j = 0; j < size; j++) { sc[j] = j % 2 + 1; sd[j] = st; st += sc[j]; rc[j] = rank % 2 + 1; rd[j] = rt; rt += rc[j]; }
        IntBuffer vo = MPI.newIntBuffer(st), vi = MPI.newIntBuffer(rt);
        for (int j = 0; j < size; j++) for (int k = 0; k < sc[j]; k++) vo.put(sd[j] + k, rank * 1000 + j * 10 + k);
        c.iAllToAllv(vo, sc, sd, MPI.INT, vi, rc, rd, MPI.INT).waitFor();
        for (int j = 0; j < size; j++) for (int k = 0; k < rc[j]; k++) check(vi.get(rd[j] + k) == j * 1000 + rank * 10 + k, "iAllToAllv from " + j + "/" + k);
        int[] wc = new int[size], wd = new int[size];
        Datatype[] wt = new Datatype[size];
        for (int j = 0; j < size; j++) { wc[j] = 1; wd[j] = 8 * j; wt[j] = MPI.LONG; }
        LongBuffer wo = MPI.newLongBuffer(size), wi = MPI.newLongBuffer(size);
        for (int j = 0; j < size; j++) wo.put(j, rank * 10L + j);
        c.iAllToAllw(wo, wc, wd, wt, wi, wc, wd, wt).waitFor();
        for (int j = 0; j < size; j++) check(wi.get(j) == j * 10L + rank, "iAllToAllw from " + j);
        c.barrier();
        if (rank == 0) System.out.println("PASS NbcAllGatherAllToAll");
        MPI.Finalize();
    }
}
