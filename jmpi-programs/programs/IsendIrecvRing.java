// np: 2 3 4
import mpi.*;

/** Non-blocking exchange with both neighbours, many rounds, checked against the neighbours' formula. */
public class IsendIrecvRing {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int left = (rank + size - 1) % size, right = (rank + 1) % size;
        int n = 300;
        for (int round = 0; round < 20; round++) {
            double[] toL = new double[n], toR = new double[n], fromL = new double[n], fromR = new double[n];
            for (int k = 0; k < n; k++) { toL[k] = rank + round * 0.5 + k; toR[k] = -(rank + round * 0.5 + k); }
            Request[] req = {
                MPI.COMM_WORLD.Irecv(fromL, 0, n, MPI.DOUBLE, left, 1),
                MPI.COMM_WORLD.Irecv(fromR, 0, n, MPI.DOUBLE, right, 2),
                MPI.COMM_WORLD.Isend(toR, 0, n, MPI.DOUBLE, right, 1),
                MPI.COMM_WORLD.Isend(toL, 0, n, MPI.DOUBLE, left, 2) };
            Status[] st = Request.Waitall(req);
            if (st[0].source != left || st[1].source != right || st[0].tag != 1 || st[1].tag != 2) {
                System.out.println("bad status " + st[0].source + "/" + st[0].tag + " " + st[1].source + "/" + st[1].tag); System.exit(1);
            }
            for (int k = 0; k < n; k++) {
                if (fromL[k] != -(left + round * 0.5 + k) || fromR[k] != right + round * 0.5 + k) {
                    System.out.println("round " + round + " [" + k + "] " + fromL[k] + " " + fromR[k]); System.exit(1);
                }
            }
        }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS IsendIrecvRing");
        MPI.Finalize();
    }
}
