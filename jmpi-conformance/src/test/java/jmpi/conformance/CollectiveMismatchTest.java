package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;
import jmpi.testkit.MultiRank;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.MPIException;
import mpi.Op;

/**
 * Ranks whose calls of one collective differ. By default every collective receive checks that it got
 * exactly what its own call describes (longer: {@code ERR_TRUNCATE}, shorter: {@code ERR_COUNT}, naming
 * the collective, both ranks and both sizes), and Finalize reports collective messages nobody received.
 * With {@code -Djmpi.coll.check=true} every rank agrees on collective, root, type, counts and operation
 * first and every rank fails alike ({@code ERR_ROOT}, {@code ERR_COUNT}, {@code ERR_OP}, ...).
 */
@Timeout(300)
class CollectiveMismatchTest {
    private static final Duration T = Duration.ofSeconds(30);

    @AfterEach
    void clearProperties() {
        System.clearProperty("jmpi.coll.check");
        System.clearProperty("jmpi.threads.encode");
        for (String c : MESSAGE_ALGORITHMS.keySet()) {
            System.clearProperty("jmpi.coll." + c);
        }
    }

    /**
     * Message-passing algorithms whose behaviour the root tests and the byte-protocol tests describe (the
     * table may pick others, e.g. the board's shared-memory ones, which catch more: SharedCollectivesTest).
     */
    static final java.util.Map<String, String> MESSAGE_ALGORITHMS = java.util.Map.of("bcast", "binomial", "reduce",
            "binomial", "allreduce", "recursive_doubling", "gather", "binomial", "scatter", "binomial", "allgather", "ring",
            "alltoall", "pairwise");

    private static void forceMessageAlgorithm(String collective) {
        System.setProperty("jmpi.coll." + collective, MESSAGE_ALGORITHMS.get(collective));
    }

