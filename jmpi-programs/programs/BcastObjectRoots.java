// np: 2 3 4
import mpi.*;
import java.util.*;

/** Bcast of an object graph (a HashMap of int[] and nested lists, about 100 KB) from every root; every rank's copy equals the root's. */
public class BcastObjectRoots {
    static HashMap<String, Object> build(int root) {
        HashMap<String, Object> m = new HashMap<>();
        for (int k = 0; k < 50; k++) {
            int[] v = new int[400];
            for (int i = 0; i < v.length; i++) v[i] = root * 1000 + k * 7 + i;
            m.put("arr" + k, v);
        }
        m.put("nested", List.of(List.of(root, 1), List.of("x", "y" + root)));
        return m;
    }
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        for (int root = 0; root < size; root++) {
            Object[] buf = new Object[1];
            if (rank == root) buf[0] = build(root);
            MPI.COMM_WORLD.Bcast(buf, 0, 1, MPI.OBJECT, root);
            @SuppressWarnings("unchecked") HashMap<String, Object> got = (HashMap<String, Object>) buf[0];
            HashMap<String, Object> want = build(root);
            if (got.size() != want.size() || !want.get("nested").equals(got.get("nested"))) { System.out.println("root " + root + " map " + got.size()); System.exit(1); }
            for (int k = 0; k < 50; k++) if (!Arrays.equals((int[]) want.get("arr" + k), (int[]) got.get("arr" + k))) { System.out.println("root " + root + " arr" + k); System.exit(1); }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS BcastObjectRoots");
        MPI.Finalize();
    }
}
