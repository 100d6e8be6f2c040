package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Prequest;
import mpi.Request;
import mpi.Status;

/** Each bad argument gives its MPI error class under ERRORS_RETURN; under ERRORS_ARE_FATAL it ends the job. */
@Timeout(120)
class BadInputTest {
    private static final Duration T = Duration.ofSeconds(30);

    /** One bad call per case (args[0]), on 2 ranks, with ERRORS_RETURN on COMM_WORLD. */
    public static class Bad {
        public static void main(String[] args) {
            String[] own = MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            int me = w.Rank();
            int[] buf = new int[10];
            switch (own[0]) {
                case "dest" -> {
                    Expect.error(MPI.ERR_RANK, "Send to rank 2 of 2", () -> w.Send(buf, 0, 1, MPI.INT, 2, 0));
                    Expect.error(MPI.ERR_RANK, "Send to rank -4", () -> w.Send(buf, 0, 1, MPI.INT, -4, 0));
                    Expect.error(MPI.ERR_RANK, "Send to ANY_SOURCE", () -> w.Send(buf, 0, 1, MPI.INT, MPI.ANY_SOURCE, 0));
                    Expect.error(MPI.ERR_RANK, "Isend to rank 99", () -> w.Isend(buf, 0, 1, MPI.INT, 99, 0));
                    Expect.error(MPI.ERR_RANK, "Send_init to rank 2", () -> w.Send_init(buf, 0, 1, MPI.INT, 2, 0));
                }
                case "source" -> {
                    Expect.error(MPI.ERR_RANK, "Recv from rank 2 of 2", () -> w.Recv(buf, 0, 1, MPI.INT, 2, 0));
                    Expect.error(MPI.ERR_RANK, "Recv from rank -4", () -> w.Recv(buf, 0, 1, MPI.INT, -4, 0));
                    Expect.error(MPI.ERR_RANK, "Irecv from rank 7", () -> w.Irecv(buf, 0, 1, MPI.INT, 7, 0));
                    Expect.error(MPI.ERR_RANK, "Probe of rank 7", () -> w.Probe(7, 0));
                    Expect.error(MPI.ERR_RANK, "Iprobe of rank -4", () -> w.Iprobe(-4, 0));
                    Expect.error(MPI.ERR_RANK, "Recv_init from rank 2", () -> w.Recv_init(buf, 0, 1, MPI.INT, 2, 0));
                }
                case "count" -> {
                    Expect.error(MPI.ERR_COUNT, "Send count -1", () -> w.Send(buf, 0, -1, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_COUNT, "Recv count -1", () -> w.Recv(buf, 0, -1, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_COUNT, "Isend count -5", () -> w.Isend(buf, 0, -5, MPI.INT, 1 - me, 0));
                }
                case "bounds" -> {
                    Expect.error(MPI.ERR_BUFFER, "offset past the array", () -> w.Send(buf, 11, 0, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_BUFFER, "count past the end", () -> w.Send(buf, 8, 3, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_BUFFER, "count past the end (Recv)", () -> w.Recv(buf, 0, 11, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_BUFFER, "negative offset", () -> w.Send(buf, -1, 1, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_BUFFER, "offset + count overflowing int",
                            () -> w.Send(buf, Integer.MAX_VALUE, 2, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_BUFFER, "Sendrecv_replace past the end",
                            () -> w.Sendrecv_replace(buf, 5, 6, MPI.INT, 1 - me, 0, 1 - me, 0));
                }
                case "null" -> {
                    Expect.error(MPI.ERR_BUFFER, "Send of a null buffer", () -> w.Send(null, 0, 1, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_BUFFER, "Recv into a null buffer", () -> w.Recv(null, 0, 1, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_BUFFER, "Irecv into a null buffer", () -> w.Irecv(null, 0, 3, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_TYPE, "null datatype", () -> w.Send(buf, 0, 1, null, 1 - me, 0));
                    Expect.error(MPI.ERR_ARG, "null error handler", () -> w.Errhandler_set(null));
                }
                case "type" -> {
                    Expect.error(MPI.ERR_TYPE, "double[] with MPI.INT", () -> w.Send(new double[4], 0, 1, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_TYPE, "int[] with MPI.OBJECT", () -> w.Send(buf, 0, 1, MPI.OBJECT, 1 - me, 0));
                    Expect.error(MPI.ERR_TYPE, "Object[] with MPI.INT", () -> w.Recv(new Object[2], 0, 1, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_TYPE, "Integer[] with MPI.INT", () -> w.Send(new Integer[2], 0, 1, MPI.INT, 1 - me, 0));
                    Expect.error(MPI.ERR_TYPE, "String as a buffer", () -> w.Send("abc", 0, 1, MPI.CHAR, 1 - me, 0));
                    Expect.error(MPI.ERR_TYPE, "MPI.LB as a buffer's type", () -> w.Send(buf, 0, 1, MPI.LB, 1 - me, 0));
                }
                case "typeMismatch" -> {
                    if (me == 0) {
                        w.Send(new int[] {1, 2}, 0, 2, MPI.INT, 1, 0);
                        w.Send(new double[100_000], 0, 100_000, MPI.DOUBLE, 1, 1);
                        w.Send(new int[] {3}, 0, 1, MPI.INT, 1, 2);
                    } else {
                        float[] f = {-1f, -1f};
                        Expect.error(MPI.ERR_TYPE, "INT received as FLOAT", () -> w.Recv(f, 0, 2, MPI.FLOAT, 0, 0));
                        Expect.isTrue(f[0] == -1f, "mismatched message written into the buffer");
                        Expect.error(MPI.ERR_TYPE, "DOUBLE (rendezvous) received as LONG",
                                () -> w.Recv(new long[100_000], 0, 100_000, MPI.LONG, 0, 1));
                        int[] ok = new int[1];
                        w.Recv(ok, 0, 1, MPI.INT, 0, 2);
                        Expect.equal(3, ok[0], "message after the mismatches");
                    }
                }
                case "sendTag" -> {
                    Expect.error(MPI.ERR_TAG, "Send tag -2", () -> w.Send(buf, 0, 1, MPI.INT, 1 - me, -2));
                    Expect.error(MPI.ERR_TAG, "Send tag ANY_TAG", () -> w.Send(buf, 0, 1, MPI.INT, 1 - me, MPI.ANY_TAG));
                    Expect.error(MPI.ERR_TAG, "Isend tag -100", () -> w.Isend(buf, 0, 1, MPI.INT, 1 - me, -100));
                }
                case "recvTag" -> {
                    Expect.error(MPI.ERR_TAG, "Recv tag -5", () -> w.Recv(buf, 0, 1, MPI.INT, 1 - me, -5));
                    Expect.error(MPI.ERR_TAG, "Irecv tag -5", () -> w.Irecv(buf, 0, 1, MPI.INT, 1 - me, -5));
                    Expect.error(MPI.ERR_TAG, "Probe tag -5", () -> w.Probe(1 - me, -5));
                }
                case "afterFinalize" -> {
                    MPI.Finalize();
                    mustFail("Send after Finalize", () -> w.Send(buf, 0, 1, MPI.INT, 1 - me, 0));
                    mustFail("Recv after Finalize", () -> w.Recv(buf, 0, 1, MPI.INT, 1 - me, 0));
                    mustFail("Rank after Finalize", w::Rank);
                    mustFail("Barrier after Finalize", w::Barrier);
                    mustFail("Finalize twice", MPI::Finalize);
                    mustFail("Init after Finalize", () -> MPI.Init(new String[0]));
                    Expect.isTrue(MPI.Finalized(), "Finalized()");
                    Expect.isTrue(MPI.Initialized(), "Initialized() after Finalize");
                    return;
                }
                case "initTwice" -> mustFail("Init twice", () -> MPI.Init(args));
                case "startTwice" -> {
                    Prequest p = w.Recv_init(buf, 0, 1, MPI.INT, 1 - me, 0);
                    p.Start();
                    Expect.error(MPI.ERR_REQUEST, "Start of an active persistent request", p::Start);
                    p.Cancel();
                    Status s = p.Wait();
                    Expect.isTrue(s.Test_cancelled(), "cancel of the started persistent receive");
                    p.Start(); // inactive again: may start
                    p.Cancel();
                    p.Wait();
                    p.Free();
                    Expect.error(MPI.ERR_REQUEST, "Start of a freed persistent request", p::Start);
                }
                case "freeWorld" -> {
                    Expect.error(MPI.ERR_COMM, "Free of COMM_WORLD", w::Free);
                    MPI.COMM_SELF.Errhandler_set(MPI.ERRORS_RETURN);
                    Expect.error(MPI.ERR_COMM, "Free of COMM_SELF", MPI.COMM_SELF::Free);
                    Expect.equal(2, w.Size(), "COMM_WORLD still usable");
                    w.Barrier();
                }
                default -> throw new AssertionError("no case " + own[0]);
            }
            MPI.Finalize();
        }

        static void mustFail(String what, Expect.MpiCall call) {
            try {
                call.run();
            } catch (MPIException expected) {
                return;
            }
            throw new AssertionError(what + ": no MPIException");
        }
    }

    /** Rank 1 sends to a rank that does not exist under ERRORS_ARE_FATAL while rank 0 blocks in Recv. */
    public static class FatalBadRank {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            if (w.Rank() == 1) {
                w.Send(new int[1], 0, 1, MPI.INT, 99, 0);
                throw new AssertionError("Send to rank 99 returned under ERRORS_ARE_FATAL");
            }
            w.Recv(new int[1], 0, 1, MPI.INT, 1, 0); // woken by the abort
            MPI.Finalize();
        }
    }

    /** Rank 0 receives a truncated message in Irecv/Wait under ERRORS_ARE_FATAL. */
    public static class FatalTruncateInWait {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            if (w.Rank() == 1) {
                w.Send(new int[5], 0, 5, MPI.INT, 0, 0);
                w.Recv(new int[1], 0, 1, MPI.INT, 0, 1); // woken by the abort
            } else {
                Request r = w.Irecv(new int[2], 0, 2, MPI.INT, 1, 0);
                r.Wait();
                throw new AssertionError("truncated Wait returned under ERRORS_ARE_FATAL");
            }
            MPI.Finalize();
        }
    }

    private static void bad(String which) {
        MultiRank.runOk(2, Bad.class, T, which);
    }

    @Test
    void destinationOutOfRangeIsErrRank() {
        bad("dest");
    }

    @Test
    void sourceOutOfRangeIsErrRank() {
        bad("source");
    }

    @Test
    void negativeCountIsErrCount() {
        bad("count");
    }

    @Test
    void offsetOrCountPastTheArrayIsErrBuffer() {
        bad("bounds");
    }

    @Test
    void nullBufferWithCountIsErrBuffer() {
        bad("null");
    }

    @Test
    void datatypeNotMatchingTheArrayIsErrType() {
        bad("type");
    }

    @Test
    void receivedTypeDifferingFromSentIsErrType() {
        bad("typeMismatch");
    }

    @Test
    void negativeSendTagIsErrTag() {
        bad("sendTag");
    }

    @Test
    void receiveTagMinusFiveIsErrTag() {
        bad("recvTag");
    }

    @Test
    void callsAfterFinalizeFail() {
        bad("afterFinalize");
    }

    @Test
    void initTwiceFails() {
        bad("initTwice");
    }

    @Test
    void startingAnActivePersistentRequestIsErrRequest() {
        bad("startTwice");
    }

    @Test
    void freeingThePredefinedCommunicatorsIsErrComm() {
        bad("freeWorld");
    }

    @Test
    void fatalErrorEndsTheJobWithTheErrorClass() {
        long t0 = System.nanoTime();
        JobResult r = MultiRank.run(2, FatalBadRank.class, T);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(MPI.ERR_RANK, r.exitCode(), r.describe());
        assertEquals(1, r.failures().getFirst().rank(), r.describe());
        assertTrue(r.failures().getFirst().why().contains("ERR_RANK"), r.describe());
        assertEquals(1, r.failures().size(), "only the failing rank is reported as a failure:\n" + r.describe());
        assertTrue(ms < 5_000, "job took " + ms + " ms to end");
    }

    @Test
    void fatalErrorInWaitEndsTheJob() {
        long t0 = System.nanoTime();
        JobResult r = MultiRank.run(2, FatalTruncateInWait.class, T);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(MPI.ERR_TRUNCATE, r.exitCode(), r.describe());
        assertEquals(0, r.failures().getFirst().rank(), r.describe());
        assertTrue(ms < 5_000, "job took " + ms + " ms to end");
    }
}
