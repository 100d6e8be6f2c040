package jmpi.conformance;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.Datatype;
import mpi.MPI;
import mpi.Request;
import mpi.Status;

/** Blocking point-to-point semantics: types, order, wildcards, empty and self messages, PROC_NULL, truncation, counts. */
@Timeout(180)
class PointToPointTest {
    private static final Duration T = Duration.ofSeconds(60);

    /**
     * Every basic type, from an offset into an offset, rank 0 to rank 1 and echoed back, with counts below
     * and above the eager limit; the elements around the received range stay untouched.
     */
    public static class TypesRoundTrip {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int rank = w.Rank();
            int[] counts = {0, 1, 5, 100, 100_000};
            for (Datatype type : Buffers.TYPES) {
                for (int count : counts) {
                    int objCount = type == MPI.OBJECT ? Math.min(count, 3_000) : count;
                    String what = type + " x " + objCount;
                    if (rank == 0) {
                        Object send = Buffers.filled(type, objCount + 6, 1000);
                        w.Send(send, 3, objCount, type, 1, 7);
                        Object back = Buffers.filled(type, objCount + 4, 50_000);
                        Status s = w.Recv(back, 1, objCount, type, 1, 8);
                        Expect.equal(objCount, s.Get_count(type), what + " echo count");
                        Expect.equal(1, s.source, what + " echo source");
                        Expect.equal(8, s.tag, what + " echo tag");
                        Buffers.check(type, back, 0, 1, 50_000, what + " echo guard before");
                        Buffers.check(type, back, 1, objCount, 1003, what + " echo data");
                        Buffers.check(type, back, objCount + 1, 3, 50_000 + objCount + 1, what + " echo guard after");
                        // the send buffer is unchanged by sending
                        Buffers.check(type, send, 0, objCount + 6, 1000, what + " send buffer");
                    } else if (rank == 1) {
                        Object recv = Buffers.filled(type, objCount + 5, 90_000);
                        Status s = w.Recv(recv, 2, objCount, type, 0, 7);
                        Expect.equal(objCount, s.Get_count(type), what + " count");
                        Expect.equal(0, s.source, what + " source");
                        Expect.equal(7, s.tag, what + " tag");
                        Buffers.check(type, recv, 0, 2, 90_000, what + " guard before");
                        Buffers.check(type, recv, 2, objCount, 1003, what + " data");
                        Buffers.check(type, recv, objCount + 2, 3, 90_000 + objCount + 2, what + " guard after");
                        w.Send(recv, 2, objCount, type, 0, 8);
                    }
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * Non-overtaking: rank 0 Isends 300 messages of mixed sizes (eager and rendezvous interleaved) on two
     * tags; rank 1 takes all of tag 6 first, then all of tag 5, each in send order.
     */
    public static class NonOvertaking {
        static final int N = 300;

        static int size(int i) {
            return switch (i % 4) {
                case 0 -> 30_000;    // 240 kB: rendezvous
                case 1 -> 2;
                case 2 -> 1_000;     // 8 kB: eager
                default -> 2_049;    // just above the eager limit
            };
        }

        static int tag(int i) {
            return i % 3 == 0 ? 6 : 5;
        }

        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            if (w.Rank() == 0) {
                Request[] reqs = new Request[N];
                for (int i = 0; i < N; i++) {
                    double[] d = new double[size(i)];
                    d[0] = i;
                    d[d.length - 1] = -i;
                    reqs[i] = w.Isend(d, 0, d.length, MPI.DOUBLE, 1, tag(i));
                }
                Request.Waitall(reqs);
            } else if (w.Rank() == 1) {
                double[] buf = new double[30_000];
                for (int t : new int[] {6, 5}) {
                    for (int i = 0; i < N; i++) {
                        if (tag(i) != t) {
                            continue;
                        }
                        Status s = w.Recv(buf, 0, buf.length, MPI.DOUBLE, 0, t);
                        Expect.equal(i, (long) buf[0], "tag " + t + ": sequence");
                        Expect.equal(size(i), s.Get_count(MPI.DOUBLE), "tag " + t + " message " + i + ": count");
                        Expect.equal(-i, (long) buf[size(i) - 1], "tag " + t + " message " + i + ": last element");
                    }
                }
            }
            MPI.Finalize();
        }
    }

    /** ANY_SOURCE and ANY_TAG: the status names the real sender and tag. */
    public static class Wildcards {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int rank = w.Rank();
            int size = w.Size();
            if (rank == 0) {
                int[] next = new int[size];
                int[] buf = new int[2];
                for (int k = 0; k < 3 * (size - 1); k++) {
                    Status s = w.Recv(buf, 0, 2, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    Expect.equal(buf[0], s.source, "status.source");
                    Expect.equal(buf[1], s.tag, "status.tag");
                    Expect.equal(100 * next[s.source]++ + s.source, s.tag, "order of messages from " + s.source);
                }
                w.Barrier();
                // ANY_SOURCE with a given tag, then a given source with ANY_TAG
                for (int k = 1; k < size; k++) {
                    Status s = w.Recv(buf, 0, 2, MPI.INT, MPI.ANY_SOURCE, 1000 + k);
                    Expect.equal(k, s.source, "ANY_SOURCE with tag " + (1000 + k));
                    Expect.equal(1000 + k, s.tag, "tag");
                }
                for (int k = size - 1; k >= 1; k--) {
                    Status s = w.Recv(buf, 0, 2, MPI.INT, k, MPI.ANY_TAG);
                    Expect.equal(k, s.source, "source with ANY_TAG");
                    Expect.equal(2000 + k, s.tag, "ANY_TAG from " + k);
                    Expect.equal(2000 + k, buf[1], "payload from " + k);
                }
            } else {
                for (int m = 0; m < 3; m++) {
                    w.Send(new int[] {rank, 100 * m + rank}, 0, 2, MPI.INT, 0, 100 * m + rank);
                }
                w.Barrier();
                w.Send(new int[] {rank, 1000 + rank}, 0, 2, MPI.INT, 0, 1000 + rank);
                w.Send(new int[] {rank, 2000 + rank}, 0, 2, MPI.INT, 0, 2000 + rank);
            }
            MPI.Finalize();
        }
    }

    /** Zero-length messages (with and without a buffer) carry their envelope and a count of 0. */
    public static class ZeroLength {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            if (w.Rank() == 0) {
                w.Send(new double[0], 0, 0, MPI.DOUBLE, 1, 3);
                w.Send(null, 0, 0, MPI.INT, 1, 4);
                w.Send(new long[5], 5, 0, MPI.LONG, 1, 5);
            } else if (w.Rank() == 1) {
                double[] d = {42.0};
                Status s = w.Recv(d, 0, 1, MPI.DOUBLE, 0, 3);
                Expect.equal(0, s.Get_count(MPI.DOUBLE), "count");
                Expect.equal(3, s.tag, "tag");
                Expect.equal(0, s.source, "source");
                Expect.isTrue(d[0] == 42.0, "zero-length message wrote the buffer");
                s = w.Recv(null, 0, 0, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                Expect.equal(0, s.Get_count(MPI.INT), "count (null buffer)");
                Expect.equal(4, s.tag, "tag");
                s = w.Recv(new long[1], 1, 0, MPI.LONG, 0, 5);
                Expect.equal(0, s.Get_count(MPI.LONG), "count (offset at the end)");
            }
            MPI.Finalize();
        }
    }

    /** A rank sends to itself: Isend then Recv (eager and rendezvous), and Sendrecv to self. */
    public static class SendToSelf {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            for (int n : new int[] {10, 100_000}) {
                double[] out = (double[]) Buffers.filled(MPI.DOUBLE, n, me);
                double[] in = new double[n];
                Request r = w.Isend(out, 0, n, MPI.DOUBLE, me, 9);
                Status s = w.Recv(in, 0, n, MPI.DOUBLE, me, 9);
                r.Wait();
                Expect.equal(me, s.source, "self source");
                Expect.equal(n, s.Get_count(MPI.DOUBLE), "self count");
                Buffers.check(MPI.DOUBLE, in, 0, n, me, "self Isend/Recv of " + n);

                double[] in2 = new double[n];
                s = w.Sendrecv(out, 0, n, MPI.DOUBLE, me, 11, in2, 0, n, MPI.DOUBLE, me, 11);
                Expect.equal(me, s.source, "Sendrecv self source");
                Expect.equal(11, s.tag, "Sendrecv self tag");
                Buffers.check(MPI.DOUBLE, in2, 0, n, me, "self Sendrecv of " + n);
            }
            // also on COMM_SELF
            int[] a = {5, 6, 7};
            int[] b = new int[3];
            Status s = MPI.COMM_SELF.Sendrecv(a, 0, 3, MPI.INT, 0, 1, b, 0, 3, MPI.INT, 0, 1);
            Expect.equal(0, s.source, "COMM_SELF source");
            Expect.equal(7, b[2], "COMM_SELF data");
            MPI.Finalize();
        }
    }

