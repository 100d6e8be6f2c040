// np: 2 3 6
import mpi.*;

/** gatherv/scatterv with varying counts (rank+1) and gapped, reversed displacements; the in-place forms: gatherv(recvbuf, counts, displs, type, root) at the root, gatherv(sendbuf, count, type, root) elsewhere; scatterv likewise. */
public class GathervScatterv {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL GathervScatterv: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int[] counts = new int[size], displs = new int[size];
        int total = 0;
        for (int r = size - 1; r >= 0; r--) { counts[r] = r + 1; displs[r] = total; total += r + 1 + 1; }   // one-element gap after each block
        int root = size / 2;
        int[] mine = new int[rank + 1];
        for (int i = 0; i <= rank; i++) mine[i] = rank * 10 + i;
        int[] all = new int[total];
        java.util.Arrays.fill(all, -1);
        c.gatherv(mine, rank + 1, MPI.INT, all, counts, displs, MPI.INT, root);
        if (rank == root) for (int r = 0; r < size; r++) {
            for (int i = 0; i <= r; i++) check(all[displs[r] + i] == r * 10 + i, "gatherv block " + r + " [" + i + "] = " + all[displs[r] + i]);
            check(all[displs[r] + r + 1] == -1, "gatherv wrote into the gap after block " + r);
        }
        int[] back = new int[rank + 1];
        c.scatterv(all, counts, displs, MPI.INT, back, rank + 1, MPI.INT, root);
        for (int i = 0; i <= rank; i++) check(back[i] == rank * 10 + i, "scatterv [" + i + "] = " + back[i]);
        // in place
        double[] dall = new double[total];
        if (rank == root) {
            for (int i = 0; i <= root; i++) dall[displs[root] + i] = root + i / 10.0;
            c.gatherv(dall, counts, displs, MPI.DOUBLE, root);
            for (int r = 0; r < size; r++) for (int i = 0; i <= r; i++) check(dall[displs[r] + i] == r + i / 10.0, "in-place gatherv block " + r);
            for (int r = 0; r < size; r++) for (int i = 0; i <= r; i++) dall[displs[r] + i] = -(r + i / 10.0);
            c.scatterv(dall, counts, displs, MPI.DOUBLE, root);
            check(dall[displs[root]] == -root, "root's block moved in place scatterv");
        } else {
            double[] d = new double[rank + 1];
            for (int i = 0; i <= rank; i++) d[i] = rank + i / 10.0;
            c.gatherv(d, rank + 1, MPI.DOUBLE, root);
            double[] r = new double[rank + 1];
            c.scatterv(r, rank + 1, MPI.DOUBLE, root);
            for (int i = 0; i <= rank; i++) check(r[i] == -(rank + i / 10.0), "in-place scatterv [" + i + "] = " + r[i]);
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS GathervScatterv");
        MPI.Finalize();
    }
}
