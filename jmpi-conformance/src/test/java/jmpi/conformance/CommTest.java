package jmpi.conformance;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Comm;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Request;
import mpi.Status;

/** Communicators as point-to-point scopes (Dup, Compare, Free, error handlers) and errors outside Comm calls. */
@Timeout(120)
class CommTest {
    private static final Duration T = Duration.ofSeconds(30);

    /** A duplicate is a separate matching scope with the same members; it inherits the error handler. */
    public static class DupIsolation {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            Intracomm d = w.Dup();
            Expect.equal(MPI.IDENT, Comm.Compare(w, w), "Compare(w, w)");
            Expect.equal(MPI.CONGRUENT, Comm.Compare(w, d), "Compare(w, dup)");
            Expect.equal(w.Size(), d.Size(), "dup size");
            Expect.equal(w.Rank(), d.Rank(), "dup rank");
            Expect.isTrue(!w.Test_inter(), "COMM_WORLD is an intercommunicator");
            if (w.Rank() == 0) {
                d.Send(new int[] {1}, 0, 1, MPI.INT, 1, 0);
                w.Send(new int[] {2}, 0, 1, MPI.INT, 1, 0);
                d.Send(new double[50_000], 0, 50_000, MPI.DOUBLE, 1, 0);
            } else if (w.Rank() == 1) {
                int[] x = new int[1];
                Status s = w.Recv(x, 0, 1, MPI.INT, MPI.ANY_SOURCE, MPI.ANY_TAG);
                Expect.equal(2, x[0], "COMM_WORLD receive matched the duplicate's message");
                Expect.isTrue(w.Iprobe(MPI.ANY_SOURCE, MPI.ANY_TAG) == null, "COMM_WORLD sees the duplicate's messages");
                d.Recv(x, 0, 1, MPI.INT, 0, 0);
                Expect.equal(1, x[0], "duplicate's message");
                s = d.Recv(new double[50_000], 0, 50_000, MPI.DOUBLE, 0, 0);
                Expect.equal(50_000, s.Get_count(MPI.DOUBLE), "duplicate's large message");
            }
            w.Errhandler_set(MPI.ERRORS_RETURN);
            Intracomm d2 = w.Dup();
            Expect.isTrue(d2.Errhandler_get() == MPI.ERRORS_RETURN, "Dup did not inherit the error handler");
            Expect.isTrue(d.Errhandler_get() == MPI.ERRORS_ARE_FATAL, "earlier Dup's handler changed");
            d2.Free();
            Expect.error(MPI.ERR_COMM, "Send on a freed communicator", () -> d2.Send(new int[1], 0, 1, MPI.INT, 0, 0));
            Expect.error(MPI.ERR_COMM, "Rank of a freed communicator", d2::Rank);
            MPI.Finalize();
        }
    }

    /** Errors raised outside a communicator call still come as MPIException with the right class. */
    public static class ErrorsOutsideComm {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            Status s = w.Sendrecv(new int[2], 0, 2, MPI.INT, w.Rank(), 0, new int[2], 0, 2, MPI.INT, w.Rank(), 0);
            Expect.error(MPI.ERR_TYPE, "Get_count(MPI.LB)", () -> s.Get_count(MPI.LB));
            Expect.error(MPI.ERR_TYPE, "Get_elements(MPI.UB)", () -> s.Get_elements(MPI.UB));
            Intracomm d = w.Dup();
            d.Free();
            try {
                Comm.Compare(w, d);
                throw new AssertionError("Compare with a freed communicator gave no error");
            } catch (MPIException e) {
                Expect.equal(MPI.ERR_COMM, e.Get_error_class(), "Compare with a freed communicator");
            }
            MPI.Finalize();
        }
    }

    /** Sendrecv_replace of objects the buffer's element type cannot hold: ERR_TYPE, buffer unchanged. */
    public static class ReplaceObjects {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            int other = 1 - w.Rank();
            String[] strings = {"a", "b"};
            Status s = w.Sendrecv_replace(strings, 0, 2, MPI.OBJECT, other, 0, other, 0);
            Expect.equal(2, s.Get_count(MPI.OBJECT), "count");
            Expect.equal("a", strings[0], "replaced strings");
            s = w.Sendrecv_replace(null, 0, 0, MPI.INT, other, 5, other, 5);
            Expect.equal(0, s.Get_count(MPI.INT), "count of an empty Sendrecv_replace without a buffer");
            if (w.Rank() == 0) {
                w.Send(new Object[] {1, 2}, 0, 2, MPI.OBJECT, 1, 1);
            } else {
                String[] mine = {"x", "y"};
                Expect.error(MPI.ERR_TYPE, "Integers replacing Strings",
                        () -> w.Sendrecv_replace(mine, 0, 2, MPI.OBJECT, MPI.PROC_NULL, 1, 0, 1));
                Expect.equal("x", mine[0], "buffer after the failed replace");
            }
            MPI.Finalize();
        }
    }

    /** Cancel of a send that has been matched: the send goes on, is not reported cancelled, and arrives. */
    public static class CancelSend {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            if (w.Rank() == 0) {
                Request r = w.Isend(new int[] {7}, 0, 1, MPI.INT, 1, 3);
                r.Cancel();
                Status s = r.Wait();
                w.Send(new boolean[] {s.Test_cancelled()}, 0, 1, MPI.BOOLEAN, 1, 4);
            } else if (w.Rank() == 1) {
                boolean[] cancelled = new boolean[1];
                w.Recv(cancelled, 0, 1, MPI.BOOLEAN, 0, 4);
                Status p = w.Iprobe(0, 3);
                Expect.isTrue(cancelled[0] == (p == null), "Test_cancelled " + cancelled[0] + " but message "
                        + (p == null ? "absent" : "present"));
                if (p != null) {
                    int[] x = new int[1];
                    w.Recv(x, 0, 1, MPI.INT, 0, 3);
                    Expect.equal(7, x[0], "data of the send that was not cancelled");
                }
            }
            MPI.Finalize();
        }
    }

    /**
     * A freed communicator's context taken by a larger one: messages from its higher ranks, arriving before their
     * receive, are kept and matched. The engine checks the source of every such message against the communicator of
     * its context (a freed 2-rank communicator's answer would refuse rank 3; EngineTest checks the lookup itself).
     */
    public static class ReusedContext {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            for (int round = 0; round < 4; round++) {
                Intracomm small = w.Split(me < 2 ? 0 : 1, me);
                unexpected(small, 1, 0, round);
                small.Free();
                Intracomm big = w.Dup();
                unexpected(big, big.Size() - 1, 0, 100 + round);
                big.Free();
            }
            MPI.Finalize();
        }

        /** {@code from} sends before {@code to} posts the receive (a barrier between them). */
        private static void unexpected(Intracomm c, int from, int to, int value) {
            if (c.Rank() == from) {
                c.Send(new int[] {value}, 0, 1, MPI.INT, to, 7);
            }
            c.Barrier();
            if (c.Rank() == to) {
                int[] x = new int[1];
                Status s = c.Recv(x, 0, 1, MPI.INT, from, 7);
                Expect.equal(value, x[0], "the message from rank " + from + " of " + c.Size());
                Expect.equal(from, s.source, "its source");
            }
        }
    }

    @Test
    void aReusedContextTakesTheNewCommunicatorsRanks() {
        MultiRank.runOk(4, ReusedContext.class, T);
    }

    @Test
    void dupIsASeparateScope() {
        MultiRank.runOk(2, DupIsolation.class, T);
    }

    @Test
    void errorsOutsideCommCallsAreMpiExceptions() {
        MultiRank.runOk(1, ErrorsOutsideComm.class, T);
    }

    @Test
    void sendrecvReplaceOfObjectsTheBufferCannotHold() {
        MultiRank.runOk(2, ReplaceObjects.class, T);
    }

    @Test
    void cancelOfASendIsConsistent() {
        MultiRank.runOk(2, CancelSend.class, T);
    }
}
