// np: 2
import mpi.*;

/** Bsend_init through an attached buffer and Rsend_init to pre-posted receives, restarted several times. */
public class PersistentBsendRsend {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank();
        int n = 30, rounds = 6;
        MPI.Buffer_attach(new byte[4 * (8 * n + MPI.BSEND_OVERHEAD)]);
        double[] b = new double[n], r = new double[n], inB = new double[n], inR = new double[n];
        int[] go = new int[1];
        if (rank == 0) {
            Prequest pb = MPI.COMM_WORLD.Bsend_init(b, 0, n, MPI.DOUBLE, 1, 1);
            Prequest pr = MPI.COMM_WORLD.Rsend_init(r, 0, n, MPI.DOUBLE, 1, 2);
            for (int it = 0; it < rounds; it++) {
                for (int k = 0; k < n; k++) { b[k] = it * 100 + k; r[k] = -(it * 100 + k); }
                pb.Start();
                pb.Wait();
                MPI.COMM_WORLD.Recv(go, 0, 1, MPI.INT, 1, 3); // rank 1 has posted its receive for tag 2
                pr.Start();
                pr.Wait();
            }
            pb.Free(); pr.Free();
        } else if (rank == 1) {
            Prequest qb = MPI.COMM_WORLD.Recv_init(inB, 0, n, MPI.DOUBLE, 0, 1);
            Prequest qr = MPI.COMM_WORLD.Recv_init(inR, 0, n, MPI.DOUBLE, 0, 2);
            for (int it = 0; it < rounds; it++) {
                qr.Start();
                MPI.COMM_WORLD.Send(go, 0, 1, MPI.INT, 0, 3);
                qb.Start();
                Request.Waitall(new Request[]{qb, qr});
                for (int k = 0; k < n; k++) if (inB[k] != it * 100 + k || inR[k] != -(it * 100 + k)) { System.out.println("it " + it + " [" + k + "] " + inB[k] + " " + inR[k]); System.exit(1); }
            }
            qb.Free(); qr.Free();
        }
        MPI.Buffer_detach();
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS PersistentBsendRsend");
        MPI.Finalize();
    }
}
