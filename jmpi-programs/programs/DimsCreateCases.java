// np: 1
import mpi.*;

/** Cartcomm.Dims_create: products, balance (non-increasing, as square as possible) and fixed dimensions kept. */
public class DimsCreateCases {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int[][] cases = {{12, 2}, {16, 2}, {7, 2}, {24, 3}, {1, 3}, {30, 3}, {64, 3}, {36, 2}};
        for (int[] cs : cases) {
            int n = cs[0];
            int[] dims = new int[cs[1]];
            Cartcomm.Dims_create(n, dims);
            int prod = 1;
            for (int k = 0; k < dims.length; k++) { prod *= dims[k]; if (k > 0 && dims[k] > dims[k - 1]) { System.out.println(n + ": not non-increasing " + java.util.Arrays.toString(dims)); System.exit(1); } }
            if (prod != n) { System.out.println(n + ": product " + prod); System.exit(1); }
            // the best balance: the largest dimension is as small as any factorisation allows
            int best = bestMax(n, dims.length);
            if (dims[0] != best) { System.out.println(n + " in " + dims.length + "D: " + java.util.Arrays.toString(dims) + ", largest could be " + best); System.exit(1); }
        }
        int[] fixed = {0, 3, 0};
        Cartcomm.Dims_create(24, fixed);
        if (fixed[1] != 3 || fixed[0] * fixed[1] * fixed[2] != 24 || fixed[0] < fixed[2]) { System.out.println("fixed " + java.util.Arrays.toString(fixed)); System.exit(1); }
        System.out.println("PASS DimsCreateCases");
        MPI.Finalize();
    }
    static int bestMax(int n, int d) {
        if (d == 1) return n;
        int best = n;
        for (int f = 1; f <= n; f++) if (n % f == 0) { int rest = bestMax(n / f, d - 1); best = Math.min(best, Math.max(f, rest)); }
        return best;
    }
}
