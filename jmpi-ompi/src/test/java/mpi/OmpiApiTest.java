package mpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Open MPI Java API's first slice on ranks as threads: programs written as Open MPI's examples are
 * (Hello, Ring), point-to-point with its numbering of ranks and tags, every blocking collective of the
 * slice with and without "in place", and the errors (checked {@link MPIException}s with Open MPI's classes).
 * Each body checks its own results and throws on a wrong one.
 */
class OmpiApiTest {
    private static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    /** Open MPI's Hello example's calls: Init, getRank, getSize, Finalize. */
    public static class Hello {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.getRank();
            int size = MPI.COMM_WORLD.getSize();
            System.out.println("Hello, world, I am " + rank + " of " + size);
            expect(rank >= 0 && rank < size, "rank " + rank + " of " + size);
            expect(MPI.isInitialized() && !MPI.isFinalized(), "initialized, not finalized");
            expect(MPI.COMM_SELF.getSize() == 1 && MPI.COMM_SELF.getRank() == 0, "COMM_SELF");
            MPI.Finalize();
            expect(MPI.isFinalized(), "finalized");
        }
    }

    /** Open MPI's Ring example's pattern: a counter passed round the ring, decremented at rank 0, until 0. */
    public static class Ring {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            int rank = MPI.COMM_WORLD.getRank();
            int size = MPI.COMM_WORLD.getSize();
            int next = (rank + 1) % size;
            int prev = (rank + size - 1) % size;
            int[] message = new int[1];
            int laps = 0;
            if (rank == 0) {
                message[0] = 10;
                MPI.COMM_WORLD.send(message, 1, MPI.INT, next, 201);
            }
            while (true) {
                Status s = MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, 201);
                expect(s.getSource() == prev && s.getTag() == 201 && s.getCount(MPI.INT) == 1, "ring status");
                if (rank == 0) {
                    message[0]--;
                    laps++;
                }
                MPI.COMM_WORLD.send(message, 1, MPI.INT, next, 201);
                if (message[0] == 0) {
                    break;
                }
            }
            if (rank == 0) {
                MPI.COMM_WORLD.recv(message, 1, MPI.INT, prev, 201); // the last lap's message
                expect(laps == 10, "rank 0 counted " + laps + " laps");
            }
            MPI.Finalize();
        }
    }

    /** Point-to-point: every type, wildcards, PROC_NULL, probes, sendRecv and sendRecvReplace. */
    public static class PointToPoint {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int rank = w.getRank();
            int size = w.getSize();
            int peer = rank ^ 1;
            if (peer < size) {
                double[] d = new double[1000];
                long[] l = new long[7];
                boolean[] b = new boolean[3];
                char[] c = new char[4];
                if (rank % 2 == 0) {
                    for (int i = 0; i < d.length; i++) {
                        d[i] = rank + i * 0.5;
                    }
                    w.send(d, 999, MPI.DOUBLE, peer, 5); // fewer than the array holds: from index 0
                    w.sSend(new long[] {1, 2, 3, Long.MIN_VALUE, 5, 6, Long.MAX_VALUE}, 7, MPI.LONG, peer, 6);
                    w.send(new boolean[] {true, false, true}, 3, MPI.BOOLEAN, peer, 7);
                    w.send("jmpi".toCharArray(), 4, MPI.CHAR, peer, 8);
                } else {
                    Status s = w.recv(d, 1000, MPI.DOUBLE, MPI.ANY_SOURCE, MPI.ANY_TAG);
                    expect(s.getSource() == peer && s.getTag() == 5 && s.getCount(MPI.DOUBLE) == 999, "wildcard status");
                    for (int i = 0; i < 999; i++) {
                        expect(d[i] == peer + i * 0.5, "double " + i);
                    }
                    expect(d[999] == 0, "the element after the message is untouched");
                    Status p = w.probe(peer, 6);
                    expect(p.getSource() == peer && p.getTag() == 6 && p.getCount(MPI.LONG) == 7, "probe");
                    w.recv(l, 7, MPI.LONG, peer, 6);
                    expect(l[3] == Long.MIN_VALUE && l[6] == Long.MAX_VALUE, "longs");
                    w.recv(b, 3, MPI.BOOLEAN, peer, 7);
                    expect(b[0] && !b[1] && b[2], "booleans");
                    Status q = null;
                    while (q == null) {
                        q = w.iProbe(MPI.ANY_SOURCE, 8);
                    }
                    expect(q.getCount(MPI.CHAR) == 4, "iProbe count");
                    w.recv(c, 4, MPI.CHAR, peer, 8);
                    expect(new String(c).equals("jmpi"), "chars");
                }
                int[] mine = {rank, rank * 10};
                int[] theirs = new int[2];
                Status s = w.sendRecv(mine, 2, MPI.INT, peer, 9, theirs, 2, MPI.INT, peer, 9);
                expect(theirs[0] == peer && theirs[1] == peer * 10 && s.getSource() == peer, "sendRecv");
                w.sendRecvReplace(mine, 2, MPI.INT, peer, 10, peer, 10);
                expect(mine[0] == peer && mine[1] == peer * 10, "sendRecvReplace");
            }
            Status none = w.recv(new int[1], 1, MPI.INT, MPI.PROC_NULL, 3);
            expect(none.getSource() == MPI.PROC_NULL && none.getTag() == MPI.ANY_TAG && none.getCount(MPI.INT) == 0,
                    "a receive from PROC_NULL: source " + none.getSource() + " tag " + none.getTag());
            w.send(new int[1], 1, MPI.INT, MPI.PROC_NULL, 3);
            MPI.Finalize();
        }
    }

    /** Every blocking collective of the slice, every root, with and without in place. */
    public static class Collectives {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int rank = w.getRank();
            int p = w.getSize();
            w.barrier();
            for (int root = 0; root < p; root++) {
                int[] b = new int[5];
                if (rank == root) {
                    b = new int[] {root, 1, 2, 3, 4};
                }
                w.bcast(b, 5, MPI.INT, root);
                expect(b[0] == root && b[4] == 4, "bcast from " + root);

                long[] in = {rank, 1L << 40};
                long[] out = new long[2];
                w.reduce(in, out, 2, MPI.LONG, MPI.SUM, root);
                if (rank == root) {
                    expect(out[0] == (long) p * (p - 1) / 2 && out[1] == p * (1L << 40), "reduce at " + root);
                }
                double[] mine = {rank + 0.5};
                w.reduce(mine, 1, MPI.DOUBLE, MPI.MAX, root);
                if (rank == root) {
                    expect(mine[0] == p - 0.5, "reduce in place at " + root + ": " + mine[0]);
                }

                int[] send = {rank * 2, rank * 2 + 1};
                int[] all = new int[2 * p];
                w.gather(send, 2, MPI.INT, all, 2, MPI.INT, root);
                if (rank == root) {
                    for (int i = 0; i < 2 * p; i++) {
                        expect(all[i] == i, "gather at " + root + ": " + i);
                    }
                }
                int[] inPlace = new int[rank == root ? 2 * p : 2];
                if (rank == root) {
                    inPlace[2 * root] = 2 * root;
                    inPlace[2 * root + 1] = 2 * root + 1;
                } else {
                    inPlace[0] = 2 * rank;
                    inPlace[1] = 2 * rank + 1;
                }
                w.gather(inPlace, 2, MPI.INT, root);
                if (rank == root) {
                    for (int i = 0; i < 2 * p; i++) {
                        expect(inPlace[i] == i, "gather in place at " + root + ": " + i);
                    }
                }

                float[] parts = new float[p];
                if (rank == root) {
                    for (int i = 0; i < p; i++) {
                        parts[i] = i * 1.5f;
                    }
                }
                float[] one = new float[1];
                w.scatter(parts, 1, MPI.FLOAT, one, 1, MPI.FLOAT, root);
                expect(one[0] == rank * 1.5f, "scatter from " + root);
                float[] spread = rank == root ? parts.clone() : new float[1];
                w.scatter(spread, 1, MPI.FLOAT, root);
                expect(spread[rank == root ? root : 0] == rank * 1.5f, "scatter in place from " + root);
            }
            int[] sum = {rank, 1};
            w.allReduce(sum, 2, MPI.INT, MPI.SUM);
            expect(sum[0] == p * (p - 1) / 2 && sum[1] == p, "allReduce in place");
            short[] s = {(short) rank};
            short[] m = new short[1];
            w.allReduce(s, m, 1, MPI.SHORT, MPI.MIN);
            expect(m[0] == 0, "allReduce");

            byte[] gathered = new byte[p];
            w.allGather(new byte[] {(byte) (rank + 7)}, 1, MPI.BYTE, gathered, 1, MPI.BYTE);
            byte[] inPlace = new byte[p];
            inPlace[rank] = (byte) (rank + 7);
            w.allGather(inPlace, 1, MPI.BYTE);
            for (int i = 0; i < p; i++) {
                expect(gathered[i] == i + 7 && inPlace[i] == i + 7, "allGather " + i);
            }
            int[] to = new int[p];
            int[] from = new int[p];
            for (int j = 0; j < p; j++) {
                to[j] = rank * 100 + j;
            }
            w.allToAll(to, 1, MPI.INT, from, 1, MPI.INT);
            for (int i = 0; i < p; i++) {
                expect(from[i] == i * 100 + rank, "allToAll " + i);
            }
            MPI.Finalize();
        }
    }

    /** Bad input: checked MPIExceptions with Open MPI's error classes; before Init and after Finalize. */
    public static class Errors {
        interface Call {
            void run() throws MPIException;
        }

        static void fails(int errorClass, String what, Call call) {
            try {
                call.run();
            } catch (MPIException e) {
                expect(e.getErrorClass() == errorClass, what + ": class " + e.getErrorClass() + ", wanted " + errorClass
                        + " (" + e.getMessage() + ")");
                expect(e.getMessage() != null && !e.getMessage().isEmpty(), what + ": a message");
                return;
            }
            throw new AssertionError(what + ": no MPIException");
        }

        public static void main(String[] args) throws MPIException {
            try {
                MPI.COMM_WORLD.getRank();
                throw new AssertionError("getRank before Init");
            } catch (MPIException e) {
                expect(e.getMessage().equals("MPI is not initialized.") && e.getErrorClass() == 0, e.getMessage());
            }
            MPI.Init(args);
            fails(0, "a second Init", () -> MPI.Init(args));
            Intracomm w = MPI.COMM_WORLD;
            expect(w.getErrhandler() == MPI.ERRORS_ARE_FATAL, "the default handler");
            w.setErrhandler(MPI.ERRORS_RETURN);
            int p = w.getSize();
            fails(MPI.ERR_RANK, "send to rank size", () -> w.send(new int[1], 1, MPI.INT, p, 0));
            fails(MPI.ERR_RANK, "send to -3", () -> w.send(new int[1], 1, MPI.INT, -3, 0));
            fails(MPI.ERR_RANK, "send to ANY_SOURCE", () -> w.send(new int[1], 1, MPI.INT, MPI.ANY_SOURCE, 0));
            fails(MPI.ERR_TAG, "send with tag -1", () -> w.send(new int[1], 1, MPI.INT, 0, -1));
            fails(MPI.ERR_TAG, "recv with tag -2", () -> w.recv(new int[1], 1, MPI.INT, 0, -2));
            fails(MPI.ERR_TYPE, "an int[] as MPI.DOUBLE", () -> w.send(new int[1], 1, MPI.DOUBLE, 0, 0));
            fails(MPI.ERR_BUFFER, "more than the array", () -> w.send(new int[1], 2, MPI.INT, 0, 0));
            fails(MPI.ERR_COUNT, "a negative count", () -> w.send(new int[1], -1, MPI.INT, 0, 0));
            fails(MPI.ERR_BUFFER, "a null buffer", () -> w.send(null, 1, MPI.INT, 0, 0));
            fails(MPI.ERR_BUFFER, "more than a java.nio buffer", () -> w.send(java.nio.IntBuffer.allocate(1), 2, MPI.INT, 0,
                    0));
            fails(MPI.ERR_BUFFER, "a receive into a read-only buffer", () -> w.recv(
                    java.nio.IntBuffer.allocate(1).asReadOnlyBuffer(), 1, MPI.INT, 0, 0));
            fails(MPI.ERR_OP, "MAXLOC of ints", () -> w.allReduce(new int[2], 1, MPI.INT, MPI.MAXLOC));
            fails(MPI.ERR_ARG, "an hvector stride of 6 bytes of ints", () -> Datatype.createHVector(2, 1, 6, MPI.INT));
            fails(MPI.ERR_TYPE, "an uncommitted type", () -> w.send(new int[4], 1, Datatype.createContiguous(2,
                    MPI.INT), 0, 0));
            fails(MPI.ERR_KEYVAL, "an attribute of an unknown key", () -> w.getAttr(12345));
            fails(MPI.ERR_OP, "MPI.BAND of doubles", () -> w.allReduce(new double[1], 1, MPI.DOUBLE, MPI.BAND));
            fails(MPI.ERR_ROOT, "bcast from root size", () -> w.bcast(new int[1], 1, MPI.INT, p));
            fails(MPI.ERR_TYPE, "gather of different types", () -> w.allGather(new int[1], 1, MPI.INT,
                    new long[p], 1, MPI.LONG));
            fails(MPI.ERR_TYPE, "free a predefined type", MPI.INT::free);
            w.barrier();
            MPI.Finalize();
            try {
                w.barrier();
                throw new AssertionError("barrier after Finalize");
            } catch (MPIException e) {
                expect(e.getMessage().equals("MPI is finalized."), e.getMessage());
            }
        }
    }

    @Test
    void helloRunsOnFourRanks() {
        JobResult r = MultiRank.run(4, Hello.class, Duration.ofSeconds(60));
        assertTrue(r.ok(), r.describe());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 5})
    void ringPassesTheCounterTenLaps(int np) {
        MultiRank.runOk(np, Ring.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void pointToPoint(int np) {
        MultiRank.runOk(np, PointToPoint.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4})
    void collectives(int np) {
        MultiRank.runOk(np, Collectives.class);
    }

    @Test
    void badInputIsACheckedMpiExceptionWithOpenMpisClass() {
        MultiRank.runOk(2, Errors.class);
    }

    @Test
    void theConstantsHaveOpenMpisValues() {
        assertEquals(-1, MPI.ANY_SOURCE);
        assertEquals(-1, MPI.ANY_TAG);
        assertEquals(-2, MPI.PROC_NULL);
        assertEquals(-32766, MPI.UNDEFINED);
        assertEquals(3, MPI.THREAD_MULTIPLE);
        assertEquals(15, MPI.ERR_TRUNCATE);
        assertEquals(6, mpi.Errors.code(jmpi.core.ErrorClass.ERR_RANK));
        assertFalse(MPI.isInitialized(), "this JVM's own copy is never initialized");
    }
}
