// np: 2
import mpi.*;
import java.nio.*;

/** send/recv with direct buffers from MPI.newXxxBuffer for byte, char, short, int, long, float, double (native order, absolute indexing, position ignored). */
public class P2pDirectBuffers {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL P2pDirectBuffers: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        int n = 9;
        ByteBuffer b = MPI.newByteBuffer(n); CharBuffer ch = MPI.newCharBuffer(n); ShortBuffer s = MPI.newShortBuffer(n);
        IntBuffer in = MPI.newIntBuffer(n); LongBuffer l = MPI.newLongBuffer(n); FloatBuffer f = MPI.newFloatBuffer(n); DoubleBuffer d = MPI.newDoubleBuffer(n);
        check(b.isDirect() && in.isDirect() && d.isDirect(), "newXxxBuffer not direct");
        check(b.capacity() == n && ch.capacity() == n && l.capacity() == n, "capacity in elements");
        check(b.order() == ByteOrder.nativeOrder() && in.order() == ByteOrder.nativeOrder(), "not native order");
        if (rank == 0) {
            for (int i = 0; i < n; i++) {
                b.put(i, (byte) (i - 4)); ch.put(i, (char) ('A' + i)); s.put(i, (short) (-i * 300)); in.put(i, i * i - 20);
                l.put(i, -((long) i << 35)); f.put(i, i * 0.25f); d.put(i, Math.PI * i);
            }
            // positions must not matter
            b.position(3); in.position(5); d.position(8);
            c.send(b, n, MPI.BYTE, 1, 1); c.send(ch, n, MPI.CHAR, 1, 2); c.send(s, n, MPI.SHORT, 1, 3); c.send(in, n, MPI.INT, 1, 4);
            c.send(l, n, MPI.LONG, 1, 5); c.send(f, n, MPI.FLOAT, 1, 6); c.send(d, n, MPI.DOUBLE, 1, 7);
        } else if (rank == 1) {
            in.position(2); f.position(1);
            c.recv(b, n, MPI.BYTE, 0, 1); c.recv(ch, n, MPI.CHAR, 0, 2); c.recv(s, n, MPI.SHORT, 0, 3); c.recv(in, n, MPI.INT, 0, 4);
            c.recv(l, n, MPI.LONG, 0, 5); c.recv(f, n, MPI.FLOAT, 0, 6); c.recv(d, n, MPI.DOUBLE, 0, 7);
            for (int i = 0; i < n; i++) {
                check(b.get(i) == (byte) (i - 4), "byte " + i + ": " + b.get(i));
                check(ch.get(i) == (char) ('A' + i), "char " + i + ": " + ch.get(i));
                check(s.get(i) == (short) (-i * 300), "short " + i + ": " + s.get(i));
                check(in.get(i) == i * i - 20, "int " + i + ": expected " + (i * i - 20) + ", got " + in.get(i));
                check(l.get(i) == -((long) i << 35), "long " + i + ": " + l.get(i));
                check(f.get(i) == i * 0.25f, "float " + i + ": " + f.get(i));
                check(d.get(i) == Math.PI * i, "double " + i + ": " + d.get(i));
            }
            check(in.position() == 2 && f.position() == 1, "recv moved the position");
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS P2pDirectBuffers");
        MPI.Finalize();
    }
}
