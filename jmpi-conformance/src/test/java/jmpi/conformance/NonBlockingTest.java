package jmpi.conformance;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/** Non-blocking requests: wait and test families, null requests, persistent requests. */
@Timeout(120)
class NonBlockingTest {
    private static final Duration T = Duration.ofSeconds(60);

    static void go(Intracomm w, int dest) {
        w.Send(new int[0], 0, 0, MPI.INT, dest, 1000);
    }

    static void awaitGo(Intracomm w, int source) {
        w.Recv(new int[0], 0, 0, MPI.INT, source, 1000);
    }

    /** Irecv: Test is null until rank 0 was told to send, then Wait gives the status and the request becomes null. */
    public static class WaitAndTest {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            for (int n : new int[] {3, 100_000}) {
                if (w.Rank() == 1) {
                    int[] in = new int[n];
                    Request r = w.Irecv(in, 0, n, MPI.INT, 0, 5);
                    for (int i = 0; i < 10; i++) {
                        Expect.isTrue(r.Test() == null, "Test of an unmatched Irecv is not null");
                    }
                    Expect.isTrue(!r.Is_null(), "pending request is null");
                    go(w, 0);
                    Status s;
                    if (n == 3) {
                        s = r.Wait();
                    } else {
                        while ((s = r.Test()) == null) {
                            Thread.onSpinWait();
                        }
                    }
                    Expect.isTrue(r.Is_null(), "completed request is not null");
                    Expect.equal(0, s.source, "source");
                    Expect.equal(5, s.tag, "tag");
                    Expect.equal(n, s.Get_count(MPI.INT), "count");
                    Buffers.check(MPI.INT, in, 0, n, 2, "Irecv data");
                    // a null request waits and tests at once with an empty status
                    Status e = r.Wait();
                    Expect.isTrue(e != null, "Wait of a null request gave null");
                    Expect.isTrue(r.Test() != null, "Test of a null request gave null");
                } else if (w.Rank() == 0) {
                    awaitGo(w, 1);
                    Request r = w.Isend(Buffers.filled(MPI.INT, n, 2), 0, n, MPI.INT, 1, 5);
                    r.Wait();
                    Expect.isTrue(r.Is_null(), "completed Isend is not null");
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Sends that are complete when they start (small contiguous messages the transport takes at once, which carry no
     * request of their own inside jmpi) next to ones that are not (large ones, a derived type, a buffered send): every
     * wait and test call gives each its status (the destination as source, its tag, its index), the request becomes
     * null once completed and a second wait gives an empty status at once, Free and Cancel leave the message to arrive,
     * and every message arrives whole, in order. Sizes around the fastbox's and the eager ring's limits.
     */
    public static class SendsCompleteAtOnce {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            int[] sizes = {0, 1, 2, 3, 4, 7, 8, 9, 16, 17, 1024, 2047, 2048, 2049, 8191, 8192, 8193, 100_000};
            if (me == 0) {
                for (int round = 0; round < 7; round++) {
                    Request[] reqs = new Request[sizes.length];
                    for (int i = 0; i < sizes.length; i++) {
                        int n = sizes[i];
                        byte[] b = (byte[]) Buffers.filled(MPI.BYTE, n, 3 * round + i);
                        reqs[i] = w.Isend(b, 0, n, MPI.BYTE, 1, 100 + i);
                    }
                    switch (round) {
                        case 0 -> {
                            for (int i = 0; i < reqs.length; i++) {
                                Status st = reqs[i].Wait();
                                checkSent(st, 100 + i, "Wait of send " + i);
                                Expect.isTrue(reqs[i].Is_null(), "send " + i + " not null after Wait");
                                Expect.isTrue(reqs[i].Wait() != null && reqs[i].Test() != null, "null send " + i);
                            }
                        }
                        case 1 -> {
                            Status[] st = Request.Waitall(reqs);
                            for (int i = 0; i < reqs.length; i++) {
                                checkSent(st[i], 100 + i, "Waitall of send " + i);
                                Expect.equal(i, st[i].index, "Waitall index");
                                Expect.isTrue(reqs[i].Is_null(), "send " + i + " not null after Waitall");
                            }
                        }
                        case 2 -> {
                            for (int done = 0; done < reqs.length; done++) {
                                Status st = Request.Waitany(reqs);
                                checkSent(st, 100 + st.index, "Waitany");
                                Expect.isTrue(reqs[st.index].Is_null(), "Waitany's send not null");
                            }
                            Expect.equal(MPI.UNDEFINED, Request.Waitany(reqs).index, "Waitany over completed sends");
                        }
                        case 3 -> {
                            int done = 0;
                            while (done < reqs.length) {
                                Status[] st = Request.Waitsome(reqs);
                                for (Status x : st) {
                                    checkSent(x, 100 + x.index, "Waitsome");
                                    done++;
                                }
                            }
                            Expect.isTrue(Request.Waitsome(reqs) == null, "Waitsome over completed sends");
                        }
                        case 4 -> {
                            Status[] st;
                            while ((st = Request.Testall(reqs)) == null) {
                                Thread.onSpinWait();
                            }
                            for (int i = 0; i < reqs.length; i++) {
                                checkSent(st[i], 100 + i, "Testall of send " + i);
                            }
                        }
                        case 5 -> {
                            int done = 0;
                            while (done < reqs.length) {
                                Status st = Request.Testany(reqs);
                                if (st != null && st.index != MPI.UNDEFINED) {
                                    checkSent(st, 100 + st.index, "Testany");
                                    done++;
                                }
                                Status[] some = Request.Testsome(reqs);
                                for (Status x : some == null ? new Status[0] : some) {
                                    checkSent(x, 100 + x.index, "Testsome");
                                    done++;
                                }
                            }
                        }
                        default -> {
                            for (int i = 0; i < reqs.length; i++) {
                                if (i % 2 == 0) {
                                    reqs[i].Free();
                                    Expect.isTrue(reqs[i].Is_null(), "freed send " + i + " not null");
                                } else {
                                    reqs[i].Cancel();
                                    Status st = reqs[i].Wait();
                                    Expect.isTrue(!st.Test_cancelled(), "a send was cancelled");
                                }
                            }
                        }
                    }
                }
                // a non-contiguous datatype: packed by its plan straight into the transport where it can
                mpi.Datatype vec = mpi.Datatype.Vector(3, 1, 2, MPI.INT);
                vec.Commit();
                int[] strided = (int[]) Buffers.filled(MPI.INT, 12, 70);
                Status sv = w.Isend(strided, 1, 2, vec, 1, 99).Wait();
                checkSent(sv, 99, "Isend of a vector");
                w.Send(strided, 0, 2, vec, 1, 98);
                // blocking sends of the same sizes, standard and ready (the receiver posts all first, then says go)
                awaitGo(w, 1);
                for (int i = 0; i < sizes.length; i++) {
                    byte[] b = (byte[]) Buffers.filled(MPI.BYTE, sizes[i], 50 + i);
                    if (i % 2 == 0) {
                        w.Send(b, 0, sizes[i], MPI.BYTE, 1, 100 + i);
                    } else {
                        w.Rsend(b, 0, sizes[i], MPI.BYTE, 1, 100 + i);
                    }
                }
            } else if (me == 1) {
                for (int round = 0; round < 7; round++) {
                    for (int i = 0; i < sizes.length; i++) {
                        byte[] in = new byte[sizes[i] + 1];
                        Status st = w.Recv(in, 0, sizes[i] + 1, MPI.BYTE, 0, 100 + i);
                        Expect.equal(sizes[i], st.Get_count(MPI.BYTE), "round " + round + " message " + i + " size");
                        Buffers.check(MPI.BYTE, in, 0, sizes[i], 3 * round + i, "round " + round + " message " + i);
                    }
                }
                int[] got = new int[6];
                for (int tag = 99; tag >= 98; tag--) {
                    Status sv = w.Recv(got, 0, 6, MPI.INT, 0, tag);
                    Expect.equal(6, sv.Get_count(MPI.INT), "vector message size");
                    int from = tag == 99 ? 1 : 0; // elements from, from + 2, from + 4; the next item 5 elements on
                    for (int k = 0; k < 6; k++) {
                        int want = (Integer) Buffers.value(MPI.INT, 70 + from + (k / 3) * 5 + (k % 3) * 2);
                        Expect.equal(want, got[k], "vector element " + k + " (tag " + tag + ")");
                    }
                }
                byte[][] in = new byte[sizes.length][];
                Request[] recvs = new Request[sizes.length];
                for (int i = 0; i < sizes.length; i++) {
                    in[i] = new byte[sizes[i]];
                    recvs[i] = w.Irecv(in[i], 0, sizes[i], MPI.BYTE, 0, 100 + i);
                }
                go(w, 0);
                Status[] st = Request.Waitall(recvs);
                for (int i = 0; i < sizes.length; i++) {
                    Expect.equal(sizes[i], st[i].Get_count(MPI.BYTE), "blocking send " + i + " size");
                    Buffers.check(MPI.BYTE, in[i], 0, sizes[i], 50 + i, "blocking send " + i);
                }
            }
            MPI.Finalize();
        }

        private static void checkSent(Status st, int tag, String what) {
            Expect.equal(1, st.source, what + ": source (the destination)");
            Expect.equal(tag, st.tag, what + ": tag");
            Expect.isTrue(!st.Test_cancelled(), what + ": cancelled");
        }
    }

