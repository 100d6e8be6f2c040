// np: 2
import mpi.*;

/** MPI.BYTE is an unsigned 8-bit type in Open MPI's Java binding: MAX of (byte)-1 and 1 is (byte)-1 (255), MIN is 1; SUM wraps. */
public class ByteMaxUnsigned {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ByteMaxUnsigned: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        byte[] v = {(byte) (rank == 0 ? -1 : 1), (byte) (rank == 0 ? -128 : 127)}, max = new byte[2], min = new byte[2], sum = new byte[2];
        c.allReduce(v, max, 2, MPI.BYTE, MPI.MAX);
        c.allReduce(v, min, 2, MPI.BYTE, MPI.MIN);
        c.allReduce(v, sum, 2, MPI.BYTE, MPI.SUM);
        check(max[0] == (byte) -1 && max[1] == (byte) -128, "MAX " + max[0] + "," + max[1] + " expected -1,-128 (255, 128 unsigned)");
        check(min[0] == 1 && min[1] == 127, "MIN " + min[0] + "," + min[1] + " expected 1,127");
        check(sum[0] == 0 && sum[1] == (byte) -1, "SUM " + sum[0] + "," + sum[1]);
        c.barrier();
        if (rank == 0) System.out.println("PASS ByteMaxUnsigned");
        MPI.Finalize();
    }
}
