// np: 1
import mpi.*;

/** Open MPI's values for the integer constants programs compare against or print (mpi.h), Comm.TYPE_SHARED, and the error classes. */
public class Constants {
    static void eq(int got, int exp, String what) {
        if (got != exp) { System.out.println("FAIL Constants: " + what + " expected " + exp + ", got " + got); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        eq(MPI.ANY_SOURCE, -1, "ANY_SOURCE"); eq(MPI.ANY_TAG, -1, "ANY_TAG"); eq(MPI.PROC_NULL, -2, "PROC_NULL");
        eq(MPI.ROOT, -4, "ROOT"); eq(MPI.UNDEFINED, -32766, "UNDEFINED");
        eq(MPI.IDENT, 0, "IDENT"); eq(MPI.CONGRUENT, 1, "CONGRUENT"); eq(MPI.SIMILAR, 2, "SIMILAR"); eq(MPI.UNEQUAL, 3, "UNEQUAL");
        eq(MPI.CART, 1, "CART"); eq(MPI.GRAPH, 2, "GRAPH"); eq(MPI.DIST_GRAPH, 3, "DIST_GRAPH");
        eq(MPI.THREAD_SINGLE, 0, "THREAD_SINGLE"); eq(MPI.THREAD_MULTIPLE, 3, "THREAD_MULTIPLE");
        eq(Comm.TYPE_SHARED, 0, "Comm.TYPE_SHARED");
        eq(MPI.TAG_UB, 0, "TAG_UB"); eq(MPI.HOST, 1, "HOST"); eq(MPI.IO, 2, "IO"); eq(MPI.WTIME_IS_GLOBAL, 3, "WTIME_IS_GLOBAL");
        eq(MPI.KEYVAL_INVALID, -1, "KEYVAL_INVALID");
        eq(MPI.SUCCESS, 0, "SUCCESS"); eq(MPI.ERR_BUFFER, 1, "ERR_BUFFER"); eq(MPI.ERR_COUNT, 2, "ERR_COUNT");
        eq(MPI.ERR_TYPE, 3, "ERR_TYPE"); eq(MPI.ERR_TAG, 4, "ERR_TAG"); eq(MPI.ERR_COMM, 5, "ERR_COMM");
        eq(MPI.ERR_RANK, 6, "ERR_RANK"); eq(MPI.ERR_REQUEST, 7, "ERR_REQUEST"); eq(MPI.ERR_ROOT, 8, "ERR_ROOT");
        eq(MPI.ERR_GROUP, 9, "ERR_GROUP"); eq(MPI.ERR_OP, 10, "ERR_OP"); eq(MPI.ERR_TOPOLOGY, 11, "ERR_TOPOLOGY");
        eq(MPI.ERR_DIMS, 12, "ERR_DIMS"); eq(MPI.ERR_ARG, 13, "ERR_ARG"); eq(MPI.ERR_UNKNOWN, 14, "ERR_UNKNOWN");
        eq(MPI.ERR_TRUNCATE, 15, "ERR_TRUNCATE"); eq(MPI.ERR_OTHER, 16, "ERR_OTHER"); eq(MPI.ERR_INTERN, 17, "ERR_INTERN");
        eq(MPI.ERR_IN_STATUS, 18, "ERR_IN_STATUS"); eq(MPI.ERR_PENDING, 19, "ERR_PENDING"); eq(MPI.ERR_KEYVAL, 36, "ERR_KEYVAL");
        eq(MPI.ERR_INFO_KEY, 31, "ERR_INFO_KEY"); eq(MPI.ERR_NO_MEM, 39, "ERR_NO_MEM"); eq(MPI.ERR_SPAWN, 50, "ERR_SPAWN");
        eq(MPI.ERR_UNSUPPORTED_OPERATION, 52, "ERR_UNSUPPORTED_OPERATION"); eq(MPI.ERR_WIN, 53, "ERR_WIN");
        eq(MPI.ERR_PROC_ABORTED, 74, "ERR_PROC_ABORTED");
        if (MPI.ERR_LASTCODE < MPI.ERR_PROC_ABORTED) eq(MPI.ERR_LASTCODE, 92, "ERR_LASTCODE (>= every class)");
        eq(MPI.BSEND_OVERHEAD >= 0 ? 1 : 0, 1, "BSEND_OVERHEAD >= 0");
        eq(MPI.MAX_OBJECT_NAME >= 64 ? 1 : 0, 1, "MAX_OBJECT_NAME >= 64");
        eq(MPI.MAX_INFO_KEY >= 32 ? 1 : 0, 1, "MAX_INFO_KEY >= 32");
        eq(MPI.MAX_INFO_VAL >= 256 ? 1 : 0, 1, "MAX_INFO_VAL >= 256");
        eq(MPI.ORDER_C, 0, "ORDER_C"); eq(MPI.ORDER_FORTRAN, 1, "ORDER_FORTRAN");
        eq(MPI.MODE_CREATE, 1, "MODE_CREATE"); eq(MPI.MODE_RDONLY, 2, "MODE_RDONLY"); eq(MPI.MODE_RDWR, 8, "MODE_RDWR");
        eq(MPI.SEEK_SET, 600, "SEEK_SET"); eq(MPI.LOCK_EXCLUSIVE, 1, "LOCK_EXCLUSIVE"); eq(MPI.LOCK_SHARED, 2, "LOCK_SHARED");
        if (MPI.COMM_WORLD.getRank() == 0) System.out.println("PASS Constants");
        MPI.Finalize();
    }
}