    /**
     * Default mode, 2 ranks, ERRORS_RETURN: {@code args = collective, count of rank 0, count of rank 1}
     * (elements of LONG per block). Every rank that receives a block of the other's size expects the
     * error its side gives (bigger than its own: ERR_TRUNCATE; smaller: ERR_COUNT); the others succeed.
     * Every message is consumed, so Finalize finds nothing left.
     */
    public static class DefaultCounts {
        public static void main(String[] args) {
            String[] own = MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            String coll = own[0];
            int me = w.Rank();
            int[] counts = {Integer.parseInt(own[1]), Integer.parseInt(own[2])};
            int n = counts[me];
            int theirs = counts[1 - me];
            long[] s = new long[2 * Math.max(n, theirs) + 2];
            long[] r = new long[2 * Math.max(n, theirs) + 2];
            // Which ranks receive the other's block: rooted ones (root 0) only rank 1 (bcast, scatter) or 0.
            boolean receives = switch (coll) {
                case "bcast", "scatter" -> me == 1;
                case "reduce", "gather" -> me == 0;
                default -> true;
            };
            Expect.MpiCall call = switch (coll) {
                case "bcast" -> () -> w.Bcast(s, 0, n, MPI.LONG, 0);
                case "reduce" -> () -> w.Reduce(s, 0, r, 0, n, MPI.LONG, MPI.SUM, 0);
                case "allreduce" -> () -> w.Allreduce(s, 0, r, 0, n, MPI.LONG, MPI.SUM);
                case "gather" -> () -> w.Gather(s, 0, n, MPI.LONG, r, 0, n, MPI.LONG, 0);
                case "allgather" -> () -> w.Allgather(s, 0, n, MPI.LONG, r, 0, n, MPI.LONG);
                case "alltoall" -> () -> w.Alltoall(s, 0, n, MPI.LONG, r, 0, n, MPI.LONG);
                case "scatter" -> () -> w.Scatter(s, 0, n, MPI.LONG, r, 0, n, MPI.LONG, 0);
                default -> throw new AssertionError("no case " + coll);
            };
            if (receives) {
                int expected = theirs > n ? MPI.ERR_TRUNCATE : MPI.ERR_COUNT;
                MPIException e = Expect.error(expected, coll + " " + n + " against " + theirs, call);
                String text = e.getMessage();
                String want = coll + ": rank " + me + " got " + theirs * 8L + " bytes (" + theirs + " LONG) from rank "
                        + (1 - me) + " where its own call describes " + n * 8L + " bytes (" + n + " LONG): the ranks'"
                        + " counts or types differ";
                Expect.isTrue(text.contains(want), "message '" + text + "' lacks '" + want + "'");
            } else {
                call.run();
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "{0}: {1} against {2}")
    @CsvSource({
            "bcast, 12, 10", "bcast, 10, 12", "bcast, 100000, 100010", "bcast, 100010, 100000",
            "reduce, 10, 12", "reduce, 12, 10",
            "allreduce, 10, 12", "allreduce, 1000, 1002", "allreduce, 0, 1",
            "gather, 10, 12", "gather, 12, 10",
            "allgather, 10, 12", "allgather, 3000, 3001",
            "alltoall, 10, 12", "alltoall, 7, 1",
            "scatter, 12, 10", "scatter, 10, 12",
    })
    void mismatchedCountsAreErrTruncateOrErrCount(String coll, int n0, int n1) {
        forceMessageAlgorithm(coll);
        MultiRank.runOk(2, DefaultCounts.class, T, coll, Integer.toString(n0), Integer.toString(n1));
    }

    /** The same over the byte protocols (every frame encoded, as between processes). */
    @ParameterizedTest(name = "{0}: {1} against {2}")
    @CsvSource({"bcast, 100000, 100010", "allreduce, 1000, 1002", "scatter, 10, 12"})
    void mismatchedCountsOverTheByteProtocols(String coll, int n0, int n1) {
        System.setProperty("jmpi.threads.encode", "true");
        forceMessageAlgorithm(coll);
        MultiRank.runOk(2, DefaultCounts.class, T, coll, Integer.toString(n0), Integer.toString(n1));
    }

    /**
     * {@code bcast shared} (forced) on 4 ranks, ERRORS_RETURN: rank 2's count is {@code args[0]}, the others'
     * 1000 doubles. Rank 2 copies nothing and fails; the root still gets its acknowledgement.
     */
    public static class SharedBcast {
        public static void main(String[] args) {
            String[] own = MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            int me = w.Rank();
            int n = me == 2 ? Integer.parseInt(own[0]) : 1000;
            double[] b = new double[1002];
            java.util.Arrays.fill(b, me == 0 ? 1.0 : -1.0);
            if (me == 2) {
                MPIException e = Expect.error(n > 1000 ? MPI.ERR_COUNT : MPI.ERR_TRUNCATE, "shared bcast of " + n,
                        () -> w.Bcast(b, 0, n, MPI.DOUBLE, 0));
                String want = "bcast: rank 2 got 8000 bytes (1000 DOUBLE) from rank 0 where its own call describes "
                        + n * 8 + " bytes (" + n + " DOUBLE)";
                Expect.isTrue(e.getMessage().contains(want), "message '" + e.getMessage() + "' lacks '" + want + "'");
                Expect.isTrue(b[0] == -1.0 && b[n - 1] == -1.0, "rank 2 copied from the root's buffer");
            } else {
                w.Bcast(b, 0, n, MPI.DOUBLE, 0);
                Expect.isTrue(b[0] == 1.0 && b[999] == 1.0, "rank " + me + " got the root's data");
            }
            MPI.Finalize();
        }
    }

    @ParameterizedTest(name = "rank 2 with {0} of 1000")
    @CsvSource({"1002", "998"})
    void sharedMemoryBroadcastComparesCounts(String n) {
        System.setProperty("jmpi.coll.bcast", "shared");
        MultiRank.runOk(4, SharedBcast.class, T, n);
    }

    /** Rank 2 of 4 broadcasts with a shorter count under ERRORS_ARE_FATAL. */
    public static class FatalBcast {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int n = w.Rank() == 2 ? 10 : 12;
            w.Bcast(new double[12], 0, n, MPI.DOUBLE, 0);
            MPI.Finalize();
        }
    }

    @Test
    void aMismatchEndsTheJobWithTheErrorClassAndTheRank() {
        long t0 = System.nanoTime();
        JobResult r = MultiRank.run(4, FatalBcast.class, T);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(MPI.ERR_TRUNCATE, r.exitCode(), r.describe());
        assertEquals(2, r.failures().getFirst().rank(), r.describe());
        assertTrue(r.failures().getFirst().why().contains("bcast: rank 2 got 96 bytes (12 DOUBLE) from rank 0 where"
                + " its own call describes 80 bytes (10 DOUBLE)"), r.describe());
        assertTrue(ms < 5_000, "job took " + ms + " ms to end");
    }

