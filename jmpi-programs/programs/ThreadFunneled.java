// np: 2 3
import mpi.*;

/** Init_thread(THREAD_FUNNELED): worker threads compute, only the main thread communicates (Allreduce of their results). */
public class ThreadFunneled {
    public static void main(String[] args) throws Exception {
        int provided = MPI.Init_thread(args, MPI.THREAD_FUNNELED);
        if (provided < MPI.THREAD_FUNNELED) { System.out.println("provided " + provided); System.exit(1); }
        int rank = MPI.COMM_WORLD.Rank(), size = MPI.COMM_WORLD.Size();
        int threads = 4, n = 1000;
        long[] partial = new long[threads];
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            final int tid = t;
            ts[t] = new Thread(() -> { long s = 0; for (int k = tid; k < n; k += threads) s += (long) k * (rank + 1); partial[tid] = s; });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        long[] mine = {0}, total = new long[1];
        for (long p : partial) mine[0] += p;
        MPI.COMM_WORLD.Allreduce(mine, 0, total, 0, 1, MPI.LONG, MPI.SUM);
        long want = (long) n * (n - 1) / 2 * ((long) size * (size + 1) / 2);
        if (total[0] != want) { System.out.println("total " + total[0] + " want " + want); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ThreadFunneled");
        MPI.Finalize();
    }
}
