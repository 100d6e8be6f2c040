// np: 2 3 4
import mpi.*;

/** Reduce with MAX, MIN, SUM, PROD, BAND, BOR, BXOR on ints and longs, compared with a serial fold of every rank's data. */
public class ReducePredefinedOps {
    static int val(int r, int k) { return ((r + 3) * 7919 + k * 104729) % 1000 - 300; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 257;
        Op[] ops = {MPI.MAX, MPI.MIN, MPI.SUM, MPI.PROD, MPI.BAND, MPI.BOR, MPI.BXOR};
        String[] names = {"MAX", "MIN", "SUM", "PROD", "BAND", "BOR", "BXOR"};
        int root = size - 1;
        for (int o = 0; o < ops.length; o++) {
            int[] in = new int[n], out = new int[n];
            long[] lin = new long[n], lout = new long[n];
            for (int k = 0; k < n; k++) { in[k] = val(rank, k); lin[k] = (long) val(rank, k) << 20; }
            MPI.COMM_WORLD.Reduce(in, 0, out, 0, n, MPI.INT, ops[o], root);
            MPI.COMM_WORLD.Reduce(lin, 0, lout, 0, n, MPI.LONG, ops[o], root);
            if (rank == root) {
                for (int k = 0; k < n; k++) {
                    int w = val(0, k); long lw = (long) val(0, k) << 20;
                    for (int r = 1; r < size; r++) {
                        int x = val(r, k); long lx = (long) x << 20;
                        switch (o) {
                            case 0 -> { w = Math.max(w, x); lw = Math.max(lw, lx); }
                            case 1 -> { w = Math.min(w, x); lw = Math.min(lw, lx); }
                            case 2 -> { w += x; lw += lx; }
                            case 3 -> { w *= x; lw *= lx; }
                            case 4 -> { w &= x; lw &= lx; }
                            case 5 -> { w |= x; lw |= lx; }
                            default -> { w ^= x; lw ^= lx; }
                        }
                    }
                    if (out[k] != w || lout[k] != lw) { System.out.println(names[o] + " [" + k + "] " + out[k] + "/" + lout[k] + " want " + w + "/" + lw); System.exit(1); }
                }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == root) System.out.println("PASS ReducePredefinedOps");
        MPI.Finalize();
    }
}
