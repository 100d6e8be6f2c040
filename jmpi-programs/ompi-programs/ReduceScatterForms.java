// np: 1 2 3 5
import mpi.*;

/** reduceScatter with counts rank+1 and reduceScatterBlock, both with send/recv buffers and in place. */
public class ReduceScatterForms {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL ReduceScatterForms: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int[] counts = new int[size];
        int total = 0, start = 0;
        for (int r = 0; r < size; r++) { counts[r] = r + 1; if (r < rank) start += r + 1; total += r + 1; }
        int[] send = new int[total];
        for (int i = 0; i < total; i++) send[i] = i + rank;
        int[] recv = new int[rank + 1];
        c.reduceScatter(send, recv, counts, MPI.INT, MPI.SUM);
        int tri = size * (size - 1) / 2;
        for (int k = 0; k <= rank; k++) check(recv[k] == (start + k) * size + tri, "reduceScatter [" + k + "] = " + recv[k]);
        int[] ip = send.clone();
        c.reduceScatter(ip, counts, MPI.INT, MPI.SUM);
        for (int k = 0; k <= rank; k++) check(ip[k] == (start + k) * size + tri, "in-place reduceScatter [" + k + "] = " + ip[k]);
        double[] ds = new double[2 * size], dr = new double[2];
        for (int i = 0; i < 2 * size; i++) ds[i] = i * 0.5 + rank;
        c.reduceScatterBlock(ds, dr, 2, MPI.DOUBLE, MPI.MAX);
        for (int k = 0; k < 2; k++) check(dr[k] == (2 * rank + k) * 0.5 + size - 1, "reduceScatterBlock [" + k + "] = " + dr[k]);
        double[] dip = ds.clone();
        c.reduceScatterBlock(dip, 2, MPI.DOUBLE, MPI.MAX);
        for (int k = 0; k < 2; k++) check(dip[k] == (2 * rank + k) * 0.5 + size - 1, "in-place reduceScatterBlock [" + k + "] = " + dip[k]);
        c.barrier();
        if (rank == 0) System.out.println("PASS ReduceScatterForms");
        MPI.Finalize();
    }
}
