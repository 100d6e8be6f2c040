// np: 2 3 4
import mpi.*;

/** SUM and MAX on short, byte and char arrays (wrapping like Java arithmetic), every root. */
public class ReduceShortsBytes {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 100;
        for (int root = 0; root < size; root++) {
            short[] s = new short[n], so = new short[n];
            byte[] b = new byte[n], bo = new byte[n];
            char[] c = new char[n], co = new char[n];
            for (int k = 0; k < n; k++) { s[k] = (short) (k * 300 + rank * 1000); b[k] = (byte) (k * 3 - rank); c[k] = (char) (k * 2 + rank); }
            MPI.COMM_WORLD.Reduce(s, 0, so, 0, n, MPI.SHORT, MPI.SUM, root);
            MPI.COMM_WORLD.Reduce(b, 0, bo, 0, n, MPI.BYTE, MPI.MAX, root);
            MPI.COMM_WORLD.Reduce(c, 0, co, 0, n, MPI.CHAR, MPI.SUM, root);
            if (rank == root) for (int k = 0; k < n; k++) {
                short ws = 0; byte wb = Byte.MIN_VALUE; char wc = 0;
                for (int r = 0; r < size; r++) { ws += (short) (k * 300 + r * 1000); wb = (byte) Math.max(wb, (byte) (k * 3 - r)); wc += (char) (k * 2 + r); }
                if (so[k] != ws || bo[k] != wb || co[k] != wc) { System.out.println("root " + root + " [" + k + "] " + so[k] + " " + bo[k] + " " + (int) co[k]); System.exit(1); }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ReduceShortsBytes");
        MPI.Finalize();
    }
}