    /**
     * Default mode: rank 0 names itself the root, rank 1 names itself too ({@code args[1] = "self"}) or
     * each names the other ({@code "other"}). Under ERRORS_ARE_FATAL: whatever is caught ends the job.
     */
    public static class DefaultRoots {
        public static void main(String[] args) {
            String[] own = MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.Rank();
            int root = own[1].equals("self") ? me : 1 - me;
            long[] s = new long[8];
            long[] r = new long[16];
            switch (own[0]) {
                case "bcast" -> w.Bcast(s, 0, 4, MPI.LONG, root);
                case "reduce" -> w.Reduce(s, 0, r, 0, 4, MPI.LONG, MPI.SUM, root);
                case "gather" -> w.Gather(s, 0, 4, MPI.LONG, r, 0, 4, MPI.LONG, root);
                case "scatter" -> w.Scatter(s, 0, 4, MPI.LONG, r, 0, 4, MPI.LONG, root);
                default -> throw new AssertionError("no case " + own[0]);
            }
            // A correct call of the same collective after the bad one must not take its messages.
            long[] b = {me == 0 ? 42 : 0};
            w.Bcast(b, 0, 1, MPI.LONG, 0);
            Expect.equal(42, b[0], "bcast after the mismatched call");
            MPI.Finalize();
        }
    }

    /**
     * Where every rank sends and none receives (bcast and scatter with each rank its own root, reduce and
     * gather with each naming the other), the calls return; Finalize then finds the messages nobody
     * received and fails the job with ERR_OTHER naming them. (Where every rank waits to receive, the job
     * hangs until its timeout: only jmpi.coll.check catches that.)
     */
    @ParameterizedTest(name = "{0} with roots '{1}'")
    @CsvSource({"bcast, self", "scatter, self", "reduce, other", "gather, other"})
    void rootsThatLeaveMessagesUnreceivedFailAtFinalize(String coll, String roots) {
        forceMessageAlgorithm(coll);
        long t0 = System.nanoTime();
        JobResult r = MultiRank.run(2, DefaultRoots.class, T, coll, roots);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        assertEquals(MPI.ERR_OTHER, r.exitCode(), r.describe());
        String why = r.failures().getFirst().why();
        assertTrue(why.contains("finalizes with collective messages that no call of its own received: " + coll
                + " call 0 (root "), r.describe());
        assertTrue(ms < 10_000, "job took " + ms + " ms to end");
    }

    /**
     * Where every rank waits to receive (bcast and scatter with each naming the other, reduce and gather
     * with each naming itself) no message moves at all: the default mode cannot tell this from a slow
     * peer, and the job ends at its timeout (exit code 124). jmpi.coll.check turns it into ERR_ROOT.
     */
    @ParameterizedTest(name = "{0} with roots '{1}'")
    @CsvSource({"bcast, other", "scatter, other", "reduce, self", "gather, self"})
    void rootsWhereEveryRankWaitsHangUntilTheTimeoutWithoutTheCheck(String coll, String roots) {
        forceMessageAlgorithm(coll);
        JobResult r = MultiRank.run(2, DefaultRoots.class, Duration.ofSeconds(2), coll, roots);
        assertEquals(124, r.exitCode(), r.describe());
        System.setProperty("jmpi.coll.check", "true");
        r = MultiRank.run(2, DefaultRoots.class, T, coll, roots);
        assertEquals(MPI.ERR_ROOT, r.exitCode(), r.describe());
        assertTrue(r.failures().getFirst().why().contains(coll + " (rank "), r.describe());
        assertTrue(r.failures().getFirst().why().contains("the ranks name different roots (0 and 1"), r.describe());
    }

