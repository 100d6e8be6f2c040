// np: 2
import mpi.*;

/** createIndexed (displacements in old-type extents) and createHIndexed (in BYTES) pick the same ints from an array; lower triangle of a 4x4 matrix; extents. */
public class TypeIndexed {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL TypeIndexed: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        int[] bl = {2, 1, 3};
        Datatype idx = Datatype.createIndexed(bl, new int[] {1, 5, 8}, MPI.INT);
        Datatype hidx = Datatype.createHIndexed(bl, new int[] {4, 20, 32}, MPI.INT);
        idx.commit(); hidx.commit();
        check(idx.getSize() == 6 && hidx.getSize() == 6, "sizes " + idx.getSize() + " " + hidx.getSize());
        check(idx.getExtent() == 10 && idx.getLb() == 1, "indexed lb " + idx.getLb() + " extent " + idx.getExtent() + " (expected 1, 10)");
        check(hidx.getExtent() == 10 && hidx.getLb() == 1, "hindexed lb " + hidx.getLb() + " extent " + hidx.getExtent());
        int n = 4;
        int[] tl = new int[n], td = new int[n];
        for (int r = 0; r < n; r++) { tl[r] = r + 1; td[r] = r * n; }
        Datatype lower = Datatype.createIndexed(tl, td, MPI.DOUBLE);
        lower.commit();
        check(lower.getSize() == 10, "lower triangle size " + lower.getSize());
        int[] exp = {1, 2, 5, 8, 9, 10};
        if (rank == 0) {
            int[] a = new int[12];
            for (int i = 0; i < 12; i++) a[i] = i;
            c.send(a, 1, idx, 1, 1);
            c.send(a, 1, hidx, 1, 2);
            double[] m = new double[n * n];
            for (int i = 0; i < n * n; i++) m[i] = i;
            c.send(m, 1, lower, 1, 3);
        } else if (rank == 1) {
            for (int tag = 1; tag <= 2; tag++) {
                int[] got = new int[6];
                c.recv(got, 6, MPI.INT, 0, tag);
                for (int i = 0; i < 6; i++) check(got[i] == exp[i], (tag == 1 ? "indexed" : "hindexed") + " [" + i + "] expected " + exp[i] + ", got " + got[i]);
            }
            double[] m = new double[n * n];
            java.util.Arrays.fill(m, -1);
            c.recv(m, 1, lower, 0, 3);
            for (int r = 0; r < n; r++) for (int col = 0; col < n; col++) {
                double e = col <= r ? r * n + col : -1;
                check(m[r * n + col] == e, "lower (" + r + "," + col + ") expected " + e + ", got " + m[r * n + col]);
            }
        }
        idx.free(); hidx.free(); lower.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS TypeIndexed");
        MPI.Finalize();
    }
}
