// np: 2 3 4 5 6
import mpi.*;

/** A non-commutative user operation (2x2 matrix product) must be applied in rank order: checked with Reduce, Allreduce, Scan. */
public class UserOpNonCommutative {
    static class MatMul extends User_function {
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            long[] a = (long[]) invec, b = (long[]) inoutvec;
            for (int m = 0; m < count; m++) {
                int i = inoffset + 4 * m, j = inoutoffset + 4 * m;
                long c0 = a[i] * b[j] + a[i + 1] * b[j + 2], c1 = a[i] * b[j + 1] + a[i + 1] * b[j + 3];
                long c2 = a[i + 2] * b[j] + a[i + 3] * b[j + 2], c3 = a[i + 2] * b[j + 1] + a[i + 3] * b[j + 3];
                b[j] = c0; b[j + 1] = c1; b[j + 2] = c2; b[j + 3] = c3;
            }
        }
    }
    static long[] mat(int r, int m) { return new long[]{1 + r, m + 1, r % 2, 1 + (r * m) % 3}; }
    static long[] mul(long[] a, long[] b) {
        return new long[]{a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3]};
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        Datatype mat2 = Datatype.Contiguous(4, MPI.LONG);
        mat2.Commit();
        Op op = new Op(new MatMul(), false);
        int count = 3;
        long[] in = new long[4 * count], red = new long[4 * count], all = new long[4 * count], scan = new long[4 * count];
        for (int m = 0; m < count; m++) System.arraycopy(mat(rank, m), 0, in, 4 * m, 4);
        MPI.COMM_WORLD.Reduce(in, 0, red, 0, count, mat2, op, 0);
        MPI.COMM_WORLD.Allreduce(in, 0, all, 0, count, mat2, op);
        MPI.COMM_WORLD.Scan(in, 0, scan, 0, count, mat2, op);
        for (int m = 0; m < count; m++) {
            long[] p = mat(0, m), upToMe = null;
            if (rank == 0) upToMe = p;
            for (int r = 1; r < size; r++) { p = mul(p, mat(r, m)); if (r == rank) upToMe = p; }
            for (int e = 0; e < 4; e++) {
                if (all[4 * m + e] != p[e] || (rank == 0 && red[4 * m + e] != p[e]) || scan[4 * m + e] != upToMe[e]) {
                    System.out.println("rank " + rank + " matrix " + m + " entry " + e + ": all " + all[4 * m + e] + " reduce " + red[4 * m + e]
                            + " scan " + scan[4 * m + e] + " want " + p[e] + "/" + upToMe[e]); System.exit(1);
                }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS UserOpNonCommutative");
        MPI.Finalize();
    }
}
