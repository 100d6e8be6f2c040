package jmpi.conformance;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/** MPI_THREAD_MULTIPLE: several threads of each rank communicate at once, each on its own tag. */
@Timeout(120)
class ThreadMultipleTest {
    /** Thread t of rank 0 and thread t of rank 1 exchange 300 messages of mixed sizes on tag t. */
    public static class PairsOfThreads {
        static final int THREADS = 4;

        public static void main(String[] args) throws InterruptedException {
            int provided = MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
            Expect.equal(MPI.THREAD_MULTIPLE, provided, "thread level provided");
            Expect.isTrue(MPI.Is_thread_main(), "Is_thread_main in the thread that called Init");
            Intracomm w = MPI.COMM_WORLD;
            int other = 1 - w.Rank();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] threads = new Thread[THREADS];
            for (int t = 0; t < THREADS; t++) {
                int tag = t;
                threads[t] = new Thread(() -> {
                    try {
                        Expect.isTrue(!MPI.Is_thread_main(), "Is_thread_main in a worker");
                        for (int i = 0; i < 300; i++) {
                            int n = i % 5 == 0 ? 5_000 : 1 + i % 7;
                            double[] out = new double[n];
                            out[0] = tag * 10_000 + i;
                            out[n - 1] = -out[0];
                            double[] in = new double[n];
                            Status s;
                            if (i % 2 == 0) {
                                s = w.Sendrecv(out, 0, n, MPI.DOUBLE, other, tag, in, 0, n, MPI.DOUBLE, other, tag);
                            } else {
                                Request r = w.Irecv(in, 0, n, MPI.DOUBLE, other, tag);
                                w.Send(out, 0, n, MPI.DOUBLE, other, tag);
                                s = r.Wait();
                            }
                            Expect.equal(tag, s.tag, "tag");
                            Expect.equal(n, s.Get_count(MPI.DOUBLE), "count");
                            Expect.isTrue(in[0] == out[0] && in[n - 1] == out[n - 1],
                                    "thread " + tag + " message " + i + " got " + in[0]);
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                }, "worker-" + t);
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("a worker thread failed", failure.get());
            }
            MPI.Finalize();
        }
    }

    @Test
    void threadsOfTwoRanksExchangeConcurrently() {
        MultiRank.runOk(2, PairsOfThreads.class, Duration.ofSeconds(60));
    }
}
