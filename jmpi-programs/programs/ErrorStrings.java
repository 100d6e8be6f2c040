// np: 1 2
import mpi.*;

/** Error_class maps error codes to their class; Error_string names every class; MPIException carries both. */
public class ErrorStrings {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int[] classes = {MPI.SUCCESS, MPI.ERR_BUFFER, MPI.ERR_COUNT, MPI.ERR_TYPE, MPI.ERR_TAG, MPI.ERR_COMM, MPI.ERR_RANK,
            MPI.ERR_ROOT, MPI.ERR_GROUP, MPI.ERR_OP, MPI.ERR_TOPOLOGY, MPI.ERR_DIMS, MPI.ERR_ARG, MPI.ERR_UNKNOWN,
            MPI.ERR_TRUNCATE, MPI.ERR_OTHER, MPI.ERR_INTERN, MPI.ERR_LASTCODE};
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int c : classes) {
            String s = MPI.Error_string(c);
            if (s == null || s.isEmpty() || MPI.Error_class(c) != c) { System.out.println("class " + c + ": '" + s + "' -> " + MPI.Error_class(c)); System.exit(1); }
            seen.add(s);
        }
        if (seen.size() < classes.length - 1) { System.out.println("error strings repeat: " + seen.size()); System.exit(1); }
        MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
        try {
            MPI.COMM_WORLD.Send(new int[1], 0, 1, MPI.INT, 99, 0);
            System.out.println("no exception"); System.exit(1);
        } catch (MPIException e) {
            if (MPI.Error_class(e.Get_error_code()) != e.Get_error_class() || e.Get_error_string() == null) { System.out.println("exception fields"); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ErrorStrings");
        MPI.Finalize();
    }
}
