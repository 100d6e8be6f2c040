// np: 2
import mpi.*;
import java.nio.ByteBuffer;

/** MPJ Express style: MPI.Buffer_attach(ByteBuffer) then Bsend and Ibsend, detach at the end. */
public class BsendByteBuffer {
    public static void main(String[] args) throws Exception {
        MPI.Init(args);
        int me = MPI.COMM_WORLD.Rank();
        int n = 1000;
        ByteBuffer space = ByteBuffer.allocateDirect(4 * (4 * n + MPI.BSEND_OVERHEAD));
        MPI.Buffer_attach(space);
        int other = 1 - me;
        int[] a = new int[n], b = new int[n];
        for (int k = 0; k < n; k++) { a[k] = me * 7 + k * k; b[k] = -k - me; }
        MPI.COMM_WORLD.Bsend(a, 0, n, MPI.INT, other, 10);
        Request r = MPI.COMM_WORLD.Ibsend(b, 0, n, MPI.INT, other, 20);
        r.Wait();
        int[] ra = new int[n], rb = new int[n];
        MPI.COMM_WORLD.Recv(rb, 0, n, MPI.INT, other, 20);
        MPI.COMM_WORLD.Recv(ra, 0, n, MPI.INT, other, 10);
        for (int k = 0; k < n; k++) {
            if (ra[k] != other * 7 + k * k || rb[k] != -k - other) {
                System.out.println("rank " + me + " [" + k + "] " + ra[k] + "," + rb[k]);
                System.exit(1);
            }
        }
        MPI.Buffer_detach();
        MPI.COMM_WORLD.Barrier();
        if (me == 0) System.out.println("PASS BsendByteBuffer");
        MPI.Finalize();
    }
}
