// np: 1 3 4 7
import mpi.*;
import java.nio.*;

/** bcast from every root with int[], boolean[], a direct DoubleBuffer, a heap LongBuffer slice and a vector datatype. */
public class BcastEveryRoot {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL BcastEveryRoot: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        Datatype every2 = Datatype.createVector(3, 1, 2, MPI.INT);
        every2.commit();
        for (int root = 0; root < size; root++) {
            int[] a = new int[4];
            if (rank == root) for (int i = 0; i < 4; i++) a[i] = root * 10 + i;
            c.bcast(a, 4, MPI.INT, root);
            for (int i = 0; i < 4; i++) check(a[i] == root * 10 + i, "root " + root + " int[" + i + "] = " + a[i]);
            boolean[] z = {rank == root, false};
            c.bcast(z, 2, MPI.BOOLEAN, root);
            check(z[0] && !z[1], "root " + root + " boolean");
            DoubleBuffer d = MPI.newDoubleBuffer(3);
            if (rank == root) for (int i = 0; i < 3; i++) d.put(i, root + i / 8.0);
            c.bcast(d, 3, MPI.DOUBLE, root);
            for (int i = 0; i < 3; i++) check(d.get(i) == root + i / 8.0, "root " + root + " direct double " + i);
            long[] la = new long[6];
            if (rank == root) { la[3] = root; la[4] = -root; }
            c.bcast(MPI.slice(la, 3), 2, MPI.LONG, root);
            check(la[3] == root && la[4] == -root && la[0] == 0 && la[5] == 0, "root " + root + " slice " + java.util.Arrays.toString(la));
            int[] v = new int[5];
            if (rank == root) for (int i = 0; i < 5; i++) v[i] = 100 + i;
            c.bcast(v, 1, every2, root);
            for (int i = 0; i < 5; i++) check(v[i] == (i % 2 == 0 ? 100 + i : (rank == root ? 100 + i : 0)), "root " + root + " vector [" + i + "] = " + v[i]);
        }
        every2.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS BcastEveryRoot");
        MPI.Finalize();
    }
}
