// np: 2
import mpi.*;
import java.nio.*;

/** Blocking send/recv with heap buffers (XxxBuffer.wrap and allocate) of every type but boolean; position ignored, data from index 0. */
public class P2pHeapBuffers {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL P2pHeapBuffers: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        int n = 6;
        if (rank == 0) {
            int[] ia = {10, 11, 12, 13, 14, 15};
            IntBuffer ib = IntBuffer.wrap(ia);
            ib.position(4);                                  // ignored: the data starts at ia[0]
            c.send(ib, n, MPI.INT, 1, 1);
            c.send(DoubleBuffer.wrap(new double[] {1.5, -2.5, 3.5, 0, 1e300, -1e-300}), n, MPI.DOUBLE, 1, 2);
            c.send(ByteBuffer.wrap(new byte[] {1, -1, 2, -2, 3, -3}), n, MPI.BYTE, 1, 3);
            c.send(CharBuffer.wrap(new char[] {'j', 'm', 'p', 'i', '!', '\u00e9'}), n, MPI.CHAR, 1, 4);
            c.send(ShortBuffer.wrap(new short[] {1, 2, 3, -4, -5, 32767}), n, MPI.SHORT, 1, 5);
            c.send(LongBuffer.wrap(new long[] {1L << 62, -1, 0, 5, 6, 7}), n, MPI.LONG, 1, 6);
            c.send(FloatBuffer.wrap(new float[] {0.5f, 1.5f, 2.5f, 3.5f, -4.5f, 1e30f}), n, MPI.FLOAT, 1, 7);
        } else if (rank == 1) {
            IntBuffer ib = IntBuffer.allocate(n); ib.position(3);
            DoubleBuffer db = DoubleBuffer.allocate(n); ByteBuffer bb = ByteBuffer.allocate(n); CharBuffer cb = CharBuffer.allocate(n);
            ShortBuffer sb = ShortBuffer.allocate(n); LongBuffer lb = LongBuffer.allocate(n); FloatBuffer fb = FloatBuffer.allocate(n);
            c.recv(ib, n, MPI.INT, 0, 1); c.recv(db, n, MPI.DOUBLE, 0, 2); c.recv(bb, n, MPI.BYTE, 0, 3); c.recv(cb, n, MPI.CHAR, 0, 4);
            c.recv(sb, n, MPI.SHORT, 0, 5); c.recv(lb, n, MPI.LONG, 0, 6); c.recv(fb, n, MPI.FLOAT, 0, 7);
            for (int i = 0; i < n; i++) check(ib.get(i) == 10 + i, "int " + i + ": expected " + (10 + i) + ", got " + ib.get(i));
            check(db.get(4) == 1e300 && db.get(1) == -2.5, "doubles " + java.util.Arrays.toString(db.array()));
            check(bb.get(5) == -3 && bb.get(0) == 1, "bytes " + java.util.Arrays.toString(bb.array()));
            check(new String(cb.array()).equals("jmpi!\u00e9"), "chars " + new String(cb.array()));
            check(sb.get(5) == 32767 && sb.get(3) == -4, "shorts " + java.util.Arrays.toString(sb.array()));
            check(lb.get(0) == 1L << 62 && lb.get(1) == -1, "longs " + java.util.Arrays.toString(lb.array()));
            check(fb.get(5) == 1e30f && fb.get(4) == -4.5f, "floats " + java.util.Arrays.toString(fb.array()));
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS P2pHeapBuffers");
        MPI.Finalize();
    }
}