    /** PROC_NULL: a send does nothing; a receive completes at once with source PROC_NULL and count 0. */
    public static class ProcNull {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int[] buf = {1, 2, 3};
            w.Send(buf, 0, 3, MPI.INT, MPI.PROC_NULL, 1);
            w.Ssend(buf, 0, 3, MPI.INT, MPI.PROC_NULL, 1);
            w.Isend(buf, 0, 3, MPI.INT, MPI.PROC_NULL, 1).Wait();
            Status s = w.Recv(buf, 0, 3, MPI.INT, MPI.PROC_NULL, 1);
            Expect.equal(MPI.PROC_NULL, s.source, "Recv PROC_NULL source");
            Expect.equal(MPI.ANY_TAG, s.tag, "Recv PROC_NULL tag");
            Expect.equal(0, s.Get_count(MPI.INT), "Recv PROC_NULL count");
            Expect.equal(1, buf[0], "buffer untouched");
            s = w.Irecv(buf, 0, 3, MPI.INT, MPI.PROC_NULL, MPI.ANY_TAG).Wait();
            Expect.equal(MPI.PROC_NULL, s.source, "Irecv PROC_NULL source");
            Expect.equal(0, s.Get_count(MPI.INT), "Irecv PROC_NULL count");
            // a ring with PROC_NULL at the ends (a line)
            int me = w.Rank();
            int right = me + 1 < w.Size() ? me + 1 : MPI.PROC_NULL;
            int left = me > 0 ? me - 1 : MPI.PROC_NULL;
            int[] in = {-1};
            s = w.Sendrecv(new int[] {me}, 0, 1, MPI.INT, right, 4, in, 0, 1, MPI.INT, left, 4);
            Expect.equal(left, s.source, "line source");
            Expect.equal(me == 0 ? -1 : me - 1, in[0], "line data");
            Expect.equal(me == 0 ? 0 : 1, s.Get_count(MPI.INT), "line count");
            MPI.Finalize();
        }
    }

