package jmpi.conformance;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/** Send modes: synchronous, buffered (with the attached buffer's accounting), ready. */
@Timeout(120)
class ModesTest {
    private static final Duration T = Duration.ofSeconds(60);

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Ssend returns only once the receive has started: the receiver sleeps 300 ms before posting. */
    public static class SsendWaitsForTheReceive {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            for (int n : new int[] {4, 100_000}) {
                w.Barrier();
                if (w.Rank() == 0) {
                    double[] d = (double[]) Buffers.filled(MPI.DOUBLE, n, 5);
                    long t0 = System.nanoTime();
                    w.Ssend(d, 0, n, MPI.DOUBLE, 1, 1);
                    long ms = (System.nanoTime() - t0) / 1_000_000;
                    Expect.isTrue(ms >= 250, "Ssend of " + n + " doubles returned after " + ms
                            + " ms, before the receive was posted (300 ms)");
                } else if (w.Rank() == 1) {
                    sleep(300);
                    double[] d = new double[n];
                    w.Recv(d, 0, n, MPI.DOUBLE, 0, 1);
                    Buffers.check(MPI.DOUBLE, d, 0, n, 5, "Ssend data");
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Issend's Test() stays null while the message waits at the receiver unmatched (the receiver first
     * takes a go message on another tag), and completes once the receive is posted.
     */
    public static class IssendTestsNullUntilMatched {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            for (int n : new int[] {4, 100_000}) {
                if (w.Rank() == 0) {
                    int[] data = (int[]) Buffers.filled(MPI.INT, n, 1);
                    Request r = w.Issend(data, 0, n, MPI.INT, 1, 1);
                    for (int i = 0; i < 20; i++) {
                        Expect.isTrue(r.Test() == null, "Issend of " + n + " completed before the receive was posted");
                        sleep(5);
                    }
                    Expect.isTrue(!r.Is_null(), "pending Issend is null");
                    w.Send(new int[0], 0, 0, MPI.INT, 1, 99);
                    Status s = r.Wait();
                    Expect.isTrue(r.Is_null(), "completed Issend is not null");
                    Expect.isTrue(!s.Test_cancelled(), "send cancelled");
                } else if (w.Rank() == 1) {
                    w.Recv(new int[0], 0, 0, MPI.INT, 0, 99);
                    int[] in = new int[n];
                    w.Recv(in, 0, n, MPI.INT, 0, 1);
                    Buffers.check(MPI.INT, in, 0, n, 1, "Issend data");
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Bsend with an attached buffer: returns before the receive is posted; an exactly fitting buffer
     * works, its space is reusable once the message was received, and detach returns the array after
     * the buffered messages were delivered.
     */
    public static class BsendWithBuffer {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            if (w.Rank() == 0) {
                byte[] space = new byte[100 * 4 + MPI.BSEND_OVERHEAD];
                MPI.Buffer_attach(space);
                int[] data = (int[]) Buffers.filled(MPI.INT, 100, 3);
                long t0 = System.nanoTime();
                w.Bsend(data, 0, 100, MPI.INT, 1, 1);
                long ms = (System.nanoTime() - t0) / 1_000_000;
                Expect.isTrue(ms < 200, "Bsend waited " + ms + " ms for the receiver");
                java.util.Arrays.fill(data, 0); // the message was buffered: reusing the array changes nothing
                w.Recv(new int[0], 0, 0, MPI.INT, 1, 2); // the receiver has taken message 1
                w.Bsend((int[]) Buffers.filled(MPI.INT, 100, 4), 0, 100, MPI.INT, 1, 3); // space released: fits again
                t0 = System.nanoTime();
                byte[] back = MPI.Buffer_detach();
                ms = (System.nanoTime() - t0) / 1_000_000;
                Expect.isTrue(back == space, "Buffer_detach did not return the attached array");
                Expect.isTrue(ms >= 150, "Buffer_detach returned after " + ms + " ms, before the buffered message was received");

                // large buffered sends (well past the eager limit), and Ibsend
                byte[] big = new byte[2 * (800_000 + MPI.BSEND_OVERHEAD)];
                MPI.Buffer_attach(big);
                double[] d = (double[]) Buffers.filled(MPI.DOUBLE, 100_000, 7);
                w.Bsend(d, 0, 100_000, MPI.DOUBLE, 1, 4);
                Request r = w.Ibsend(d, 0, 100_000, MPI.DOUBLE, 1, 5);
                r.Wait();
                java.util.Arrays.fill(d, 0.0);
                Expect.isTrue(MPI.Buffer_detach() == big, "second detach");
            } else if (w.Rank() == 1) {
                sleep(300);
                int[] in = new int[100];
                w.Recv(in, 0, 100, MPI.INT, 0, 1);
                Buffers.check(MPI.INT, in, 0, 100, 3, "Bsend data");
                w.Send(new int[0], 0, 0, MPI.INT, 0, 2);
                sleep(300);
                w.Recv(in, 0, 100, MPI.INT, 0, 3);
                Buffers.check(MPI.INT, in, 0, 100, 4, "second Bsend data");
                double[] d = new double[100_000];
                sleep(100);
                w.Recv(d, 0, 100_000, MPI.DOUBLE, 0, 4);
                Buffers.check(MPI.DOUBLE, d, 0, 100_000, 7, "large Bsend data");
                java.util.Arrays.fill(d, 0.0);
                w.Recv(d, 0, 100_000, MPI.DOUBLE, 0, 5);
                Buffers.check(MPI.DOUBLE, d, 0, 100_000, 7, "Ibsend data");
            }
            MPI.Finalize();
        }
    }

