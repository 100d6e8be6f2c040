// np: 2 3 5
import mpi.*;
import java.nio.*;

/** gather and scatter from every root, with arrays, direct buffers and differing send/recv types with matching signatures (2 INT vs one INT-pair contiguous). */
public class GatherScatterRoots {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL GatherScatterRoots: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        Datatype pair = Datatype.createContiguous(2, MPI.INT);
        pair.commit();
        for (int root = 0; root < size; root++) {
            int[] all = new int[2 * size];
            c.gather(new int[] {rank, rank * rank}, 2, MPI.INT, all, 1, pair, root);
            if (rank == root) for (int r = 0; r < size; r++) check(all[2 * r] == r && all[2 * r + 1] == r * r, "root " + root + " gather slot " + r);
            double[] src = new double[3 * size];
            if (rank == root) for (int i = 0; i < src.length; i++) src[i] = i + root * 0.5;
            double[] mine = new double[3];
            c.scatter(src, 3, MPI.DOUBLE, mine, 3, MPI.DOUBLE, root);
            for (int i = 0; i < 3; i++) check(mine[i] == 3 * rank + i + root * 0.5, "root " + root + " scatter [" + i + "] = " + mine[i]);
            IntBuffer s = MPI.newIntBuffer(1), g = MPI.newIntBuffer(size);
            s.put(0, -rank - root);
            c.gather(s, 1, MPI.INT, g, 1, MPI.INT, root);
            if (rank == root) for (int r = 0; r < size; r++) check(g.get(r) == -r - root, "root " + root + " direct gather " + r);
            c.scatter(g, 1, MPI.INT, s, 1, MPI.INT, root);
            check(s.get(0) == -rank - root, "root " + root + " direct scatter back " + s.get(0));
        }
        pair.free();
        c.barrier();
        if (rank == 0) System.out.println("PASS GatherScatterRoots");
        MPI.Finalize();
    }
}
