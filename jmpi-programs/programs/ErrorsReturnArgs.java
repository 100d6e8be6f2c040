// np: 2 3
import mpi.*;

/** Bad arguments under ERRORS_RETURN: negative count, negative tag, bad root, null buffer; each is an MPIException with a class. */
public class ErrorsReturnArgs {
    interface Call { void run() throws MPIException; }
    static int expect(String what, Call c, int... classes) {
        try {
            c.run();
        } catch (MPIException e) {
            for (int k : classes) if (e.Get_error_class() == k) return 1;
            System.out.println(what + ": error class " + e.Get_error_class() + " (" + e.getMessage() + ")");
            System.exit(1);
        }
        System.out.println(what + ": no error");
        System.exit(1);
        return 0;
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Intracomm w = MPI.COMM_WORLD;
        w.Errhandler_set(MPI.ERRORS_RETURN);
        int[] v = new int[4];
        int n = 0;
        n += expect("negative count", () -> w.Send(v, 0, -1, MPI.INT, 0, 0), MPI.ERR_COUNT, MPI.ERR_ARG);
        n += expect("negative tag", () -> w.Send(v, 0, 1, MPI.INT, 0, -5), MPI.ERR_TAG);
        n += expect("tag above TAG_UB", () -> w.Isend(v, 0, 1, MPI.INT, 0, Integer.MIN_VALUE), MPI.ERR_TAG);
        n += expect("bad root", () -> w.Bcast(v, 0, 1, MPI.INT, size), MPI.ERR_ROOT);
        n += expect("null buffer", () -> w.Send(null, 0, 1, MPI.INT, 0, 0), MPI.ERR_BUFFER, MPI.ERR_ARG);
        n += expect("offset past the array", () -> w.Send(v, 3, 5, MPI.INT, 0, 0), MPI.ERR_BUFFER, MPI.ERR_ARG, MPI.ERR_COUNT);
        int[] s = new int[1];
        w.Allreduce(new int[]{n}, 0, s, 0, 1, MPI.INT, MPI.SUM);
        if (s[0] != 6 * size) { System.out.println("sum " + s[0]); System.exit(1); }
        if (rank == 0) System.out.println("PASS ErrorsReturnArgs");
        MPI.Finalize();
    }
}
