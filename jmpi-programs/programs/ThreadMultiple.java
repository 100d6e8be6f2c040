// np: 2 4
import mpi.*;

/** Init_thread(THREAD_MULTIPLE): four threads per rank exchange with the partner rank at once, each on its own tag. */
public class ThreadMultiple {
    public static void main(String[] args) throws Exception {
        int provided = MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
        if (provided != MPI.THREAD_MULTIPLE || MPI.Query_thread() != MPI.THREAD_MULTIPLE) { System.out.println("provided " + provided); System.exit(1); }
        if (!MPI.Is_thread_main()) { System.out.println("main thread is not main"); System.exit(1); }
        int rank = MPI.COMM_WORLD.Rank();
        int partner = rank ^ 1;
        int threads = 4, rounds = 50, n = 100;
        java.util.concurrent.atomic.AtomicInteger errors = new java.util.concurrent.atomic.AtomicInteger();
        java.util.concurrent.atomic.AtomicBoolean mainInThread = new java.util.concurrent.atomic.AtomicBoolean();
        Thread[] ts = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            final int tid = t;
            ts[t] = new Thread(() -> {
                try {
                    if (MPI.Is_thread_main()) mainInThread.set(true);
                    for (int r = 0; r < rounds; r++) {
                        long[] out = new long[n], in = new long[n];
                        for (int k = 0; k < n; k++) out[k] = rank * 1_000_000L + tid * 10_000L + r * 100L + k;
                        Request q = MPI.COMM_WORLD.Irecv(in, 0, n, MPI.LONG, partner, tid);
                        MPI.COMM_WORLD.Send(out, 0, n, MPI.LONG, partner, tid);
                        q.Wait();
                        for (int k = 0; k < n; k++) if (in[k] != partner * 1_000_000L + tid * 10_000L + r * 100L + k) { errors.incrementAndGet(); break; }
                    }
                } catch (MPIException e) {
                    e.printStackTrace();
                    errors.incrementAndGet();
                }
            });
            ts[t].start();
        }
        for (Thread t : ts) t.join();
        if (errors.get() != 0 || mainInThread.get()) { System.out.println("errors " + errors.get() + ", Is_thread_main in a thread " + mainInThread.get()); System.exit(1); }
        MPI.COMM_WORLD.Barrier();
        if (rank == 0) System.out.println("PASS ThreadMultiple");
        MPI.Finalize();
    }
}