    /** Bsend fails with ERR_BUFFER without a buffer, and with one a byte too small. */
    public static class BsendErrors {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            if (w.Rank() == 0) {
                int[] data = new int[100];
                Expect.error(MPI.ERR_BUFFER, "Bsend without a buffer", () -> w.Bsend(data, 0, 100, MPI.INT, 1, 1));
                Expect.error(MPI.ERR_BUFFER, "Ibsend without a buffer", () -> w.Ibsend(data, 0, 100, MPI.INT, 1, 1));
                MPI.Buffer_attach(new byte[100 * 4 + MPI.BSEND_OVERHEAD - 1]);
                Expect.error(MPI.ERR_BUFFER, "Bsend into a buffer one byte short",
                        () -> w.Bsend(data, 0, 100, MPI.INT, 1, 1));
                w.Bsend(data, 0, 99, MPI.INT, 1, 2); // one element less fits
                Expect.error(MPI.ERR_BUFFER, "second attach", () -> MPI.Buffer_attach(new byte[10]));
                MPI.Buffer_detach();
                Expect.error(MPI.ERR_BUFFER, "Bsend after detach", () -> w.Bsend(data, 0, 1, MPI.INT, 1, 1));
            } else if (w.Rank() == 1) {
                Status s = w.Recv(new int[100], 0, 100, MPI.INT, 0, MPI.ANY_TAG);
                Expect.equal(2, s.tag, "only the fitting Bsend arrived");
                Expect.equal(99, s.Get_count(MPI.INT), "count");
            }
            MPI.Finalize();
        }
    }

    /** Rsend (and Irsend) once the receiver said its receive is posted. */
    public static class RsendWithPostedReceive {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            for (int n : new int[] {10, 100_000}) {
                if (w.Rank() == 1) {
                    long[] a = new long[n];
                    long[] b = new long[n];
                    Request ra = w.Irecv(a, 0, n, MPI.LONG, 0, 1);
                    Request rb = w.Irecv(b, 0, n, MPI.LONG, 0, 2);
                    w.Send(new int[0], 0, 0, MPI.INT, 0, 0);
                    Request.Waitall(new Request[] {ra, rb});
                    Buffers.check(MPI.LONG, a, 0, n, 11, "Rsend data");
                    Buffers.check(MPI.LONG, b, 0, n, 12, "Irsend data");
                } else if (w.Rank() == 0) {
                    w.Recv(new int[0], 0, 0, MPI.INT, 1, 0);
                    w.Rsend(Buffers.filled(MPI.LONG, n, 11), 0, n, MPI.LONG, 1, 1);
                    w.Irsend(Buffers.filled(MPI.LONG, n, 12), 0, n, MPI.LONG, 1, 2).Wait();
                }
            }
            MPI.Finalize();
        }
    }

    /** A probe does not start the receive: an Issend probed at the receiver is still pending until received. */
    public static class ProbeDoesNotCompleteIssend {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            for (int n : new int[] {4, 100_000}) {
                if (w.Rank() == 0) {
                    Request r = w.Issend(new int[n], 0, n, MPI.INT, 1, 1);
                    w.Recv(new int[0], 0, 0, MPI.INT, 1, 98); // rank 1 has probed the message
                    Expect.isTrue(r.Test() == null, "Issend of " + n + " completed by a Probe");
                    w.Send(new int[0], 0, 0, MPI.INT, 1, 99);
                    r.Wait();
                } else if (w.Rank() == 1) {
                    Status p = w.Probe(0, 1);
                    Expect.equal(n, p.Get_count(MPI.INT), "probed count");
                    Expect.isTrue(w.Iprobe(0, 1) != null, "Iprobe after Probe");
                    w.Send(new int[0], 0, 0, MPI.INT, 0, 98);
                    w.Recv(new int[0], 0, 0, MPI.INT, 0, 99);
                    w.Recv(new int[n], 0, n, MPI.INT, 0, 1);
                }
            }
            MPI.Finalize();
        }
    }

    @Test
    void probeDoesNotCompleteAnIssend() {
        MultiRank.runOk(2, ProbeDoesNotCompleteIssend.class, T);
    }

    @Test
    void ssendCompletesOnlyOnceTheReceiveStarted() {
        MultiRank.runOk(2, SsendWaitsForTheReceive.class, T);
    }

    @Test
    void issendTestIsNullUntilMatched() {
        MultiRank.runOk(2, IssendTestsNullUntilMatched.class, T);
    }

    @Test
    void bsendWithAttachedBuffer() {
        MultiRank.runOk(2, BsendWithBuffer.class, T);
    }

    @Test
    void bsendErrors() {
        MultiRank.runOk(2, BsendErrors.class, T);
    }

    @Test
    void rsendWithPostedReceive() {
        MultiRank.runOk(2, RsendWithPostedReceive.class, T);
    }
}
