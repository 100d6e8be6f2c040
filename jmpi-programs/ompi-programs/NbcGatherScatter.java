// np: 2 3 5
import mpi.*;
import java.nio.*;

/** iGather, iScatter and their in-place forms, iGatherv/iScatterv with varying counts and their in-place root / non-root forms (direct buffers). */
public class NbcGatherScatter {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL NbcGatherScatter: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int root = size - 1;
        IntBuffer s = MPI.newIntBuffer(2), g = MPI.newIntBuffer(2 * size);
        s.put(0, rank).put(1, rank * rank);
        c.iGather(s, 2, MPI.INT, g, 2, MPI.INT, root).waitFor();
        if (rank == root) for (int r = 0; r < size; r++) check(g.get(2 * r) == r && g.get(2 * r + 1) == r * r, "iGather slot " + r);
        IntBuffer one = MPI.newIntBuffer(2);
        c.iScatter(g, 2, MPI.INT, one, 2, MPI.INT, root).waitFor();
        check(one.get(0) == rank && one.get(1) == rank * rank, "iScatter back " + one.get(0));
        // in place
        DoubleBuffer ip = MPI.newDoubleBuffer(rank == 0 ? size : 1);
        if (rank == 0) ip.put(0, 0.25); else ip.put(0, rank + 0.25);
        c.iGather(ip, 1, MPI.DOUBLE, 0).waitFor();
        if (rank == 0) for (int r = 0; r < size; r++) check(ip.get(r) == r + 0.25, "in-place iGather " + r + " = " + ip.get(r));
        if (rank == 0) for (int r = 0; r < size; r++) ip.put(r, -r);
        c.iScatter(ip, 1, MPI.DOUBLE, 0).waitFor();
        check(ip.get(0) == -rank, "in-place iScatter " + ip.get(0));
        // v-forms: rank r contributes r+1 longs
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = 0; r < size; r++) { counts[r] = r + 1; displs[r] = total; total += r + 1; }
        LongBuffer mine = MPI.newLongBuffer(rank + 1), all = MPI.newLongBuffer(total);
        for (int i = 0; i <= rank; i++) mine.put(i, rank * 100L + i);
        c.iGatherv(mine, rank + 1, MPI.LONG, all, counts, displs, MPI.LONG, 0).waitFor();
        if (rank == 0) for (int r = 0; r < size; r++) for (int i = 0; i <= r; i++) check(all.get(displs[r] + i) == r * 100L + i, "iGatherv " + r + "/" + i);
        LongBuffer back = MPI.newLongBuffer(rank + 1);
        c.iScatterv(all, counts, displs, MPI.LONG, back, rank + 1, MPI.LONG, 0).waitFor();
        for (int i = 0; i <= rank; i++) check(back.get(i) == rank * 100L + i, "iScatterv " + i + " = " + back.get(i));
        if (rank == 0) {
            LongBuffer a2 = MPI.newLongBuffer(total);
            a2.put(0, 5);
            c.iGatherv(a2, counts, displs, MPI.LONG, 0).waitFor();
            check(a2.get(0) == 5, "in-place iGatherv moved the root's block");
            for (int r = 1; r < size; r++) for (int i = 0; i <= r; i++) check(a2.get(displs[r] + i) == -(r * 100L + i), "in-place iGatherv " + r + "/" + i);
            c.iScatterv(a2, counts, displs, MPI.LONG, 0).waitFor();
        } else {
            LongBuffer m2 = MPI.newLongBuffer(rank + 1);
            for (int i = 0; i <= rank; i++) m2.put(i, -(rank * 100L + i));
            c.iGatherv(m2, rank + 1, MPI.LONG, 0).waitFor();
            LongBuffer r2 = MPI.newLongBuffer(rank + 1);
            c.iScatterv(r2, rank + 1, MPI.LONG, 0).waitFor();
            for (int i = 0; i <= rank; i++) check(r2.get(i) == -(rank * 100L + i), "in-place iScatterv " + i);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS NbcGatherScatter");
        MPI.Finalize();
    }
}
