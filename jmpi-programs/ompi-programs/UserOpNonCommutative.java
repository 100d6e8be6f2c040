// np: 2 3 4 6
import mpi.*;

/** A non-commutative user Op (2x2 integer matrix product, inOut = in x inOut) gives the rank-ordered product in reduce, allReduce, scan; isCommutative false. */
public class UserOpNonCommutative {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL UserOpNonCommutative: " + what); System.exit(1); }
    }
    static long[] mul(long[] a, long[] b) {
        return new long[] {a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
    }
    static long[] mat(int r) { return new long[] {1, r + 1, 0, 1 + (r % 2)}; }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        Datatype m22 = Datatype.createContiguous(4, MPI.LONG);
        m22.commit();
        Op matmul = new Op(new UserFunction() {
            @Override public void call(Object in, Object inOut, int count, Datatype type) throws MPIException {
                long[] a = (long[]) in, b = (long[]) inOut;
                int ext = type.getExtent();
                for (int k = 0; k < count; k++) {
                    long[] x = java.util.Arrays.copyOfRange(a, k * ext, k * ext + 4), y = java.util.Arrays.copyOfRange(b, k * ext, k * ext + 4);
                    System.arraycopy(mul(x, y), 0, b, k * ext, 4);
                }
            }
        }, false);
        check(!matmul.isCommutative(), "isCommutative true for a non-commutative op");
        long[] mine = mat(rank), out = new long[4];
        long[] expect = mat(0);
        for (int r = 1; r < size; r++) expect = mul(expect, mat(r));
        for (int root = 0; root < size; root += Math.max(1, size - 1)) {
            c.reduce(mine, out, 1, m22, matmul, root);
            if (rank == root) check(java.util.Arrays.equals(out, expect), "reduce to " + root + ": " + java.util.Arrays.toString(out) + " expected " + java.util.Arrays.toString(expect));
        }
        c.allReduce(mine, out, 1, m22, matmul);
        check(java.util.Arrays.equals(out, expect), "allReduce " + java.util.Arrays.toString(out));
        c.scan(mine, out, 1, m22, matmul);
        long[] prefix = mat(0);
        for (int r = 1; r <= rank; r++) prefix = mul(prefix, mat(r));
        check(java.util.Arrays.equals(out, prefix), "scan " + java.util.Arrays.toString(out) + " expected " + java.util.Arrays.toString(prefix));
        matmul.free(); m22.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS UserOpNonCommutative");
        MPI.Finalize();
    }
}