    /**
     * jmpi.coll.check=true, ERRORS_RETURN, any size (rank 1 is the odd one out): every rank gets the same
     * error class, and the communicator stays usable afterwards (nothing moved).
     */
    public static class Checked {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            int me = w.Rank();
            int p = w.Size();
            boolean odd = me == 1;
            int root = odd ? 1 : 0;
            long[] s = new long[64 * p];
            long[] r = new long[64 * p];
            String roots = "the ranks name different roots (0 and 1; this rank: " + root + ")";
            expect(MPI.ERR_ROOT, roots, () -> w.Bcast(s, 0, 4, MPI.LONG, root));
            expect(MPI.ERR_ROOT, roots, () -> w.Reduce(s, 0, r, 0, 4, MPI.LONG, MPI.SUM, root));
            expect(MPI.ERR_ROOT, roots, () -> w.Gather(s, 0, 4, MPI.LONG, r, 0, 4, MPI.LONG, root));
            expect(MPI.ERR_ROOT, roots, () -> w.Scatter(s, 0, 4, MPI.LONG, r, 0, 4, MPI.LONG, root));
            int[] ones = new int[p];
            int[] displs = new int[p];
            for (int i = 0; i < p; i++) {
                ones[i] = 1;
                displs[i] = i;
            }
            expect(MPI.ERR_ROOT, roots, () -> w.Gatherv(s, 0, 1, MPI.LONG, r, 0, ones, displs, MPI.LONG, root));
            expect(MPI.ERR_ROOT, roots, () -> w.Scatterv(s, 0, ones, displs, MPI.LONG, r, 0, 1, MPI.LONG, root));

            int n = odd ? 5 : 4;
            String sizes = "the ranks describe different sizes (32 bytes (4 LONG) and 40 bytes (5 LONG); this rank: "
                    + n * 8 + " bytes (" + n + " LONG))";
            expect(MPI.ERR_COUNT, sizes, () -> w.Bcast(s, 0, n, MPI.LONG, 0));
            expect(MPI.ERR_COUNT, sizes, () -> w.Reduce(s, 0, r, 0, n, MPI.LONG, MPI.SUM, 0));
            expect(MPI.ERR_COUNT, sizes, () -> w.Allreduce(s, 0, r, 0, n, MPI.LONG, MPI.SUM));
            expect(MPI.ERR_COUNT, sizes, () -> w.Gather(s, 0, n, MPI.LONG, r, 0, n, MPI.LONG, 0));
            expect(MPI.ERR_COUNT, sizes, () -> w.Allgather(s, 0, n, MPI.LONG, r, 0, n, MPI.LONG));
            expect(MPI.ERR_COUNT, sizes, () -> w.Alltoall(s, 0, n, MPI.LONG, r, 0, n, MPI.LONG));
            expect(MPI.ERR_COUNT, sizes, () -> w.Scatter(s, 0, n, MPI.LONG, r, 0, n, MPI.LONG, 0));
            expect(MPI.ERR_COUNT, sizes, () -> w.Scan(s, 0, r, 0, n, MPI.LONG, MPI.SUM));
            // Sizes that would make the ranks choose different algorithms (a hang without the check).
            double[] big = new double[200_000];
            expect(MPI.ERR_COUNT, "different sizes", () -> w.Bcast(big, 0, odd ? 200_000 : 3, MPI.DOUBLE, 0));
            // Types (the same count of another basic type).
            expect(MPI.ERR_TYPE, "different basic types", () -> {
                if (odd) {
                    w.Bcast(new int[4], 0, 4, MPI.INT, 0);
                } else {
                    w.Bcast(s, 0, 4, MPI.LONG, 0);
                }
            });
            // Operations.
            expect(MPI.ERR_OP, "the ranks pass different operations (MPI.MAX and MPI.SUM; this rank: MPI."
                    + (odd ? "MAX" : "SUM") + ")", () -> w.Allreduce(s, 0, r, 0, 4, MPI.LONG, odd ? MPI.MAX : MPI.SUM));
            Op compose = new Op(new CollectivesTest.Compose(), false);
            Datatype pair = MPI.LONG.Contiguous(2);
            pair.Commit();
            expect(MPI.ERR_OP, "different operations", () -> {
                if (odd) {
                    w.Reduce(s, 0, r, 0, 2, pair, compose, 0);
                } else {
                    w.Reduce(s, 0, r, 0, 4, MPI.LONG, MPI.SUM, 0);
                }
            });
            // Different collectives.
            expect(MPI.ERR_OTHER, "the ranks call different collectives", () -> {
                if (odd) {
                    w.Allreduce(s, 0, r, 0, 4, MPI.LONG, MPI.SUM);
                } else {
                    w.Bcast(s, 0, 4, MPI.LONG, 0);
                }
            });
            // The vector collectives' blocks.
            int[] mine = ones.clone();
            if (me == 0) {
                mine[1] = 2; // the root expects 2 from rank 1, which sends 1
            }
            expect(MPI.ERR_COUNT, "rank 1 sends 1 elements where the root's recvcount[1] is 2",
                    () -> w.Gatherv(s, 0, 1, MPI.LONG, r, 0, mine, displs, MPI.LONG, 0));
            expect(MPI.ERR_COUNT, "rank 1 receives 1 elements where the root's sendcount[1] is 2",
                    () -> w.Scatterv(s, 0, mine, displs, MPI.LONG, r, 0, 1, MPI.LONG, 0));
            int[] rc = ones.clone();
            if (odd) {
                rc[0] = 2;
            }
            expect(MPI.ERR_COUNT, "the ranks pass different recvcounts[0] (1 and 2; this rank: " + rc[0] + ")",
                    () -> w.Reduce_scatter(s, 0, r, 0, rc, MPI.LONG, MPI.SUM));
            int[] sc = ones.clone();
            if (odd) {
                sc[0] = 2; // rank 1 sends rank 0 two where rank 0 receives one
            }
            expect(MPI.ERR_COUNT, "rank 1 sends rank 0 2 elements (its sendcount[0]) where rank 0 receives 1",
                    () -> w.Alltoallv(s, 0, sc, displs, MPI.LONG, r, 0, ones, displs, MPI.LONG));

