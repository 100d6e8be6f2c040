// np: 2 4 7
import mpi.*;

/** sendRecv with different send and receive types/counts/tags: an int[] shift right and a double[] shift left in the same step. */
public class SendRecvShift {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL SendRecvShift: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        for (int k = 1; k <= 3; k++) {
            int[] out = new int[k];
            for (int i = 0; i < k; i++) out[i] = rank * 10 + i;
            int[] in = new int[k + 2];
            Status s = c.sendRecv(out, k, MPI.INT, right, 100 + rank, in, k + 2, MPI.INT, left, MPI.ANY_TAG);
            check(s.getTag() == 100 + left && s.getSource() == left && s.getCount(MPI.INT) == k, "k=" + k + " status tag " + s.getTag() + " count " + s.getCount(MPI.INT));
            for (int i = 0; i < k; i++) check(in[i] == left * 10 + i, "k=" + k + " in[" + i + "] = " + in[i]);
            check(in[k] == 0 && in[k + 1] == 0, "k=" + k + ": wrote past the message");
        }
        double[] dOut = {rank + 0.5}, dIn = new double[1];
        c.sendRecv(dOut, 1, MPI.DOUBLE, left, 5, dIn, 1, MPI.DOUBLE, right, 5);
        check(dIn[0] == right + 0.5, "double from right: " + dIn[0]);
        c.barrier();
        if (rank == 0) System.out.println("PASS SendRecvShift");
        MPI.Finalize();
    }
}
