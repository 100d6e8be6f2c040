// np: 2
import mpi.*;

/** Struct({LB, DOUBLE x2, UB}, {0, 2, 6}): extent 6 from the markers; 3 of them send slots 2,3,8,9,14,15. */
public class StructLbUb {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        Datatype t = Datatype.Struct(new int[]{1, 2, 1}, new int[]{0, 2, 6}, new Datatype[]{MPI.LB, MPI.DOUBLE, MPI.UB});
        t.Commit();
        if (t.Extent() != 6 || t.Size() != 2 || t.Lb() != 0 || t.Ub() != 6) { System.out.println("extent " + t.Extent() + " size " + t.Size()); System.exit(1); }
        int n = 3;
        double[] src = new double[20];
        for (int k = 0; k < src.length; k++) src[k] = k * 1.5;
        if (rank == 0) {
            MPI.COMM_WORLD.Send(src, 0, n, t, 1, 0);
            MPI.COMM_WORLD.Send(src, 0, n, t, 1, 1);
        } else if (rank == 1) {
            double[] flat = new double[2 * n];
            Status st = MPI.COMM_WORLD.Recv(flat, 0, 2 * n, MPI.DOUBLE, 0, 0);
            for (int e = 0; e < n; e++) for (int j = 0; j < 2; j++)
                if (flat[2 * e + j] != src[e * 6 + 2 + j]) { System.out.println("flat [" + (2 * e + j) + "] " + flat[2 * e + j]); System.exit(1); }
            double[] back = new double[20];
            java.util.Arrays.fill(back, -1);
            st = MPI.COMM_WORLD.Recv(back, 0, n, t, 0, 1);
            if (st.Get_count(t) != n || st.Get_elements(t) != 2 * n) { System.out.println("count " + st.Get_count(t) + " elements " + st.Get_elements(t)); System.exit(1); }
            for (int k = 0; k < 20; k++) {
                boolean in = k < n * 6 && (k % 6 == 2 || k % 6 == 3);
                double want = in ? src[k] : -1;
                if (back[k] != want) { System.out.println("back [" + k + "] " + back[k]); System.exit(1); }
            }
            System.out.println("PASS StructLbUb");
        }
        MPI.Finalize();
    }
}