            // Still usable: a correct call gives the right answer.
            long[] one = {me + 1};
            long[] sum = new long[1];
            w.Allreduce(one, 0, sum, 0, 1, MPI.LONG, MPI.SUM);
            Expect.equal((long) p * (p + 1) / 2, sum[0], "allreduce after the mismatches");
            MPI.Finalize();
        }

        private static void expect(int errorClass, String text, Expect.MpiCall call) {
            MPIException e = Expect.error(errorClass, text, call);
            Expect.isTrue(e.getMessage().contains(text), "message '" + e.getMessage() + "' lacks '" + text + "'");
            Expect.isTrue(e.getMessage().contains("jmpi.coll.check"), "message '" + e.getMessage() + "' does not say"
                    + " which check found it");
        }
    }

    @ParameterizedTest(name = "{0} ranks")
    @CsvSource({"2", "3", "4", "7"})
    void withTheCheckEveryRankGetsTheSameError(int np) {
        System.setProperty("jmpi.coll.check", "true");
        MultiRank.runOk(np, Checked.class, T);
    }

    @Test
    void withTheCheckOverTheByteProtocols() {
        System.setProperty("jmpi.coll.check", "true");
        System.setProperty("jmpi.threads.encode", "true");
        MultiRank.runOk(3, Checked.class, T);
    }

    @Test
    void withTheCheckBetweenProcessesOverShm() {
        processJob(3, Checked.class, List.of(), "-Djmpi.coll.check=true");
    }

    /** A rendezvous-sized broadcast one element longer, and a scatter's shorter block, between processes. */
    @Test
    void mismatchedCountsBetweenProcessesOverShm() {
        processJob(2, DefaultCounts.class, List.of("bcast", "100010", "100000"));
        processJob(2, DefaultCounts.class, List.of("scatter", "10", "12"));
    }

    /** Runs {@code body} with every rank a JVM of its own over shm; it must end well. */
    private static void processJob(int np, Class<?> body, List<String> args, String... jvmOptions) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JobSpec spec = new JobSpec(np, List.of(), body.getName(), args, true, Duration.ofSeconds(90),
                Duration.ofSeconds(5));
        List<String> options = new java.util.ArrayList<>(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC"));
        options.addAll(List.of(jvmOptions));
        JobResult r = new ProcessJob(spec, "shm").jvmOptions(options)
                .output(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run();
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
        assertEquals(0, r.exitCode(), body.getSimpleName() + " " + args + " over shm:\n" + r.describe()
                + err.toString(StandardCharsets.UTF_8));
    }
}
