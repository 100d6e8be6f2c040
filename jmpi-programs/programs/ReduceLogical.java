// np: 2 3 4
import mpi.*;

/** LAND, LOR and LXOR on boolean arrays with Reduce and Allreduce, against a serial fold. */
public class ReduceLogical {
    static boolean val(int r, int k) { return ((k >> r) & 1) == 1 || (k % (r + 2) == 0); }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int n = 64;
        Op[] ops = {MPI.LAND, MPI.LOR, MPI.LXOR};
        for (int o = 0; o < 3; o++) {
            boolean[] in = new boolean[n], out = new boolean[n], all = new boolean[n];
            for (int k = 0; k < n; k++) in[k] = val(rank, k);
            MPI.COMM_WORLD.Reduce(in, 0, out, 0, n, MPI.BOOLEAN, ops[o], 0);
            MPI.COMM_WORLD.Allreduce(in, 0, all, 0, n, MPI.BOOLEAN, ops[o]);
            for (int k = 0; k < n; k++) {
                boolean w = val(0, k);
                for (int r = 1; r < size; r++) w = o == 0 ? (w && val(r, k)) : o == 1 ? (w || val(r, k)) : (w ^ val(r, k));
                if (all[k] != w || (rank == 0 && out[k] != w)) { System.out.println("op " + o + " [" + k + "] " + all[k] + " " + out[k] + " want " + w); System.exit(1); }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ReduceLogical");
        MPI.Finalize();
    }
}
