// np: 2 3 4
import mpi.*;

/** LAND, LOR, LXOR on boolean[] with MPI.BOOLEAN (reduce and allReduce), and logical ops on int where non-zero is true. */
public class ReduceLogicalBoolean {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ReduceLogicalBoolean: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        boolean[] v = {true, false, rank == 0, rank != 0, rank % 2 == 1};
        boolean[] and = new boolean[5], or = new boolean[5], xor = new boolean[5];
        c.allReduce(v, and, 5, MPI.BOOLEAN, MPI.LAND);
        c.allReduce(v, or, 5, MPI.BOOLEAN, MPI.LOR);
        c.reduce(v, xor, 5, MPI.BOOLEAN, MPI.LXOR, 0);
        boolean[] eAnd = {true, false, false, false, false};
        boolean[] eOr = {true, false, true, true, true};
        check(java.util.Arrays.equals(and, eAnd), "LAND " + java.util.Arrays.toString(and));
        check(java.util.Arrays.equals(or, eOr), "LOR " + java.util.Arrays.toString(or));
        if (rank == 0) {
            boolean[] eXor = {size % 2 == 1, false, true, (size - 1) % 2 == 1, (size / 2) % 2 == 1};
            check(java.util.Arrays.equals(xor, eXor), "LXOR " + java.util.Arrays.toString(xor) + " expected " + java.util.Arrays.toString(eXor));
        }
        int[] iv = {rank * 5, 7}, io = new int[2];
        c.allReduce(iv, io, 2, MPI.INT, MPI.LAND);
        check(io[0] == 0 && io[1] != 0, "int LAND " + io[0] + "," + io[1]);
        c.allReduce(iv, io, 2, MPI.INT, MPI.LOR);
        check(io[0] != 0 && io[1] != 0, "int LOR " + io[0]);
        c.barrier();
        if (rank == 0) System.out.println("PASS ReduceLogicalBoolean");
        MPI.Finalize();
    }
}
