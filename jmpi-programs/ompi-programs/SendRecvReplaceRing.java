// np: 2 3 6
import mpi.*;
import java.nio.*;

/** sendRecvReplace shifts values round the ring with arrays, direct and heap buffers; status names the left neighbour. */
public class SendRecvReplaceRing {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL SendRecvReplaceRing: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        long[] a = {rank, rank * 10L, rank * 100L};
        Status st = c.sendRecvReplace(a, 3, MPI.LONG, right, 7, left, 7);
        check(a[0] == left && a[1] == left * 10L && a[2] == left * 100L, "array got " + java.util.Arrays.toString(a));
        check(st.getSource() == left && st.getTag() == 7 && st.getCount(MPI.LONG) == 3, "status " + st.getSource() + "/" + st.getTag());
        DoubleBuffer d = MPI.newDoubleBuffer(4);
        for (int i = 0; i < 4; i++) d.put(i, rank + i / 10.0);
        for (int step = 0; step < size; step++) c.sendRecvReplace(d, 4, MPI.DOUBLE, right, step, left, step);
        for (int i = 0; i < 4; i++) check(d.get(i) == rank + i / 10.0, "after a full lap direct[" + i + "] = " + d.get(i));
        IntBuffer h = IntBuffer.wrap(new int[] {rank, -rank});
        c.sendRecvReplace(h, 2, MPI.INT, left, 3, right, 3);
        check(h.get(0) == right && h.get(1) == -right, "heap got " + h.get(0) + "," + h.get(1));
        c.barrier();
        if (rank == 0) System.out.println("PASS SendRecvReplaceRing");
        MPI.Finalize();
    }
}
