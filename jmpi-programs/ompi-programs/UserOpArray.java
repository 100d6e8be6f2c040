// np: 2 3 5
import mpi.*;

/** A commutative user Op in the array form: element-wise max of absolute values on int[] (allReduce) and an associative a+b+1 op on double[] (reduce to every root). */
public class UserOpArray {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL UserOpArray: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        Op absMax = new Op(new UserFunction() {
            @Override public void call(Object in, Object inOut, int count, Datatype type) {
                int[] a = (int[]) in, b = (int[]) inOut;
                for (int i = 0; i < count; i++) b[i] = Math.max(Math.abs(a[i]), Math.abs(b[i]));
            }
        }, true);
        check(absMax.isCommutative(), "isCommutative false for a commutative op");
        int[] v = {rank % 2 == 0 ? -rank : rank, -7, rank * rank}, out = new int[3];
        c.allReduce(v, out, 3, MPI.INT, absMax);
        check(out[0] == size - 1 && out[1] == 7 && out[2] == (size - 1) * (size - 1), "absMax " + java.util.Arrays.toString(out));
        Op hyp = new Op(new UserFunction() {
            @Override public void call(Object in, Object inOut, int count, Datatype type) {
                double[] a = (double[]) in, b = (double[]) inOut;
                for (int i = 0; i < count; i++) b[i] = a[i] + b[i] + 1;
            }
        }, true);
        for (int root = 0; root < size; root++) {
            double[] d = {rank, -rank}, r = new double[2];
            c.reduce(d, r, 2, MPI.DOUBLE, hyp, root);
            double tri = size * (size - 1) / 2.0;
            if (rank == root) check(r[0] == tri + size - 1 && r[1] == -tri + size - 1, "root " + root + ": " + r[0] + "," + r[1]);
        }
        absMax.free(); hyp.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS UserOpArray");
        MPI.Finalize();
    }
}
