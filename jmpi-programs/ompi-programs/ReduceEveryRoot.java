// np: 1 2 3 6
import mpi.*;
import java.nio.*;

/** reduce SUM to every root (array, direct buffer, heap slice), and the in-place reduce(buf, count, type, op, root) overload. */
public class ReduceEveryRoot {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ReduceEveryRoot: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int tri = size * (size - 1) / 2;
        for (int root = 0; root < size; root++) {
            int[] out = new int[2];
            c.reduce(new int[] {rank, 1}, out, 2, MPI.INT, MPI.SUM, root);
            if (rank == root) check(out[0] == tri && out[1] == size, "root " + root + " array " + out[0] + "," + out[1]);
            DoubleBuffer s = MPI.newDoubleBuffer(1), r = MPI.newDoubleBuffer(1);
            s.put(0, rank * 0.5);
            c.reduce(s, r, 1, MPI.DOUBLE, MPI.MAX, root);
            if (rank == root) check(r.get(0) == (size - 1) * 0.5, "root " + root + " direct MAX " + r.get(0));
            long[] big = new long[4];
            big[2] = rank + 1;
            long[] res = new long[4];
            c.reduce(MPI.slice(big, 2), MPI.slice(res, 1), 1, MPI.LONG, MPI.PROD, root);
            long fact = 1; for (int k = 2; k <= size; k++) fact *= k;
            if (rank == root) check(res[1] == fact && res[0] == 0 && res[2] == 0, "root " + root + " slices " + java.util.Arrays.toString(res));
            int[] ip = {rank * 2, -rank};
            c.reduce(ip, 2, MPI.INT, MPI.SUM, root);
            if (rank == root) check(ip[0] == 2 * tri && ip[1] == -tri, "root " + root + " in place " + ip[0] + "," + ip[1]);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS ReduceEveryRoot");
        MPI.Finalize();
    }
}
