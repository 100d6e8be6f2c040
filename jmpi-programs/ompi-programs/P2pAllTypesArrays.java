// np: 2
import mpi.*;

/** send/recv of every basic type from primitive arrays, with edge values, and Status.getCount in that type. */
public class P2pAllTypesArrays {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL P2pAllTypesArrays: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        int n = 7;
        byte[] b = new byte[n]; char[] ch = new char[n]; short[] s = new short[n]; boolean[] z = new boolean[n];
        int[] in = new int[n]; long[] l = new long[n]; float[] f = new float[n]; double[] d = new double[n];
        if (rank == 0) {
            for (int i = 0; i < n; i++) {
                b[i] = (byte) (i == 0 ? -128 : i == 1 ? 127 : i * 3 - 7); ch[i] = (char) (i == 0 ? 0xFFFF : 'a' + i);
                s[i] = (short) (i == 0 ? Short.MIN_VALUE : i * 1000); z[i] = i % 3 == 0;
                in[i] = i == 0 ? Integer.MIN_VALUE : i == 1 ? Integer.MAX_VALUE : -i * 77; l[i] = i == 0 ? Long.MIN_VALUE : (long) i << 40;
                f[i] = i == 0 ? Float.NaN : i == 1 ? -0.0f : i / 3f; d[i] = i == 0 ? Double.MAX_VALUE : i == 1 ? Double.NEGATIVE_INFINITY : -i / 7.0;
            }
            c.send(b, n, MPI.BYTE, 1, 1); c.send(ch, n, MPI.CHAR, 1, 2); c.send(s, n, MPI.SHORT, 1, 3); c.send(z, n, MPI.BOOLEAN, 1, 4);
            c.send(in, n, MPI.INT, 1, 5); c.send(l, n, MPI.LONG, 1, 6); c.send(f, n, MPI.FLOAT, 1, 7); c.send(d, n, MPI.DOUBLE, 1, 8);
        } else if (rank == 1) {
            Status st;
            st = c.recv(b, n, MPI.BYTE, 0, 1); check(st.getCount(MPI.BYTE) == n, "byte count " + st.getCount(MPI.BYTE));
            st = c.recv(ch, n, MPI.CHAR, 0, 2); check(st.getCount(MPI.CHAR) == n, "char count " + st.getCount(MPI.CHAR));
            st = c.recv(s, n, MPI.SHORT, 0, 3); check(st.getCount(MPI.SHORT) == n, "short count");
            st = c.recv(z, n, MPI.BOOLEAN, 0, 4); check(st.getCount(MPI.BOOLEAN) == n, "boolean count");
            st = c.recv(in, n, MPI.INT, 0, 5); check(st.getCount(MPI.INT) == n, "int count");
            st = c.recv(l, n, MPI.LONG, 0, 6); check(st.getCount(MPI.LONG) == n, "long count");
            st = c.recv(f, n, MPI.FLOAT, 0, 7); check(st.getCount(MPI.FLOAT) == n, "float count");
            st = c.recv(d, n, MPI.DOUBLE, 0, 8); check(st.getCount(MPI.DOUBLE) == n && st.getSource() == 0 && st.getTag() == 8, "double status");
            for (int i = 0; i < n; i++) {
                check(b[i] == (byte) (i == 0 ? -128 : i == 1 ? 127 : i * 3 - 7), "byte[" + i + "] = " + b[i]);
                check(ch[i] == (char) (i == 0 ? 0xFFFF : 'a' + i), "char[" + i + "] = " + (int) ch[i]);
                check(s[i] == (short) (i == 0 ? Short.MIN_VALUE : i * 1000), "short[" + i + "] = " + s[i]);
                check(z[i] == (i % 3 == 0), "boolean[" + i + "] = " + z[i]);
                check(in[i] == (i == 0 ? Integer.MIN_VALUE : i == 1 ? Integer.MAX_VALUE : -i * 77), "int[" + i + "] = " + in[i]);
                check(l[i] == (i == 0 ? Long.MIN_VALUE : (long) i << 40), "long[" + i + "] = " + l[i]);
                float ef = i == 0 ? Float.NaN : i == 1 ? -0.0f : i / 3f;
                check(Float.floatToRawIntBits(f[i]) == Float.floatToRawIntBits(ef), "float[" + i + "] = " + f[i] + " expected " + ef);
                double ed = i == 0 ? Double.MAX_VALUE : i == 1 ? Double.NEGATIVE_INFINITY : -i / 7.0;
                check(d[i] == ed, "double[" + i + "] = " + d[i] + " expected " + ed);
            }
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS P2pAllTypesArrays");
        MPI.Finalize();
    }
}
