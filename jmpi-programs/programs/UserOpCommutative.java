// np: 2 3 4 5
import mpi.*;

/** A commutative user operation (element-wise max of absolute values) through new Op(User_function, true). */
public class UserOpCommutative {
    static class AbsMax extends User_function {
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            int[] in = (int[]) invec, io = (int[]) inoutvec;
            for (int k = 0; k < count; k++) io[inoutoffset + k] = Math.max(Math.abs(in[inoffset + k]), Math.abs(io[inoutoffset + k]));
        }
    }
    static int val(int r, int k) { return ((r * 13 + k * 7) % 23) - 11; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Op absmax = new Op(new AbsMax(), true);
        for (int n : new int[]{1, 50, 5000}) {
            int[] in = new int[n], out = new int[n], red = new int[n];
            for (int k = 0; k < n; k++) in[k] = val(rank, k);
            MPI.COMM_WORLD.Allreduce(in, 0, out, 0, n, MPI.INT, absmax);
            MPI.COMM_WORLD.Reduce(in, 0, red, 0, n, MPI.INT, absmax, 0);
            for (int k = 0; k < n; k++) {
                int w = Math.abs(val(0, k));
                for (int r = 1; r < size; r++) w = Math.max(w, Math.abs(val(r, k)));
                if (size == 1) w = val(0, k);
                if (out[k] != w || (rank == 0 && red[k] != w)) { System.out.println("n " + n + " [" + k + "] " + out[k] + " " + red[k] + " want " + w); System.exit(1); }
            }
        }
        absmax.Free();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS UserOpCommutative");
        MPI.Finalize();
    }
}
