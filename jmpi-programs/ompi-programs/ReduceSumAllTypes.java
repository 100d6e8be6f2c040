// np: 2 3 4
import mpi.*;

/** allReduce SUM, MAX, MIN over byte, short, int, long, float, double arrays (values chosen so every result is exact). */
public class ReduceSumAllTypes {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ReduceSumAllTypes: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int n = 3, tri = size * (size - 1) / 2;
        byte[] b = new byte[n], bo = new byte[n]; short[] s = new short[n], so = new short[n]; int[] i = new int[n], io = new int[n];
        long[] l = new long[n], lo = new long[n]; float[] f = new float[n], fo = new float[n]; double[] d = new double[n], dout = new double[n];
        for (int k = 0; k < n; k++) { b[k] = (byte) (rank + k); s[k] = (short) (rank * 100 - k); i[k] = rank * 1000 + k; l[k] = ((long) rank << 33) + k; f[k] = rank * 0.5f + k; d[k] = rank * 0.25 - k; }
        c.allReduce(b, bo, n, MPI.BYTE, MPI.SUM); c.allReduce(s, so, n, MPI.SHORT, MPI.SUM); c.allReduce(i, io, n, MPI.INT, MPI.SUM);
        c.allReduce(l, lo, n, MPI.LONG, MPI.SUM); c.allReduce(f, fo, n, MPI.FLOAT, MPI.SUM); c.allReduce(d, dout, n, MPI.DOUBLE, MPI.SUM);
        for (int k = 0; k < n; k++) {
            check(bo[k] == (byte) (tri + size * k), "byte SUM [" + k + "] = " + bo[k]);
            check(so[k] == (short) (tri * 100 - size * k), "short SUM [" + k + "] = " + so[k]);
            check(io[k] == tri * 1000 + size * k, "int SUM [" + k + "] = " + io[k]);
            check(lo[k] == ((long) tri << 33) + (long) size * k, "long SUM [" + k + "] = " + lo[k]);
            check(fo[k] == tri * 0.5f + size * k, "float SUM [" + k + "] = " + fo[k]);
            check(dout[k] == tri * 0.25 - size * k, "double SUM [" + k + "] = " + dout[k]);
        }
        c.allReduce(i, io, n, MPI.INT, MPI.MAX); c.allReduce(d, dout, n, MPI.DOUBLE, MPI.MIN);
        c.allReduce(l, lo, n, MPI.LONG, MPI.MIN); c.allReduce(f, fo, n, MPI.FLOAT, MPI.MAX); c.allReduce(s, so, n, MPI.SHORT, MPI.MIN);
        for (int k = 0; k < n; k++) {
            check(io[k] == (size - 1) * 1000 + k, "int MAX [" + k + "] = " + io[k]);
            check(dout[k] == -k, "double MIN [" + k + "] = " + dout[k]);
            check(lo[k] == k, "long MIN [" + k + "] = " + lo[k]);
            check(fo[k] == (size - 1) * 0.5f + k, "float MAX [" + k + "] = " + fo[k]);
            check(so[k] == -k, "short MIN [" + k + "] = " + so[k]);
        }
        char[] ch = {(char) ('a' + rank)}, cho = new char[1];
        c.allReduce(ch, cho, 1, MPI.CHAR, MPI.MAX);
        check(cho[0] == (char) ('a' + size - 1), "char MAX " + cho[0]);
        c.barrier();
        if (rank == 0) System.out.println("PASS ReduceSumAllTypes");
        MPI.Finalize();
    }
}
