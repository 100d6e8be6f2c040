package jmpi.conformance;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/** Probe, Iprobe and Cancel. */
@Timeout(120)
class ProbeCancelTest {
    private static final Duration T = Duration.ofSeconds(60);

    /**
     * Iprobe is null while nothing matching has arrived; Probe/Iprobe describe a message without taking
     * it (the same one twice), and Get_count sizes the receive.
     */
    public static class ProbeThenRecv {
        static final int[] SIZES = {0, 17, 2_048, 2_049, 100_000};

        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            if (me == 0) {
                Expect.isTrue(w.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "Iprobe with nothing sent");
                w.Send(new int[0], 0, 0, MPI.INT, 1, 99);
                w.Send(new int[0], 0, 0, MPI.INT, 2, 99);
                // rank 1 sends on tags 10.., rank 2 on tags 20..
                for (int k = 0; k < 2 * SIZES.length; k++) {
                    Status p = w.Probe(MPI.ANY_SOURCE, MPI.ANY_TAG);
                    Status again = w.Iprobe(p.source, p.tag);
                    Expect.isTrue(again != null, "Iprobe after Probe found nothing");
                    Expect.equal(p.Get_count(MPI.DOUBLE), again.Get_count(MPI.DOUBLE), "Iprobe and Probe count");
                    int n = p.Get_count(MPI.DOUBLE);
                    Expect.equal(SIZES[p.tag % 10], n, "probed count of tag " + p.tag);
                    double[] buf = new double[n];
                    Status s = w.Recv(buf, 0, n, MPI.DOUBLE, p.source, p.tag);
                    Expect.equal(p.source, s.source, "source");
                    Expect.equal(p.tag, s.tag, "tag");
                    Expect.equal(p.source * 10, p.tag - p.tag % 10, "tag belongs to the source");
                    Buffers.check(MPI.DOUBLE, buf, 0, n, p.tag, "probed message data");
                }
                Expect.isTrue(w.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "Iprobe after everything was received");
                // Iprobe in a loop until a message comes
                w.Send(new int[0], 0, 0, MPI.INT, 1, 98);
                Status p;
                while ((p = w.Iprobe(1, 77)) == null) {
                    Thread.onSpinWait();
                }
                Expect.equal(3, p.Get_count(MPI.INT), "Iprobe count");
                Expect.equal(1, p.source, "Iprobe source");
                int[] three = new int[3];
                w.Recv(three, 0, 3, MPI.INT, 1, 77);
                Expect.equal(9, three[2], "data after Iprobe");
                // PROC_NULL probes answer at once
                Status pn = w.Probe(MPI.PROC_NULL, MPI.ANY_TAG);
                Expect.equal(MPI.PROC_NULL, pn.source, "Probe PROC_NULL source");
                Expect.equal(0, pn.Get_count(MPI.INT), "Probe PROC_NULL count");
            } else {
                w.Recv(new int[0], 0, 0, MPI.INT, 0, 99);
                for (int j = 0; j < SIZES.length; j++) {
                    int tag = me * 10 + j;
                    w.Send(Buffers.filled(MPI.DOUBLE, SIZES[j], tag), 0, SIZES[j], MPI.DOUBLE, 0, tag);
                }
                if (me == 1) {
                    w.Recv(new int[0], 0, 0, MPI.INT, 0, 98);
                    w.Send(new int[] {7, 8, 9}, 0, 3, MPI.INT, 0, 77);
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Cancel of a receive nobody sent to yet: Test_cancelled is true and the request becomes null; the
     * message sent afterwards goes to the next receive. A receive that already completed is not cancelled.
     */
    public static class CancelUnmatchedReceive {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            if (w.Rank() == 0) {
                for (int n : new int[] {4, 100_000}) {
                    int[] victim = new int[n];
                    Request r = w.Irecv(victim, 0, n, MPI.INT, 1, 7);
                    Request any = w.Irecv(new int[n], 0, n, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    r.Cancel();
                    any.Cancel();
                    Status s = r.Wait();
                    Expect.isTrue(s.Test_cancelled(), "cancelled receive: Test_cancelled false");
                    Expect.isTrue(r.Is_null(), "cancelled receive not null after Wait");
                    Expect.isTrue(any.Wait().Test_cancelled(), "cancelled wildcard receive");
                    w.Send(new int[0], 0, 0, MPI.INT, 1, 99);
                    int[] real = new int[n];
                    Status got = w.Recv(real, 0, n, MPI.INT, 1, 7);
                    Expect.isTrue(!got.Test_cancelled(), "real receive says cancelled");
                    Expect.equal(n, got.Get_count(MPI.INT), "count");
                    Buffers.check(MPI.INT, real, 0, n, 40, "message after the cancel");
                    Expect.equal(0, victim[n - 1], "cancelled receive buffer written");

                    // cancelling a completed receive changes nothing
                    int[] one = new int[n];
                    Request done = w.Irecv(one, 0, n, MPI.INT, 1, 8);
                    w.Send(new int[0], 0, 0, MPI.INT, 1, 99);
                    while (w.Iprobe(1, 9) == null) {
                        Thread.onSpinWait(); // rank 1 tells on tag 9 that its tag-8 send completed
                    }
                    w.Recv(new int[0], 0, 0, MPI.INT, 1, 9);
                    done.Cancel();
                    Status ds = done.Wait();
                    Expect.isTrue(!ds.Test_cancelled(), "completed receive reported cancelled");
                    Buffers.check(MPI.INT, one, 0, n, 80, "completed receive data");
                }
            } else if (w.Rank() == 1) {
                for (int n : new int[] {4, 100_000}) {
                    w.Recv(new int[0], 0, 0, MPI.INT, 0, 99);
                    w.Send(Buffers.filled(MPI.INT, n, 40), 0, n, MPI.INT, 0, 7);
                    w.Recv(new int[0], 0, 0, MPI.INT, 0, 99);
                    w.Ssend(Buffers.filled(MPI.INT, n, 80), 0, n, MPI.INT, 0, 8);
                    w.Send(new int[0], 0, 0, MPI.INT, 0, 9);
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void probeAndIprobe() {
        MultiRank.runOk(3, ProbeThenRecv.class, T);
    }

    @Test
    void cancelOfAnUnmatchedReceive() {
        MultiRank.runOk(2, CancelUnmatchedReceive.class, T);
    }
}