    /** Waitall over receives and sends, eager and rendezvous, in both directions at once. */
    public static class Waitall {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            int p = w.Size();
            int[] sizes = {0, 1, 5_000, 50_000};
            Request[] reqs = new Request[2 * sizes.length * (p - 1)];
            double[][] in = new double[reqs.length][];
            int k = 0;
            for (int peer = 0; peer < p; peer++) {
                if (peer == me) {
                    continue;
                }
                for (int j = 0; j < sizes.length; j++) {
                    in[k] = new double[sizes[j]];
                    reqs[k++] = w.Irecv(in[k - 1], 0, sizes[j], MPI.DOUBLE, peer, j);
                    reqs[k++] = w.Isend(Buffers.filled(MPI.DOUBLE, sizes[j], me * 100 + j), 0, sizes[j], MPI.DOUBLE,
                            peer, j);
                }
            }
            Status[] st = Request.Waitall(reqs);
            Expect.equal(reqs.length, st.length, "statuses");
            k = 0;
            for (int peer = 0; peer < p; peer++) {
                if (peer == me) {
                    continue;
                }
                for (int j = 0; j < sizes.length; j++) {
                    Expect.equal(peer, st[k].source, "Waitall status source");
                    Expect.equal(j, st[k].tag, "Waitall status tag");
                    Expect.equal(sizes[j], st[k].Get_count(MPI.DOUBLE), "Waitall count");
                    Buffers.check(MPI.DOUBLE, in[k], 0, sizes[j], peer * 100 + j, "Waitall data");
                    k += 2;
                }
            }
            for (Request r : reqs) {
                Expect.isTrue(r.Is_null(), "request not null after Waitall");
            }
            MPI.Finalize();
        }
    }

