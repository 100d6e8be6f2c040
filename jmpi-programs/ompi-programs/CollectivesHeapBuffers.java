// np: 2 3 4
import mpi.*;
import java.nio.*;

/** Blocking collectives with heap buffers (wrap, allocate, slice with arrayOffset): bcast, gather, scatter, allGather, allToAll, reduce, allReduce, scan. */
public class CollectivesHeapBuffers {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL CollectivesHeapBuffers: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int[] backing = new int[10 + 2 * size];
        IntBuffer sl = MPI.slice(backing, 10);          // data at backing[10..]
        if (rank == 0) { sl.put(0, 77); sl.put(1, 78); }
        c.bcast(sl, 2, MPI.INT, 0);
        check(backing[10] == 77 && backing[11] == 78 && backing[0] == 0, "bcast slice " + backing[10]);
        IntBuffer g = IntBuffer.allocate(size);
        c.gather(IntBuffer.wrap(new int[] {rank * 3}), 1, MPI.INT, g, 1, MPI.INT, size - 1);
        if (rank == size - 1) for (int r = 0; r < size; r++) check(g.get(r) == r * 3, "gather heap " + r);
        DoubleBuffer src = DoubleBuffer.allocate(size), one = DoubleBuffer.allocate(1);
        for (int r = 0; r < size; r++) src.put(r, r + 0.75);
        c.scatter(src, 1, MPI.DOUBLE, one, 1, MPI.DOUBLE, 0);
        check(one.get(0) == rank + 0.75, "scatter heap " + one.get(0));
        LongBuffer ag = LongBuffer.allocate(size);
        c.allGather(LongBuffer.wrap(new long[] {-rank}), 1, MPI.LONG, ag, 1, MPI.LONG);
        for (int r = 0; r < size; r++) check(ag.get(r) == -r, "allGather heap " + r);
        ShortBuffer so = ShortBuffer.allocate(size), si = ShortBuffer.allocate(size);
        for (int r = 0; r < size; r++) so.put(r, (short) (rank * 10 + r));
        c.allToAll(so, 1, MPI.SHORT, si, 1, MPI.SHORT);
        for (int r = 0; r < size; r++) check(si.get(r) == r * 10 + rank, "allToAll heap " + r);
        FloatBuffer fr = FloatBuffer.allocate(1);
        c.reduce(FloatBuffer.wrap(new float[] {1.5f}), fr, 1, MPI.FLOAT, MPI.SUM, 0);
        if (rank == 0) check(fr.get(0) == 1.5f * size, "reduce heap " + fr.get(0));
        int[] ar = new int[3];
        c.allReduce(MPI.slice(new int[] {9, 9, rank}, 2), MPI.slice(ar, 1), 1, MPI.INT, MPI.MAX);
        check(ar[1] == size - 1 && ar[0] == 0 && ar[2] == 0, "allReduce slices " + java.util.Arrays.toString(ar));
        IntBuffer sc = IntBuffer.allocate(1);
        c.scan(IntBuffer.wrap(new int[] {1}), sc, 1, MPI.INT, MPI.SUM);
        check(sc.get(0) == rank + 1, "scan heap " + sc.get(0));
        c.barrier();
        if (rank == 0) System.out.println("PASS CollectivesHeapBuffers");
        MPI.Finalize();
    }
}
