// np: 2 3
import mpi.*;

/** Written as MPJ Express users do: main throws MPIException, errors caught as MPIException around calls under ERRORS_RETURN. */
public class CheckedStyle {
    static int errors = 0;
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int tasks = MPI.COMM_WORLD.Size();
        MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
        try {
            MPI.COMM_WORLD.Recv(new int[1], 0, 1, MPI.INT, tasks + 3, 0);
            errors++;
        } catch (MPIException e) {
            if (e.Get_error_class() != MPI.ERR_RANK) errors++;
        }
        int[] buf = new int[tasks];
        buf[me] = me * me;
        MPI.COMM_WORLD.Allgather(buf, me, 1, MPI.INT, buf, 0, 1, MPI.INT);
        for (int r = 0; r < tasks; r++) if (buf[r] != r * r) errors++;
        int[] e = {errors}, total = new int[1];
        MPI.COMM_WORLD.Reduce(e, 0, total, 0, 1, MPI.INT, MPI.SUM, 0);
        if (me == 0) {
            if (total[0] == 0) System.out.println("PASS CheckedStyle");
            else { System.out.println("errors " + total[0]); System.exit(1); }
        }
        MPI.Finalize();
    }
}