    /** Waitany and Testany report the completed request's index; Waitsome and Testsome the completed ones. */
    public static class AnyAndSome {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            if (me == 0) {
                int[] a = new int[1];
                int[] b = new int[1];
                int[] c = new int[1];
                Request[] reqs = {w.Irecv(a, 0, 1, MPI.INT, 1, 1), w.Irecv(b, 0, 1, MPI.INT, 2, 1),
                        w.Irecv(c, 0, 1, MPI.INT, 1, 2)};
                Expect.isTrue(Request.Testany(reqs) == null, "Testany with nothing arrived");
                Status[] none = Request.Testsome(reqs);
                Expect.isTrue(none != null && none.length == 0, "Testsome with nothing arrived");
                Expect.isTrue(Request.Testall(reqs) == null, "Testall with nothing arrived");
                go(w, 2);
                Status s = Request.Waitany(reqs);
                Expect.equal(1, s.index, "Waitany index");
                Expect.equal(2, s.source, "Waitany source");
                Expect.equal(22, b[0], "Waitany data");
                Expect.isTrue(reqs[1].Is_null(), "Waitany's request not null");
                Expect.isTrue(!reqs[0].Is_null() && !reqs[2].Is_null(), "other requests became null");
                Expect.isTrue(Request.Testany(reqs) == null, "Testany before rank 1 sent");
                go(w, 1);
                // rank 1 sends tag 2 first, waits for our go, then tag 1
                Status[] some = Request.Waitsome(reqs);
                Expect.equal(1, some.length, "Waitsome count");
                Expect.equal(2, some[0].index, "Waitsome index");
                Expect.equal(12, c[0], "Waitsome data");
                go(w, 1);
                Status t;
                while ((t = Request.Testany(reqs)) == null) {
                    Thread.onSpinWait();
                }
                Expect.equal(0, t.index, "Testany index");
                Expect.equal(11, a[0], "Testany data");
                // every request is now null
                Status[] allNull = Request.Waitsome(reqs);
                Expect.isTrue(allNull == null, "Waitsome over null requests is not null (MPI_UNDEFINED)");
                Expect.equal(MPI.UNDEFINED, Request.Waitany(reqs).index, "Waitany over null requests");

