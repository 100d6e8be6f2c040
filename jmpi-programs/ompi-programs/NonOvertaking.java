// np: 2
import mpi.*;

/** Messages between one pair on the same tag arrive in send order; receives by tag pick messages out of order. */
public class NonOvertaking {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL NonOvertaking: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        int n = 200;
        if (rank == 0) {
            for (int i = 0; i < n; i++) c.send(new int[] {i}, 1, MPI.INT, 1, 3);
            for (int t = 0; t < 5; t++) c.send(new int[] {t * 11}, 1, MPI.INT, 1, 10 + t);
        } else if (rank == 1) {
            int[] v = new int[1];
            for (int i = 0; i < n; i++) {
                c.recv(v, 1, MPI.INT, 0, 3);
                check(v[0] == i, "message " + i + " on tag 3 was " + v[0]);
            }
            for (int t = 4; t >= 0; t--) {
                c.recv(v, 1, MPI.INT, 0, 10 + t);
                check(v[0] == t * 11, "tag " + (10 + t) + " carried " + v[0]);
            }
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS NonOvertaking");
        MPI.Finalize();
    }
}
