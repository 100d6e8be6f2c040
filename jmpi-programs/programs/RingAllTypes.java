// np: 2 3 4
import mpi.*;

/** Passes one array of every basic type around the ring, each rank adding its rank to the values. */
public class RingAllTypes {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL RingAllTypes: " + what); System.exit(1); }
    }

    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 17;
        int next = (rank + 1) % size, prev = (rank + size - 1) % size;
        byte[] b = new byte[n]; char[] c = new char[n]; short[] s = new short[n]; boolean[] z = new boolean[n];
        int[] i = new int[n]; long[] l = new long[n]; float[] f = new float[n]; double[] d = new double[n];
        if (rank == 0) {
            for (int k = 0; k < n; k++) {
                b[k] = (byte) k; c[k] = (char) ('a' + k); s[k] = (short) (1000 + k); z[k] = k % 3 == 0;
                i[k] = 100000 * k; l[k] = 1L << (k + 20); f[k] = k * 0.5f; d[k] = k * 0.25;
            }
        } else {
            MPI.COMM_WORLD.Recv(b, 0, n, MPI.BYTE, prev, 1);
            MPI.COMM_WORLD.Recv(c, 0, n, MPI.CHAR, prev, 2);
            MPI.COMM_WORLD.Recv(s, 0, n, MPI.SHORT, prev, 3);
            MPI.COMM_WORLD.Recv(z, 0, n, MPI.BOOLEAN, prev, 4);
            MPI.COMM_WORLD.Recv(i, 0, n, MPI.INT, prev, 5);
            MPI.COMM_WORLD.Recv(l, 0, n, MPI.LONG, prev, 6);
            MPI.COMM_WORLD.Recv(f, 0, n, MPI.FLOAT, prev, 7);
            MPI.COMM_WORLD.Recv(d, 0, n, MPI.DOUBLE, prev, 8);
            for (int k = 0; k < n; k++) {
                b[k] += rank; c[k] += rank; s[k] += rank; z[k] = !z[k]; i[k] += rank; l[k] += rank; f[k] += rank; d[k] += rank;
            }
        }
        MPI.COMM_WORLD.Send(b, 0, n, MPI.BYTE, next, 1);
        MPI.COMM_WORLD.Send(c, 0, n, MPI.CHAR, next, 2);
        MPI.COMM_WORLD.Send(s, 0, n, MPI.SHORT, next, 3);
        MPI.COMM_WORLD.Send(z, 0, n, MPI.BOOLEAN, next, 4);
        MPI.COMM_WORLD.Send(i, 0, n, MPI.INT, next, 5);
        MPI.COMM_WORLD.Send(l, 0, n, MPI.LONG, next, 6);
        MPI.COMM_WORLD.Send(f, 0, n, MPI.FLOAT, next, 7);
        MPI.COMM_WORLD.Send(d, 0, n, MPI.DOUBLE, next, 8);
        if (rank == 0) {
            MPI.COMM_WORLD.Recv(b, 0, n, MPI.BYTE, prev, 1);
            MPI.COMM_WORLD.Recv(c, 0, n, MPI.CHAR, prev, 2);
            MPI.COMM_WORLD.Recv(s, 0, n, MPI.SHORT, prev, 3);
            MPI.COMM_WORLD.Recv(z, 0, n, MPI.BOOLEAN, prev, 4);
            MPI.COMM_WORLD.Recv(i, 0, n, MPI.INT, prev, 5);
            MPI.COMM_WORLD.Recv(l, 0, n, MPI.LONG, prev, 6);
            MPI.COMM_WORLD.Recv(f, 0, n, MPI.FLOAT, prev, 7);
            MPI.COMM_WORLD.Recv(d, 0, n, MPI.DOUBLE, prev, 8);
            int added = size * (size - 1) / 2;
            boolean flipped = (size - 1) % 2 == 1;
            for (int k = 0; k < n; k++) {
                check(b[k] == (byte) (k + added), "byte " + k + ": " + b[k]);
                check(c[k] == (char) ('a' + k + added), "char " + k + ": " + c[k]);
                check(s[k] == (short) (1000 + k + added), "short " + k + ": " + s[k]);
                check(z[k] == ((k % 3 == 0) ^ flipped), "boolean " + k + ": " + z[k]);
                check(i[k] == 100000 * k + added, "int " + k + ": " + i[k]);
                check(l[k] == (1L << (k + 20)) + added, "long " + k + ": " + l[k]);
                check(f[k] == k * 0.5f + added, "float " + k + ": " + f[k]);
                check(d[k] == k * 0.25 + added, "double " + k + ": " + d[k]);
            }
            System.out.println("PASS RingAllTypes");
        }
        MPI.Finalize();
    }
}