                // Testall / Testsome with two messages that arrive together
                int[] d = new int[1];
                int[] e = new int[1];
                Request[] two = {w.Irecv(d, 0, 1, MPI.INT, 1, 3), w.Irecv(e, 0, 1, MPI.INT, 2, 3)};
                go(w, 1);
                go(w, 2);
                Status[] all;
                while ((all = Request.Testall(two)) == null) {
                    Thread.onSpinWait();
                }
                Expect.equal(2, all.length, "Testall statuses");
                Expect.equal(1, all[0].source, "Testall source 0");
                Expect.equal(2, all[1].source, "Testall source 1");
                Expect.isTrue(two[0].Is_null() && two[1].Is_null(), "Testall left requests");
                Expect.equal(13, d[0], "Testall data");
                Expect.equal(23, e[0], "Testall data");

                int[] f = new int[1];
                int[] g = new int[1];
                Request[] more = {w.Irecv(f, 0, 1, MPI.INT, 1, 4), w.Irecv(g, 0, 1, MPI.INT, 2, 4)};
                go(w, 1);
                go(w, 2);
                int got = 0;
                while (got < 2) {
                    Status[] ss = Request.Testsome(more);
                    for (Status x : ss) {
                        Expect.equal(x.index + 1, x.source, "Testsome index and source");
                        got++;
                    }
                }
                Expect.equal(14, f[0], "Testsome data");
                Expect.equal(24, g[0], "Testsome data");
            } else if (me == 1) {
                awaitGo(w, 0);
                w.Send(new int[] {12}, 0, 1, MPI.INT, 0, 2);
                awaitGo(w, 0);
                w.Send(new int[] {11}, 0, 1, MPI.INT, 0, 1);
                awaitGo(w, 0);
                w.Send(new int[] {13}, 0, 1, MPI.INT, 0, 3);
                awaitGo(w, 0);
                w.Send(new int[] {14}, 0, 1, MPI.INT, 0, 4);
            } else if (me == 2) {
                awaitGo(w, 0);
                w.Send(new int[] {22}, 0, 1, MPI.INT, 0, 1);
                awaitGo(w, 0);
                w.Send(new int[] {23}, 0, 1, MPI.INT, 0, 3);
                awaitGo(w, 0);
                w.Send(new int[] {24}, 0, 1, MPI.INT, 0, 4);
            }
            MPI.Finalize();
        }
    }