    /** A message longer than the receive: ERR_TRUNCATE, and nothing written past the receive count. */
    public static class Truncation {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            if (w.Rank() == 0) {
                w.Send(new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, 0, 10, MPI.INT, 1, 1);
                double[] big = (double[]) Buffers.filled(MPI.DOUBLE, 100_000, 0);
                w.Send(big, 0, 100_000, MPI.DOUBLE, 1, 2);
                w.Send(big, 0, 100_000, MPI.DOUBLE, 1, 3);
                w.Send(new int[] {1, 2, 3}, 0, 3, MPI.INT, 1, 4);
            } else if (w.Rank() == 1) {
                int[] small = {-1, -1, -1, -1, -1, -1, -1, -1};
                Expect.error(MPI.ERR_TRUNCATE, "eager Recv of 10 ints into 5",
                        () -> w.Recv(small, 1, 5, MPI.INT, 0, 1));
                Expect.equal(-1, small[0], "element before the receive");
                for (int i = 1; i <= 5; i++) {
                    Expect.equal(i, small[i], "received element " + i);
                }
                Expect.equal(-1, small[6], "element after the receive count");
                Expect.equal(-1, small[7], "last element");

                double[] half = new double[60_000];
                java.util.Arrays.fill(half, -7.0);
                Expect.error(MPI.ERR_TRUNCATE, "rendezvous Recv of 100000 doubles into 50000",
                        () -> w.Recv(half, 0, 50_000, MPI.DOUBLE, 0, 2));
                Buffers.check(MPI.DOUBLE, half, 0, 50_000, 0, "truncated rendezvous data");
                for (int i = 50_000; i < half.length; i++) {
                    Expect.isTrue(half[i] == -7.0, "element " + i + " past the receive count written");
                }

                java.util.Arrays.fill(half, -7.0);
                Request r = w.Irecv(half, 0, 10, MPI.DOUBLE, 0, 3);
                Expect.error(MPI.ERR_TRUNCATE, "Irecv + Wait truncated", r::Wait);
                Expect.isTrue(half[10] == -7.0, "Irecv wrote past its count");
                // communication goes on normally afterwards
                int[] ok = new int[3];
                Status s = w.Recv(ok, 0, 3, MPI.INT, 0, 4);
                Expect.equal(3, s.Get_count(MPI.INT), "count after truncation");
                Expect.equal(3, ok[2], "data after truncation");
            }
            MPI.Finalize();
        }
    }

    /** Status.Get_count with the message's type and with others (16 bytes are 2 longs; 12 bytes no whole long). */
    public static class GetCount {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            if (w.Rank() == 0) {
                w.Send(new byte[16], 0, 16, MPI.BYTE, 1, 1);
                w.Send(new byte[12], 0, 12, MPI.BYTE, 1, 2);
                w.Send(new double[3], 0, 3, MPI.DOUBLE, 1, 3);
            } else if (w.Rank() == 1) {
                Status s = w.Recv(new byte[16], 0, 16, MPI.BYTE, 0, 1);
                Expect.equal(16, s.Get_count(MPI.BYTE), "bytes");
                Expect.equal(2, s.Get_count(MPI.LONG), "16 bytes as longs");
                Expect.equal(4, s.Get_count(MPI.INT), "16 bytes as ints");
                Expect.equal(8, s.Get_count(MPI.CHAR), "16 bytes as chars");
                Expect.equal(2, s.Get_elements(MPI.DOUBLE), "Get_elements as doubles");
                s = w.Recv(new byte[16], 0, 16, MPI.BYTE, 0, 2);
                Expect.equal(12, s.Get_count(MPI.BYTE), "12 bytes");
                Expect.equal(MPI.UNDEFINED, s.Get_count(MPI.LONG), "12 bytes as longs");
                Expect.equal(3, s.Get_count(MPI.INT), "12 bytes as ints");
                s = w.Probe(0, 3);
                Expect.equal(3, s.Get_count(MPI.DOUBLE), "probed doubles");
                Expect.equal(24, s.Get_count(MPI.BYTE), "probed doubles as bytes");
                s = w.Recv(new double[4], 0, 4, MPI.DOUBLE, 0, 3);
                Expect.equal(3, s.Get_count(MPI.DOUBLE), "doubles");
                Expect.equal(6, s.Get_count(MPI.FLOAT), "doubles as floats");
            }
            MPI.Finalize();
        }
    }

    /** Sendrecv and Sendrecv_replace round a ring, small and large. */
    public static class SendrecvRing {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            int p = w.Size();
            int right = (me + 1) % p;
            int left = (me - 1 + p) % p;
            for (int n : new int[] {1, 1000, 100_000}) {
                long[] out = (long[]) Buffers.filled(MPI.LONG, n, me * 1_000_000L);
                long[] in = new long[n + 2];
                Status s = w.Sendrecv(out, 0, n, MPI.LONG, right, 1, in, 1, n, MPI.LONG, left, 1);
                Expect.equal(left, s.source, "Sendrecv source");
                Expect.equal(n, s.Get_count(MPI.LONG), "Sendrecv count");
                Buffers.check(MPI.LONG, in, 1, n, left * 1_000_000L, "Sendrecv data of " + n);
                Expect.equal(0, in[0], "Sendrecv guard");
                Expect.equal(0, in[n + 1], "Sendrecv guard");

                // pass a buffer all the way round with Sendrecv_replace: it comes back as it left
                int[] buf = new int[n + 2];
                int[] mine = (int[]) Buffers.filled(MPI.INT, n, me);
                System.arraycopy(mine, 0, buf, 1, n);
                for (int step = 1; step <= p; step++) {
                    s = w.Sendrecv_replace(buf, 1, n, MPI.INT, right, 2, left, 2);
                    Expect.equal(left, s.source, "Sendrecv_replace source");
                    Expect.equal(n, s.Get_count(MPI.INT), "Sendrecv_replace count");
                    Buffers.check(MPI.INT, buf, 1, n, ((me - step) % p + p) % p, "Sendrecv_replace step " + step);
                }
                Expect.equal(0, buf[0], "Sendrecv_replace guard");
                Expect.equal(0, buf[n + 1], "Sendrecv_replace guard");
            }
            MPI.Finalize();
        }
    }

    @Test
    void everyBasicTypeRoundTripsWithOffsets() {
        MultiRank.runOk(2, TypesRoundTrip.class, T);
    }

    @Test
    void messagesDoNotOvertakePerSourceAndTag() {
        MultiRank.runOk(2, NonOvertaking.class, T);
    }

    @Test
    void wildcardsReportTheRealSourceAndTag() {
        MultiRank.runOk(4, Wildcards.class, T);
    }

    @Test
    void zeroLengthMessages() {
        MultiRank.runOk(2, ZeroLength.class, T);
    }

    @Test
    void sendToSelf() {
        MultiRank.runOk(2, SendToSelf.class, T);
    }

    @Test
    void procNull() {
        MultiRank.runOk(3, ProcNull.class, T);
    }

    @Test
    void truncationReportsErrTruncateAndWritesNothingPastTheCount() {
        MultiRank.runOk(2, Truncation.class, T);
    }

    @Test
    void getCountInOtherTypes() {
        MultiRank.runOk(2, GetCount.class, T);
    }

    @Test
    void sendrecvAndReplaceOnARing() {
        MultiRank.runOk(4, SendrecvRing.class, T);
    }
}
