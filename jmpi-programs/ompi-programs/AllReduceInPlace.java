// np: 1 2 4 8
import mpi.*;
import java.nio.*;

/** allReduce in place (allReduce(buf, count, type, op)) with int[], direct IntBuffer, heap DoubleBuffer, and a 10k-element array; sender-side values all differ. */
public class AllReduceInPlace {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL AllReduceInPlace: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int tri = size * (size - 1) / 2;
        int[] a = {rank, 1, -rank};
        c.allReduce(a, 3, MPI.INT, MPI.SUM);
        check(a[0] == tri && a[1] == size && a[2] == -tri, "int[] " + java.util.Arrays.toString(a));
        IntBuffer ib = MPI.newIntBuffer(2);
        ib.put(0, rank).put(1, -rank);
        c.allReduce(ib, 2, MPI.INT, MPI.MAX);
        check(ib.get(0) == size - 1 && ib.get(1) == 0, "direct MAX " + ib.get(0) + "," + ib.get(1));
        DoubleBuffer hb = DoubleBuffer.allocate(1);
        hb.put(0, rank + 0.5);
        c.allReduce(hb, 1, MPI.DOUBLE, MPI.MIN);
        check(hb.get(0) == 0.5, "heap MIN " + hb.get(0));
        int n = 10_000;
        int[] big = new int[n];
        for (int i = 0; i < n; i++) big[i] = i * (rank + 1);
        c.allReduce(big, n, MPI.INT, MPI.SUM);
        for (int i = 0; i < n; i += 7) check(big[i] == i * (tri + size), "big [" + i + "] = " + big[i]);
        c.barrier();
        if (rank == 0) System.out.println("PASS AllReduceInPlace");
        MPI.Finalize();
    }
}
