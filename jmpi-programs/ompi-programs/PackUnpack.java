// np: 2
import mpi.*;

/** pack an int count, a double[] and a vector-typed int selection into one byte[] (positions in bytes), send it as PACKED, unpack in the same order; packSize bounds. */
public class PackUnpack {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL PackUnpack: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        Datatype every2 = Datatype.createVector(3, 1, 2, MPI.INT);
        every2.commit();
        int cap = c.packSize(1, MPI.INT) + c.packSize(5, MPI.DOUBLE) + c.packSize(1, every2);
        check(c.packSize(5, MPI.DOUBLE) >= 40 && c.packSize(1, every2) >= 12, "packSize " + c.packSize(5, MPI.DOUBLE) + " " + c.packSize(1, every2));
        byte[] buf = new byte[cap];
        if (rank == 0) {
            int pos = 0;
            pos = c.pack(new int[] {5}, 1, MPI.INT, buf, pos);
            check(pos >= 4, "position after an int " + pos);
            pos = c.pack(new double[] {0.5, 1.5, 2.5, 3.5, 4.5}, 5, MPI.DOUBLE, buf, pos);
            pos = c.pack(new int[] {10, -1, 20, -1, 30}, 1, every2, buf, pos);
            check(pos <= cap, "packed " + pos + " > packSize sum " + cap);
            c.send(new int[] {pos}, 1, MPI.INT, 1, 0);
            c.send(buf, pos, MPI.PACKED, 1, 1);
        } else if (rank == 1) {
            int[] len = new int[1];
            c.recv(len, 1, MPI.INT, 0, 0);
            Status s = c.recv(buf, cap, MPI.PACKED, 0, 1);
            check(s.getCount(MPI.PACKED) == len[0], "PACKED count " + s.getCount(MPI.PACKED) + " expected " + len[0]);
            int pos = 0;
            int[] n = new int[1];
            pos = c.unpack(buf, pos, n, 1, MPI.INT);
            check(n[0] == 5, "unpacked count " + n[0]);
            double[] d = new double[n[0]];
            pos = c.unpack(buf, pos, d, n[0], MPI.DOUBLE);
            for (int i = 0; i < 5; i++) check(d[i] == i + 0.5, "double " + i + " = " + d[i]);
            int[] v = new int[5];
            pos = c.unpack(buf, pos, v, 1, every2);
            check(v[0] == 10 && v[2] == 20 && v[4] == 30 && v[1] == 0 && v[3] == 0, "vector unpack " + java.util.Arrays.toString(v));
            check(pos == len[0], "final position " + pos + " expected " + len[0]);
        }
        // pack into an offset and unpack into a slice
        byte[] p2 = new byte[64];
        int end = c.pack(MPI.slice(new long[] {1, 2, 3, 4}, 2), 2, MPI.LONG, p2, 8);
        long[] back = new long[3];
        int end2 = c.unpack(p2, 8, MPI.slice(back, 1), 2, MPI.LONG);
        check(end == end2 && back[1] == 3 && back[2] == 4 && back[0] == 0, "slice pack/unpack " + java.util.Arrays.toString(back));
        every2.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS PackUnpack");
        MPI.Finalize();
    }
}
