// np: 2 3 4
import mpi.*;

/** Reduce_scatter with a user operation (element-wise minimum of |x| with sign kept) on doubles, equal blocks. */
public class ReduceScatterUserOp {
    static class AbsMin extends User_function {
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            double[] a = (double[]) invec, b = (double[]) inoutvec;
            for (int k = 0; k < count; k++) if (Math.abs(a[inoffset + k]) < Math.abs(b[inoutoffset + k])) b[inoutoffset + k] = a[inoffset + k];
        }
    }
    static double v(int r, int k) { return ((r * 7 + k * 3) % 11 - 5) * 1.25 + r * 0.001; }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int block = 9;
        int[] counts = new int[size];
        java.util.Arrays.fill(counts, block);
        double[] in = new double[block * size], out = new double[block];
        for (int k = 0; k < in.length; k++) in[k] = v(rank, k);
        MPI.COMM_WORLD.Reduce_scatter(in, 0, out, 0, counts, MPI.DOUBLE, new Op(new AbsMin(), true));
        for (int j = 0; j < block; j++) {
            int k = rank * block + j;
            double w = v(0, k);
            for (int r = 1; r < size; r++) if (Math.abs(v(r, k)) < Math.abs(w)) w = v(r, k);
            if (out[j] != w) { System.out.println("rank " + rank + " [" + j + "] " + out[j] + " want " + w); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ReduceScatterUserOp");
        MPI.Finalize();
    }
}
