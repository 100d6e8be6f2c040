// np: 2
import mpi.*;

/** Multi-megabyte messages of doubles and bytes both ways at once (Isend/Recv), checked element by element. */
public class LargeMessages {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), other = 1 - rank;
        int n = 1 << 20;
        double[] out = new double[n], in = new double[n];
        for (int k = 0; k < n; k++) out[k] = rank + k * 1e-3;
        Request r = MPI.COMM_WORLD.Isend(out, 0, n, MPI.DOUBLE, other, 1);
        MPI.COMM_WORLD.Recv(in, 0, n, MPI.DOUBLE, other, 1);
        r.Wait();
        for (int k = 0; k < n; k++) if (in[k] != other + k * 1e-3) { System.out.println("[" + k + "] " + in[k]); System.exit(1); }
        int nb = 3_000_001;
        byte[] bo = new byte[nb], bi = new byte[nb];
        for (int k = 0; k < nb; k++) bo[k] = (byte) (k * 13 + rank);
        r = MPI.COMM_WORLD.Isend(bo, 0, nb, MPI.BYTE, other, 2);
        MPI.COMM_WORLD.Recv(bi, 0, nb, MPI.BYTE, other, 2);
        r.Wait();
        for (int k = 0; k < nb; k++) if (bi[k] != (byte) (k * 13 + other)) { System.out.println("byte [" + k + "] " + bi[k]); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS LargeMessages");
        MPI.Finalize();
    }
}
