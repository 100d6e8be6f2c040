// np: 2 3 5
import mpi.*;

/** PROD on int/long/double, BAND/BOR/BXOR on int, long, short and byte, exact results checked against a local fold. */
public class ReduceProdBitwise {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ReduceProdBitwise: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int[] iv = {rank + 1, -(rank + 2)}; int[] io = new int[2];
        c.allReduce(iv, io, 2, MPI.INT, MPI.PROD);
        long p0 = 1, p1 = 1; for (int r = 0; r < size; r++) { p0 *= r + 1; p1 *= -(r + 2); }
        check(io[0] == p0 && io[1] == (int) p1, "int PROD " + io[0] + "," + io[1] + " expected " + p0 + "," + p1);
        long[] lv = {3L << rank * 3}, lo = new long[1];
        c.allReduce(lv, lo, 1, MPI.LONG, MPI.PROD);
        long le = 1; for (int r = 0; r < size; r++) le *= 3L << r * 3;
        check(lo[0] == le, "long PROD " + lo[0] + " expected " + le);
        double[] dv = {rank % 2 == 0 ? 2 : 0.5}, dout = new double[1];
        c.allReduce(dv, dout, 1, MPI.DOUBLE, MPI.PROD);
        double de = 1; for (int r = 0; r < size; r++) de *= r % 2 == 0 ? 2 : 0.5;
        check(dout[0] == de, "double PROD " + dout[0]);
        int[] bits = {1 << rank | 0x100, ~(1 << rank), 0xF0F0 ^ rank};
        int[] band = new int[3], bor = new int[3], bxor = new int[3];
        c.allReduce(bits, band, 3, MPI.INT, MPI.BAND);
        c.allReduce(bits, bor, 3, MPI.INT, MPI.BOR);
        c.allReduce(bits, bxor, 3, MPI.INT, MPI.BXOR);
        int[] eAnd = {-1, -1, -1}, eOr = {0, 0, 0}, eXor = {0, 0, 0};
        for (int r = 0; r < size; r++) {
            int[] v = {1 << r | 0x100, ~(1 << r), 0xF0F0 ^ r};
            for (int k = 0; k < 3; k++) { eAnd[k] &= v[k]; eOr[k] |= v[k]; eXor[k] ^= v[k]; }
        }
        for (int k = 0; k < 3; k++) {
            check(band[k] == eAnd[k], "BAND [" + k + "] " + Integer.toHexString(band[k]) + " expected " + Integer.toHexString(eAnd[k]));
            check(bor[k] == eOr[k], "BOR [" + k + "] " + Integer.toHexString(bor[k]));
            check(bxor[k] == eXor[k], "BXOR [" + k + "] " + Integer.toHexString(bxor[k]));
        }
        long[] lb = {1L << (40 + rank)}, lbo = new long[1];
        c.allReduce(lb, lbo, 1, MPI.LONG, MPI.BOR);
        check(lbo[0] == ((1L << size) - 1) << 40, "long BOR " + Long.toHexString(lbo[0]));
        short[] sb = {(short) (0x7FFF ^ (1 << rank))}, sbo = new short[1];
        c.allReduce(sb, sbo, 1, MPI.SHORT, MPI.BAND);
        check(sbo[0] == (short) (0x7FFF & ~((1 << size) - 1)), "short BAND " + Integer.toHexString(sbo[0]));
        byte[] bb = {(byte) (1 << rank)}, bbo = new byte[1];
        c.allReduce(bb, bbo, 1, MPI.BYTE, MPI.BXOR);
        check(bbo[0] == (byte) ((1 << size) - 1), "byte BXOR " + bbo[0]);
        c.barrier();
        if (rank == 0) System.out.println("PASS ReduceProdBitwise");
        MPI.Finalize();
    }
}
