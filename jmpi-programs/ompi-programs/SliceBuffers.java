// np: 2
import mpi.*;
import java.nio.*;

/** MPI.slice of direct and heap buffers: data starts offset elements in; ByteBuffer slices keep native order; slicing an already sliced buffer adds up. */
public class SliceBuffers {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL SliceBuffers: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        IntBuffer direct = MPI.newIntBuffer(16);
        DoubleBuffer heap = DoubleBuffer.allocate(8);
        ByteBuffer bytes = MPI.newByteBuffer(32);
        check(MPI.slice(bytes, 8).order() == ByteOrder.nativeOrder(), "slice(ByteBuffer) not in native order");
        if (rank == 0) {
            for (int i = 0; i < 16; i++) direct.put(i, 100 + i);
            for (int i = 0; i < 8; i++) heap.put(i, i * 1.25);
            IntBuffer s4 = MPI.slice(direct, 4);
            check(s4.get(0) == 104, "slice(direct,4).get(0) = " + s4.get(0));
            c.send(s4, 3, MPI.INT, 1, 1);                              // 104,105,106
            c.send(MPI.slice(MPI.slice(direct, 2), 8), 2, MPI.INT, 1, 2);   // 110,111
            c.send(MPI.slice(heap, 5), 3, MPI.DOUBLE, 1, 3);           // 6.25, 7.5, 8.75
            for (int i = 0; i < 8; i++) bytes.putInt(i * 4, -i);
            c.send(MPI.slice(bytes, 12), 8, MPI.BYTE, 1, 4);           // ints -3, -4
        } else if (rank == 1) {
            c.recv(MPI.slice(direct, 10), 3, MPI.INT, 0, 1);
            c.recv(MPI.slice(direct, 0), 2, MPI.INT, 0, 2);
            c.recv(MPI.slice(heap, 2), 3, MPI.DOUBLE, 0, 3);
            c.recv(MPI.slice(bytes, 4), 8, MPI.BYTE, 0, 4);
            int[] exp = {110, 111, 0, 0, 0, 0, 0, 0, 0, 0, 104, 105, 106, 0, 0, 0};
            for (int i = 0; i < 16; i++) check(direct.get(i) == exp[i], "direct int " + i + ": expected " + exp[i] + ", got " + direct.get(i));
            double[] dexp = {0, 0, 6.25, 7.5, 8.75, 0, 0, 0};
            for (int i = 0; i < 8; i++) check(heap.get(i) == dexp[i], "heap double " + i + ": expected " + dexp[i] + ", got " + heap.get(i));
            check(bytes.getInt(4) == -3 && bytes.getInt(8) == -4 && bytes.getInt(0) == 0, "bytes: " + bytes.getInt(4) + "," + bytes.getInt(8));
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS SliceBuffers");
        MPI.Finalize();
    }
}
