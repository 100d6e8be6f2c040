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

    /**
     * Eight threads per rank all on one tag: whichever thread receives which message, every message
     * arrives exactly once (the union of what the threads received equals what was sent).
     */
    public static class SharedTag {
        static final int THREADS = 8;
        static final int EACH = 200;

        public static void main(String[] args) throws InterruptedException {
            MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            int p = w.Size();
            int right = (me + 1) % p;
            int left = (me - 1 + p) % p;
            boolean[] seen = new boolean[THREADS * EACH];
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] threads = new Thread[THREADS];
            for (int t = 0; t < THREADS; t++) {
                int id = t;
                threads[t] = new Thread(() -> {
                    try {
                        for (int i = 0; i < EACH; i++) {
                            int[] in = new int[3];
                            Request r = w.Irecv(in, 0, 3, MPI.INT, left, 7);
                            w.Send(new int[] {me, id, i}, 0, 3, MPI.INT, right, 7);
                            r.Wait();
                            Expect.equal(left, in[0], "the sender");
                            synchronized (seen) {
                                int k = in[1] * EACH + in[2];
                                Expect.isTrue(!seen[k], "message " + in[1] + "/" + in[2] + " received twice");
                                seen[k] = true;
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("a thread failed", failure.get());
            }
            for (int k = 0; k < seen.length; k++) {
                Expect.isTrue(seen[k], "message " + k / EACH + "/" + k % EACH + " never arrived");
            }
            MPI.Finalize();
        }
    }

    /** Each of 4 threads runs collectives on its own duplicate of COMM_WORLD at the same time, checked serially. */
    public static class ConcurrentCollectives {
        public static void main(String[] args) throws InterruptedException {
            MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
            int me = MPI.COMM_WORLD.Rank();
            int p = MPI.COMM_WORLD.Size();
            Intracomm[] comms = new Intracomm[4];
            for (int t = 0; t < comms.length; t++) {
                comms[t] = MPI.COMM_WORLD.Dup();
            }
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread[] threads = new Thread[comms.length];
            for (int t = 0; t < comms.length; t++) {
                Intracomm c = comms[t];
                int id = t;
                threads[t] = new Thread(() -> {
                    try {
                        for (int round = 0; round < 30; round++) {
                            int n = 1 + (round * 37 + id * 11) % 3000;
                            long[] mine = new long[n];
                            for (int i = 0; i < n; i++) {
                                mine[i] = (me + 1) * 1000L + id * 100 + round + i;
                            }
                            long[] sum = new long[n];
                            c.Allreduce(mine, 0, sum, 0, n, MPI.LONG, MPI.SUM);
                            for (int i = 0; i < n; i++) {
                                long want = 1000L * p * (p + 1) / 2 + (long) p * (id * 100 + round + i);
                                Expect.equal(want, sum[i], "thread " + id + " round " + round + " Allreduce[" + i + "]");
                            }
                            int root = (round + id) % p;
                            long[] b = me == root ? mine.clone() : new long[n];
                            c.Bcast(b, 0, n, MPI.LONG, root);
                            Expect.equal((root + 1) * 1000L + id * 100 + round, b[0], "Bcast from " + root);
                            int[] a2a = new int[p];
                            for (int r = 0; r < p; r++) {
                                a2a[r] = me * 100 + r + id;
                            }
                            int[] got = new int[p];
                            c.Alltoall(a2a, 0, 1, MPI.INT, got, 0, 1, MPI.INT);
                            for (int r = 0; r < p; r++) {
                                Expect.equal(r * 100 + me + id, got[r], "Alltoall from " + r);
                            }
                        }
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    }
                });
                threads[t].start();
            }
            for (Thread t : threads) {
                t.join();
            }
            if (failure.get() != null) {
                throw new AssertionError("a thread failed", failure.get());
            }
            MPI.Finalize();
        }
    }

    @Test
    void eightThreadsOnOneTagLoseNothing() {
        MultiRank.runOk(3, SharedTag.class, Duration.ofSeconds(90));
    }

    @Test
    void concurrentCollectivesOnDuplicates() {
        MultiRank.runOk(4, ConcurrentCollectives.class, Duration.ofSeconds(90));
    }

    @Test
    void threadsOfTwoRanksExchangeConcurrently() {
        MultiRank.runOk(2, PairsOfThreads.class, Duration.ofSeconds(60));
    }
}