    /** Persistent requests started many times, one by one and with Startall, small and large. */
    public static class Persistent {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            int other = 1 - me;
            for (int n : new int[] {8, 100_000}) {
                double[] out = new double[n];
                double[] in = new double[n];
                Prequest send = w.Send_init(out, 0, n, MPI.DOUBLE, other, 3);
                Prequest recv = w.Recv_init(in, 0, n, MPI.DOUBLE, other, 3);
                for (int round = 0; round < 6; round++) {
                    java.util.Arrays.fill(out, me * 1000 + round);
                    if (round % 2 == 0) {
                        recv.Start();
                        send.Start();
                        Status rs = recv.Wait();
                        send.Wait();
                        Expect.equal(other, rs.source, "persistent status source");
                        Expect.equal(n, rs.Get_count(MPI.DOUBLE), "persistent count");
                    } else {
                        Prequest.Startall(new Prequest[] {recv, send});
                        Request.Waitall(new Request[] {recv, send});
                    }
                    Expect.isTrue(!recv.Is_null(), "inactive persistent request is null");
                    Expect.isTrue(in[0] == other * 1000 + round && in[n - 1] == other * 1000 + round,
                            "round " + round + " of " + n + ": received " + in[0]);
                }
                // the other persistent send modes
                Prequest ss = w.Ssend_init(out, 0, n, MPI.DOUBLE, other, 4);
                Prequest bs = w.Bsend_init(out, 0, n, MPI.DOUBLE, other, 5);
                Prequest rr = w.Recv_init(in, 0, n, MPI.DOUBLE, other, MPI.ANY_TAG);
                MPI.Buffer_attach(new byte[3 * (8 * n + MPI.BSEND_OVERHEAD)]); // the peer may not have taken the previous one yet
                for (Prequest p : new Prequest[] {ss, bs}) {
                    for (int round = 0; round < 3; round++) {
                        rr.Start();
                        p.Start();
                        Status s = rr.Wait();
                        p.Wait();
                        Expect.equal(p == ss ? 4 : 5, s.tag, "persistent mode tag");
                    }
                }
                MPI.Buffer_detach();
                for (Prequest p : new Prequest[] {send, recv, ss, bs, rr}) {
                    p.Free();
                    Expect.isTrue(p.Is_null(), "freed persistent request is not null");
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Testsome and Waitsome over rendezvous sends that the receivers complete from their own threads while
     * the sender is collecting: every request is reported exactly once.
     */
    public static class SomeRacingCompletions {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            int p = w.Size();
            int n = 2_500; // 20 kB: rendezvous, completed by the receiver's thread
            double[] data = new double[n];
            for (int round = 0; round < 100; round++) {
                if (me == 0) {
                    Request[] reqs = new Request[16 * (p - 1)];
                    for (int i = 0; i < reqs.length; i++) {
                        reqs[i] = w.Isend(data, 0, n, MPI.DOUBLE, 1 + i % (p - 1), round);
                    }
                    boolean[] seen = new boolean[reqs.length];
                    int done = 0;
                    while (done < reqs.length) {
                        Status[] got = round % 2 == 0 ? Request.Testsome(reqs) : Request.Waitsome(reqs);
                        for (Status s : got) {
                            Expect.isTrue(!seen[s.index], "request " + s.index + " reported twice");
                            seen[s.index] = true;
                            done++;
                        }
                    }
                    Expect.isTrue(Request.Testsome(reqs) == null, "Testsome over null requests");
                } else {
                    double[] in = new double[n];
                    for (int i = 0; i < 16; i++) {
                        w.Recv(in, 0, n, MPI.DOUBLE, 0, round);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void testsomeAndWaitsomeWhileReceiversComplete() {
        MultiRank.runOk(4, SomeRacingCompletions.class, T);
    }

    @Test
    void sendsCompleteAtOnceThroughEveryWaitAndTest() {
        MultiRank.runOk(2, SendsCompleteAtOnce.class, T);
    }

    /** The same with every rank a JVM of its own: the shm and tcp transports take small messages at once too. */
    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"shm", "tcp"})
    void sendsCompleteAtOnceOnProcesses(String transport) {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        jmpi.launcher.JobSpec spec = new jmpi.launcher.JobSpec(2, java.util.List.of(), SendsCompleteAtOnce.class.getName(),
                java.util.List.of(), true, Duration.ofSeconds(120), Duration.ofSeconds(5));
        jmpi.launcher.JobResult r = new jmpi.launcher.ProcessJob(spec, transport)
                .jvmOptions(java.util.List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"))
                .output(System.out, new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8))
                .run();
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exitCode(), "over " + transport + ":\n" + r.describe()
                + err.toString(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void waitAndTest() {
        MultiRank.runOk(2, WaitAndTest.class, T);
    }

    @Test
    void waitall() {
        MultiRank.runOk(4, Waitall.class, T);
    }

    @Test
    void waitanyWaitsomeTestallTestanyTestsome() {
        MultiRank.runOk(3, AnyAndSome.class, T);
    }

    @Test
    void persistentRequestsReused() {
        MultiRank.runOk(2, Persistent.class, T);
    }
}
