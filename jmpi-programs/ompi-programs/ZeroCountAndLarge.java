// np: 2
import mpi.*;
import java.nio.*;

/** A 0-count message matches and reports count 0; a 1 MiB double message (array and direct buffer) arrives intact. */
public class ZeroCountAndLarge {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ZeroCountAndLarge: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        int n = 1 << 17;
        if (rank == 0) {
            c.send(new int[0], 0, MPI.INT, 1, 1);
            double[] big = new double[n];
            for (int i = 0; i < n; i++) big[i] = i * 0.5;
            c.send(big, n, MPI.DOUBLE, 1, 2);
            DoubleBuffer db = MPI.newDoubleBuffer(n);
            for (int i = 0; i < n; i++) db.put(i, -i);
            c.send(db, n, MPI.DOUBLE, 1, 3);
        } else if (rank == 1) {
            int[] z = {5};
            Status s = c.recv(z, 1, MPI.INT, 0, 1);
            check(s.getCount(MPI.INT) == 0 && z[0] == 5, "zero message: count " + s.getCount(MPI.INT) + " buf " + z[0]);
            double[] big = new double[n];
            s = c.recv(big, n, MPI.DOUBLE, 0, 2);
            check(s.getCount(MPI.DOUBLE) == n, "count " + s.getCount(MPI.DOUBLE));
            for (int i = 0; i < n; i++) if (big[i] != i * 0.5) check(false, "big[" + i + "] = " + big[i]);
            DoubleBuffer db = MPI.newDoubleBuffer(n);
            c.recv(db, n, MPI.DOUBLE, 0, 3);
            for (int i = 0; i < n; i++) if (db.get(i) != -i) check(false, "direct[" + i + "] = " + db.get(i));
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS ZeroCountAndLarge");
        MPI.Finalize();
    }
}
