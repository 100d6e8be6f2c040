// np: 2
import mpi.*;

/** attachBuffer sized with BSEND_OVERHEAD, many bSends that complete locally before the receiver posts, detach returns the same array, re-attach works. */
public class BsendBuffer {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL BsendBuffer: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank();
        int msgs = 10, len = 100;
        if (rank == 0) {
            int bytes = msgs * (c.packSize(len, MPI.INT) + MPI.BSEND_OVERHEAD);
            byte[] buf = new byte[bytes];
            for (int round = 0; round < 2; round++) {
                MPI.attachBuffer(buf);
                for (int m = 0; m < msgs; m++) {
                    int[] data = new int[len];
                    for (int i = 0; i < len; i++) data[i] = round * 100000 + m * 1000 + i;
                    c.bSend(data, len, MPI.INT, 1, m);
                }
                // tell the receiver to start only after all bSends returned
                c.send(new int[] {round}, 1, MPI.INT, 1, 1000);
                check(MPI.detachBuffer() == buf, "detach returned another array");
            }
        } else if (rank == 1) {
            for (int round = 0; round < 2; round++) {
                int[] go = new int[1];
                c.recv(go, 1, MPI.INT, 0, 1000);
                for (int m = msgs - 1; m >= 0; m--) {          // reverse tag order
                    int[] data = new int[len];
                    c.recv(data, len, MPI.INT, 0, m);
                    for (int i = 0; i < len; i += 33) check(data[i] == round * 100000 + m * 1000 + i, "round " + round + " msg " + m + " [" + i + "] = " + data[i]);
                }
            }
        }
        c.barrier();
        if (rank == 0) System.out.println("PASS BsendBuffer");
        MPI.Finalize();
    }
}
