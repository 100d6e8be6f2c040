// np: 1 2 3 5
import mpi.*;
import java.nio.*;

/** iReduce (and in place), iAllReduce (and in place), iReduceScatter, iReduceScatterBlock (both also in place), iScan, iExScan (and in place), with a user op too. */
public class NbcReductions {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL NbcReductions: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int tri = size * (size - 1) / 2;
        IntBuffer s = MPI.newIntBuffer(2), r = MPI.newIntBuffer(2);
        s.put(0, rank).put(1, 1);
        c.iReduce(s, r, 2, MPI.INT, MPI.SUM, size - 1).waitFor();
        if (rank == size - 1) check(r.get(0) == tri && r.get(1) == size, "iReduce " + r.get(0));
        IntBuffer ip = MPI.newIntBuffer(1);
        ip.put(0, rank + 1);
        c.iReduce(ip, 1, MPI.INT, MPI.PROD, 0).waitFor();
        long fact = 1; for (int k = 2; k <= size; k++) fact *= k;
        if (rank == 0) check(ip.get(0) == fact, "in-place iReduce PROD " + ip.get(0));
        DoubleBuffer ds = MPI.newDoubleBuffer(1), dr = MPI.newDoubleBuffer(1);
        ds.put(0, rank * 0.5);
        c.iAllReduce(ds, dr, 1, MPI.DOUBLE, MPI.MAX).waitFor();
        check(dr.get(0) == (size - 1) * 0.5, "iAllReduce MAX " + dr.get(0));
        Op plus = new Op(new UserFunction() {
            @Override public void call(Object a, Object b, int n, Datatype t) { for (int i = 0; i < n; i++) ((long[]) b)[i] += ((long[]) a)[i]; }
        }, true);
        LongBuffer lb = MPI.newLongBuffer(1);
        lb.put(0, rank);
        c.iAllReduce(lb, 1, MPI.LONG, plus).waitFor();
        check(lb.get(0) == tri, "in-place iAllReduce with a user op " + lb.get(0));
        int[] counts = new int[size];
        int total = 0, start = 0;
        for (int k = 0; k < size; k++) { counts[k] = k % 2 + 1; if (k < rank) start += counts[k]; total += counts[k]; }
        IntBuffer rsIn = MPI.newIntBuffer(total), rsOut = MPI.newIntBuffer(counts[rank]);
        for (int i = 0; i < total; i++) rsIn.put(i, i + rank);
        c.iReduceScatter(rsIn, rsOut, counts, MPI.INT, MPI.SUM).waitFor();
        for (int k = 0; k < counts[rank]; k++) check(rsOut.get(k) == (start + k) * size + tri, "iReduceScatter " + k);
        c.iReduceScatter(rsIn, counts, MPI.INT, MPI.SUM).waitFor();
        for (int k = 0; k < counts[rank]; k++) check(rsIn.get(k) == (start + k) * size + tri, "in-place iReduceScatter " + k + " = " + rsIn.get(k));
        IntBuffer bIn = MPI.newIntBuffer(2 * size), bOut = MPI.newIntBuffer(2);
        for (int i = 0; i < 2 * size; i++) bIn.put(i, i * rank);
        c.iReduceScatterBlock(bIn, bOut, 2, MPI.INT, MPI.SUM).waitFor();
        for (int k = 0; k < 2; k++) check(bOut.get(k) == (2 * rank + k) * tri, "iReduceScatterBlock " + k);
        c.iReduceScatterBlock(bIn, 2, MPI.INT, MPI.MAX).waitFor();
        for (int k = 0; k < 2; k++) check(bIn.get(k) == (2 * rank + k) * (size - 1), "in-place iReduceScatterBlock " + k + " = " + bIn.get(k));
        IntBuffer scIn = MPI.newIntBuffer(1), scOut = MPI.newIntBuffer(1);
        scIn.put(0, rank + 1);
        c.iScan(scIn, scOut, 1, MPI.INT, MPI.SUM).waitFor();
        check(scOut.get(0) == (rank + 1) * (rank + 2) / 2, "iScan " + scOut.get(0));
        c.iExScan(scIn, scOut, 1, MPI.INT, MPI.SUM).waitFor();
        if (rank > 0) check(scOut.get(0) == rank * (rank + 1) / 2, "iExScan " + scOut.get(0));
        c.iScan(scIn, 1, MPI.INT, MPI.MAX).waitFor();
        check(scIn.get(0) == rank + 1, "in-place iScan " + scIn.get(0));
        c.iExScan(scIn, 1, MPI.INT, MPI.SUM).waitFor();
        if (rank > 0) check(scIn.get(0) == rank * (rank + 1) / 2, "in-place iExScan " + scIn.get(0));
        plus.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS NbcReductions");
        MPI.Finalize();
    }
}
