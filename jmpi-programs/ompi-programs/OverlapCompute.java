// np: 2 4
import mpi.*;
import java.nio.*;

/** A large iRecv/iSend pair is in flight while each rank computes; test() polls between compute chunks (bounded), then the data and the computation are both right. */
public class OverlapCompute {
    static void check(boolean ok, String what) {
        if (!ok) { System.out.println("FAIL OverlapCompute: " + what); System.exit(1); }
    }
    public static void main(String[] args) throws MPIException {
        MPI.Init(args);
        Intracomm c = MPI.COMM_WORLD;
        int rank = c.getRank(), size = c.getSize();
        int n = 1 << 16;
        int right = (rank + 1) % size, left = (rank + size - 1) % size;
        DoubleBuffer out = MPI.newDoubleBuffer(n), in = MPI.newDoubleBuffer(n);
        for (int i = 0; i < n; i++) out.put(i, rank + i * 1e-3);
        Request r = c.iRecv(in, n, MPI.DOUBLE, left, 0);
        Request s = c.iSend(out, n, MPI.DOUBLE, right, 0);
        long acc = 0;
        boolean done = false;
        for (int chunk = 0; chunk < 200 && !done; chunk++) {
            for (int i = 0; i < 10_000; i++) acc += (i ^ chunk) & 7;
            done = r.test();
        }
        if (!done) r.waitFor();
        s.waitFor();
        check(acc > 0, "computation");
        for (int i = 0; i < n; i += 97) check(in.get(i) == left + i * 1e-3, "value " + i + " = " + in.get(i));
        c.barrier();
        if (rank == 0) System.out.println("PASS OverlapCompute");
        MPI.Finalize();
    }
}
