// np: 2 3 4
import mpi.*;

/** MINLOC/MAXLOC on DOUBLE2, LONG2, FLOAT2 and SHORT2 with Reduce to a root: the extreme value and the index that holds it. */
public class MinlocDouble2 {
    static double val(int r, int k) { return Math.sin(r * 1.7 + k) * 100; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 20, root = 1 % size;
        double[] d = new double[2 * n], dout = new double[2 * n];
        long[] l = new long[2 * n], lout = new long[2 * n];
        float[] f = new float[2 * n], fout = new float[2 * n];
        short[] s = new short[2 * n], sout = new short[2 * n];
        for (int k = 0; k < n; k++) {
            d[2 * k] = val(rank, k); d[2 * k + 1] = rank * 10 + k;
            l[2 * k] = (long) val(rank, k); l[2 * k + 1] = rank;
            f[2 * k] = (float) val(rank, k); f[2 * k + 1] = rank;
            s[2 * k] = (short) val(rank, k); s[2 * k + 1] = (short) rank;
        }
        MPI.COMM_WORLD.Reduce(d, 0, dout, 0, n, MPI.DOUBLE2, MPI.MINLOC, root);
        MPI.COMM_WORLD.Reduce(l, 0, lout, 0, n, MPI.LONG2, MPI.MAXLOC, root);
        MPI.COMM_WORLD.Reduce(f, 0, fout, 0, n, MPI.FLOAT2, MPI.MAXLOC, root);
        MPI.COMM_WORLD.Reduce(s, 0, sout, 0, n, MPI.SHORT2, MPI.MINLOC, root);
        if (rank == root) {
            for (int k = 0; k < n; k++) {
                double dv = val(0, k); int di = 0; long lv = (long) val(0, k); int li = 0;
                float fv = (float) val(0, k); int fi = 0; short sv = (short) val(0, k); int si = 0;
                for (int r = 1; r < size; r++) {
                    if (val(r, k) < dv) { dv = val(r, k); di = r; }
                    if ((long) val(r, k) > lv) { lv = (long) val(r, k); li = r; }
                    if ((float) val(r, k) > fv) { fv = (float) val(r, k); fi = r; }
                    if ((short) val(r, k) < sv) { sv = (short) val(r, k); si = r; }
                }
                if (dout[2 * k] != dv || dout[2 * k + 1] != di * 10 + k || lout[2 * k] != lv || lout[2 * k + 1] != li
                        || fout[2 * k] != fv || fout[2 * k + 1] != fi || sout[2 * k] != sv || sout[2 * k + 1] != si) {
                    System.out.println("[" + k + "] " + dout[2 * k] + "@" + dout[2 * k + 1] + " " + lout[2 * k] + "@" + lout[2 * k + 1]
                            + " " + fout[2 * k] + "@" + fout[2 * k + 1] + " " + sout[2 * k] + "@" + sout[2 * k + 1]); System.exit(1);
                }
            }
            System.out.println("PASS MinlocDouble2");
        }
        MPI.Finalize();
    }
}
