// np: 1 3
import mpi.*;
import java.nio.*;

/** COMM_SELF has size 1, rank 0; a rank sends to itself with iSend + recv; collectives on COMM_SELF copy through. */
public class SelfComm {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL SelfComm: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm self = MPI.COMM_SELF;
        int rank = MPI.COMM_WORLD.getRank();
        check(self.getSize() == 1 && self.getRank() == 0, "COMM_SELF size " + self.getSize() + " rank " + self.getRank());
        IntBuffer out = MPI.newIntBuffer(3);
        for (int i = 0; i < 3; i++) out.put(i, rank * 10 + i);
        Request r = self.iSend(out, 3, MPI.INT, 0, 4);
        int[] in = new int[3];
        self.recv(in, 3, MPI.INT, 0, 4);
        r.waitFor();
        for (int i = 0; i < 3; i++) check(in[i] == rank * 10 + i, "self message [" + i + "] = " + in[i]);
        int[] sum = new int[1];
        self.allReduce(new int[] {rank + 1}, sum, 1, MPI.INT, MPI.SUM);
        check(sum[0] == rank + 1, "allReduce on COMM_SELF " + sum[0]);
        double[] g = new double[1];
        self.gather(new double[] {2.5}, 1, MPI.DOUBLE, g, 1, MPI.DOUBLE, 0);
        check(g[0] == 2.5, "gather on COMM_SELF " + g[0]);
        MPI.COMM_WORLD.barrier();
        if (rank == 0) System.out.println("PASS SelfComm");
        MPI.Finalize();
    }
}
