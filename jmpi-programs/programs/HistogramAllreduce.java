// np: 1 2 3 4
import mpi.*;

/** Each rank bins its share of a pseudo-random data set; Allreduce of the bins equals the serial histogram of all data. */
public class HistogramAllreduce {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int total = 100000, bins = 32;
        java.util.Random rnd = new java.util.Random(2024);
        double[] data = new double[total];
        for (int k = 0; k < total; k++) data[k] = rnd.nextGaussian();
        int[] mine = new int[bins], all = new int[bins];
        for (int k = rank; k < total; k += size) mine[bin(data[k], bins)]++;
        MPI.COMM_WORLD.Allreduce(mine, 0, all, 0, bins, MPI.INT, MPI.SUM);
        int[] serial = new int[bins];
        for (double d : data) serial[bin(d, bins)]++;
        if (!java.util.Arrays.equals(all, serial)) { System.out.println("histogram " + java.util.Arrays.toString(all)); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS HistogramAllreduce");
        MPI.Finalize();
    }
    static int bin(double d, int bins) { int b = (int) Math.floor((d + 4) / 8 * bins); return Math.max(0, Math.min(bins - 1, b)); }
}
