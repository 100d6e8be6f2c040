// np: 2
import mpi.*;

/** Derived types created, used and freed in a loop (Free() and MPJ's lowercase free()); messages sent before are intact. */
public class TypeFree {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        for (int it = 1; it <= 20; it++) {
            Datatype t = Datatype.Vector(it, 1, 2, MPI.INT);
            t.Commit();
            int[] buf = new int[2 * it];
            if (rank == 0) {
                for (int k = 0; k < buf.length; k++) buf[k] = it * 100 + k;
                MPI.COMM_WORLD.Send(buf, 0, 1, t, 1, it);
            } else if (rank == 1) {
                int[] got = new int[it];
                MPI.COMM_WORLD.Recv(got, 0, it, MPI.INT, 0, it);
                for (int k = 0; k < it; k++) if (got[k] != it * 100 + 2 * k) { System.out.println("it " + it + " [" + k + "] " + got[k]); System.exit(1); }
            }
            if (it % 2 == 0) t.Free(); else t.free();
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS TypeFree");
        MPI.Finalize();
    }
}
