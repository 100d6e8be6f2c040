// np: 2
import mpi.*;
import static mpi.MPI.slice;
import java.nio.*;

/** MPI.slice(array, offset) sends from and receives into the middle of arrays (arrayOffset honoured) for int, double, byte, long, char, short, float. */
public class SliceArrays {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL SliceArrays: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        int[] a = new int[20]; double[] d = new double[10]; byte[] b = new byte[10]; long[] l = new long[10];
        char[] ch = new char[10]; short[] s = new short[10]; float[] f = new float[10];
        IntBuffer sl = slice(a, 5);
        check(sl.arrayOffset() == 5 && sl.get(0) == a[5], "slice(int[],5) arrayOffset " + sl.arrayOffset());
        if (rank == 0) {
            for (int i = 0; i < 20; i++) a[i] = i;
            for (int i = 0; i < 10; i++) { d[i] = i + 0.5; b[i] = (byte) -i; l[i] = 100L * i; ch[i] = (char) ('a' + i); s[i] = (short) (7 * i); f[i] = i / 2f; }
            c.send(slice(a, 5), 4, MPI.INT, 1, 1);            // a[5..8]
            c.send(slice(d, 7), 3, MPI.DOUBLE, 1, 2);         // d[7..9]
            c.send(slice(b, 2), 2, MPI.BYTE, 1, 3);
            c.send(slice(l, 9), 1, MPI.LONG, 1, 4);
            c.send(slice(ch, 1), 3, MPI.CHAR, 1, 5);
            c.send(slice(s, 3), 2, MPI.SHORT, 1, 6);
            c.send(slice(f, 4), 2, MPI.FLOAT, 1, 7);
        } else if (rank == 1) {
            java.util.Arrays.fill(a, -1); java.util.Arrays.fill(d, -1);
            c.recv(slice(a, 10), 4, MPI.INT, 0, 1);           // into a[10..13]
            c.recv(slice(d, 1), 3, MPI.DOUBLE, 0, 2);
            c.recv(slice(b, 8), 2, MPI.BYTE, 0, 3);
            c.recv(slice(l, 0), 1, MPI.LONG, 0, 4);
            c.recv(slice(ch, 6), 3, MPI.CHAR, 0, 5);
            c.recv(slice(s, 5), 2, MPI.SHORT, 0, 6);
            c.recv(slice(f, 8), 2, MPI.FLOAT, 0, 7);
            for (int i = 0; i < 20; i++) {
                int exp = i >= 10 && i < 14 ? i - 5 : -1;
                check(a[i] == exp, "int[" + i + "] expected " + exp + ", got " + a[i]);
            }
            for (int i = 0; i < 10; i++) {
                double exp = i >= 1 && i < 4 ? i + 6 + 0.5 : -1;
                check(d[i] == exp, "double[" + i + "] expected " + exp + ", got " + d[i]);
            }
            check(b[8] == -2 && b[9] == -3 && b[7] == 0, "bytes " + java.util.Arrays.toString(b));
            check(l[0] == 900 && l[1] == 0, "longs " + java.util.Arrays.toString(l));
            check(ch[6] == 'b' && ch[8] == 'd' && ch[5] == 0 && ch[9] == 0, "chars " + new String(ch));
            check(s[5] == 21 && s[6] == 28 && s[4] == 0, "shorts " + java.util.Arrays.toString(s));
            check(f[8] == 2f && f[9] == 2.5f, "floats " + java.util.Arrays.toString(f));
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS SliceArrays");
        MPI.Finalize();
    }
}
