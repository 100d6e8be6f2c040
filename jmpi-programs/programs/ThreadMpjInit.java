// np: 2 3
import mpi.*;

/** MPJ Express's thread API: MPI.initThread(required, provided, args), queryThread(), isMainThread(); threads on Dup'd communicators. */
public class ThreadMpjInit {
    public static void main(String[] args) throws Exception {
        MPI.initThread(MPI.THREAD_MULTIPLE, MPI.THREAD_MULTIPLE, args);
        if (MPI.queryThread() != MPI.THREAD_MULTIPLE || !MPI.isMainThread()) { System.out.println("queryThread " + MPI.queryThread()); System.exit(1); }
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int threads = 3;
        Intracomm[] comms = new Intracomm[threads];
        for (int t = 0; t < threads; t++) comms[t] = MPI.COMM_WORLD.Dup();
        int[][] results = new int[threads][];
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            final int tid = t;
            ts[t] = new Thread(() -> {
                int[] in = new int[10], out = new int[10];
                for (int k = 0; k < 10; k++) in[k] = (rank + 1) * (tid + 1) * k;
                for (int it = 0; it < 20; it++) comms[tid].Allreduce(in, 0, out, 0, 10, MPI.INT, MPI.SUM);
                results[tid] = out;
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        int ranks = size * (size + 1) / 2;
        for (int t = 0; t < threads; t++) for (int k = 0; k < 10; k++)
            if (results[t] == null || results[t][k] != ranks * (t + 1) * k) { System.out.println("thread " + t + " [" + k + "]"); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ThreadMpjInit");
        MPI.Finalize();
    }
}
