package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Arrays;
import java.util.SplittableRandom;

import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The shared-memory (board) collectives under fast reuse: thousands of consecutive calls of every kind,
 * small (staged) and large (in place) mixed, so the board's places wrap many times while fast ranks
 * run ahead; every result checked against a serial computation. And the board's checks of sizes and
 * roots across ranks: a mismatch is an error, never a hang or a silently wrong buffer.
 */
@Timeout(300)
class SharedCollectivesTest {
    private static final String[] COLLECTIVES = {"barrier", "bcast", "reduce", "allreduce", "gather", "scatter",
        "allgather", "alltoall", "scan", "reduce_scatter"};

    private static void forceShared(Runnable body) {
        for (String c : COLLECTIVES) {
            System.setProperty("jmpi.coll." + c, "shared");
        }
        try {
            body.run();
        } finally {
            for (String c : COLLECTIVES) {
                System.clearProperty("jmpi.coll." + c);
            }
        }
    }

    /** A seeded random sequence of collectives, the same on every rank, each result checked. */
    public static class Churn {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int p = w.Size();
            int me = w.Rank();
            long seed = Long.getLong("jmpi.test.seed", 20261122L);
            SplittableRandom rnd = new SplittableRandom(seed);
            int[] counts = {0, 1, 3, 64, 1023, 1025, 5000};
            Op compose = new Op(new CollectivesTest.Compose(), false);
            Datatype pair = MPI.LONG.Contiguous(2);
            pair.Commit();
            for (int it = 0; it < 3000; it++) {
                int count = counts[rnd.nextInt(counts.length)];
                int root = rnd.nextInt(p);
                int kind = rnd.nextInt(10);
                String what = "call " + it + " (seed " + seed + ") count " + count + " root " + root;
                long salt = it * 7919L;
                switch (kind) {
                    case 0 -> w.Barrier();
                    case 1 -> {
                        long[] b = me == root ? vec(root, count, salt) : new long[count];
                        w.Bcast(b, 0, count, MPI.LONG, root);
                        CollectivesTest.Body.check(vec(root, count, salt), b, "Bcast " + what);
                    }
                    case 2 -> {
                        int even = count - count % 2;
                        long[] r = new long[even];
                        w.Reduce(vec(me, even, salt), 0, r, 0, even / 2, pair, compose, root);
                        if (me == root) {
                            CollectivesTest.Body.check(composed(p, even, salt), r, "Reduce non-commutative " + what);
                        }
                    }
                    case 3 -> {
                        long[] r = new long[count];
                        w.Allreduce(vec(me, count, salt), 0, r, 0, count, MPI.LONG, MPI.SUM);
                        CollectivesTest.Body.check(sum(p, count, salt), r, "Allreduce " + what);
                    }
                    case 4 -> {
                        long[] all = new long[p * count];
                        w.Gather(vec(me, count, salt), 0, count, MPI.LONG, all, 0, count, MPI.LONG, root);
                        if (me == root) {
                            for (int j = 0; j < p; j++) {
                                CollectivesTest.Body.check(vec(j, count, salt),
                                        Arrays.copyOfRange(all, j * count, (j + 1) * count), "Gather block " + j + " " + what);
                            }
                        }
                    }
                    case 5 -> {
                        long[] src = new long[p * count];
                        if (me == root) {
                            for (int j = 0; j < p; j++) {
                                System.arraycopy(vec(j, count, salt), 0, src, j * count, count);
                            }
                        }
                        long[] got = new long[count];
                        w.Scatter(src, 0, count, MPI.LONG, got, 0, count, MPI.LONG, root);
                        CollectivesTest.Body.check(vec(me, count, salt), got, "Scatter " + what);
                    }
                    case 6 -> {
                        long[] all = new long[p * count];
                        w.Allgather(vec(me, count, salt), 0, count, MPI.LONG, all, 0, count, MPI.LONG);
                        for (int j = 0; j < p; j++) {
                            CollectivesTest.Body.check(vec(j, count, salt),
                                    Arrays.copyOfRange(all, j * count, (j + 1) * count), "Allgather block " + j + " " + what);
                        }
                    }
                    case 8 -> {
                        int even = count - count % 2;
                        long[] sc = new long[even];
                        w.Scan(vec(me, even, salt), 0, sc, 0, even / 2, pair, compose);
                        CollectivesTest.Body.check(composed(me + 1, even, salt), sc, "Scan non-commutative " + what);
                    }
                    case 9 -> {
                        int[] rc = new int[p];
                        int total = 0;
                        for (int j = 0; j < p; j++) {
                            rc[j] = (count + j) / p; // uneven blocks
                            total += rc[j];
                        }
                        long[] out = new long[rc[me]];
                        w.Reduce_scatter(vec(me, total, salt), 0, out, 0, rc, MPI.LONG, MPI.SUM);
                        int at = 0;
                        for (int j = 0; j < me; j++) {
                            at += rc[j];
                        }
                        CollectivesTest.Body.check(Arrays.copyOfRange(sum(p, total, salt), at, at + rc[me]), out,
                                "Reduce_scatter " + what);
                    }
                    default -> {
                        int n = count / 4;
                        long[] src = vec(me, p * n, salt);
                        long[] got = new long[p * n];
                        w.Alltoall(src, 0, n, MPI.LONG, got, 0, n, MPI.LONG);
                        for (int j = 0; j < p; j++) {
                            CollectivesTest.Body.check(Arrays.copyOfRange(vec(j, p * n, salt), me * n, (me + 1) * n),
                                    Arrays.copyOfRange(got, j * n, (j + 1) * n), "Alltoall from " + j + " " + what);
                        }
                    }
                }
            }
            MPI.Finalize();
        }

        static long[] vec(int rank, int count, long salt) {
            long[] v = CollectivesTest.contribution(rank, count);
            for (int i = 0; i < count; i++) {
                v[i] += salt;
            }
            return v;
        }

        static long[] sum(int p, int count, long salt) {
            long[] s = new long[count];
            for (int r = 0; r < p; r++) {
                long[] c = vec(r, count, salt);
                for (int i = 0; i < count; i++) {
                    s[i] += c[i];
                }
            }
            return s;
        }

        static long[] composed(int p, int even, long salt) {
            long[] acc = vec(0, even, salt);
            for (int r = 1; r < p; r++) {
                CollectivesTest.composeInto(acc, vec(r, even, salt));
            }
            return acc;
        }
    }

    @Test
    void thousandsOfMixedCallsOnTwoThreeFourAndEightRanks() {
        forceShared(() -> {
            for (int np : new int[] {2, 3, 4, 8}) {
                JobResult r = MultiRank.run(np, Churn.class, Duration.ofSeconds(120));
                assertEquals(0, r.exitCode(), "shared collectives on " + np + " ranks:\n" + r.describe());
            }
        });
    }

    /**
     * Ranks disagree (args[0] says how). Each rank expects the error class its view of the call gives it
     * (0: the call completes for it, e.g. a staged broadcast's root, which never waits for the others).
     */
    public static class Mismatch {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            w.Errhandler_set(MPI.ERRORS_RETURN);
            int me = w.Rank();
            long[] s = new long[64];
            long[] r = new long[2000 * w.Size()];
            switch (args[0]) {
                // staged (small): the root returns at once; the other finds the root's size larger than its own
                case "bcast-count" -> expect(me == 0 ? 0 : MPI.ERR_TRUNCATE, "Bcast count",
                        () -> w.Bcast(s, 0, me == 0 ? 8 : 4, MPI.LONG, 0));
                // in place (large): ranks 0 and 1 both act as root and see each other; rank 2 follows rank 0
                case "bcast-root" -> expect(me == 2 ? 0 : MPI.ERR_ROOT, "Bcast root",
                        () -> w.Bcast(r, 0, 2000, MPI.LONG, me == 1 ? 1 : 0));
                // each names the other: both wait as non-roots, and see a non-root where they expect the root
                case "bcast-crossed-roots" -> expect(MPI.ERR_ROOT, "Bcast crossed roots",
                        () -> w.Bcast(s, 0, 8, MPI.LONG, 1 - me));
                case "gather-root" -> expect(MPI.ERR_ROOT, "Gather root",
                        () -> w.Gather(s, 0, 4, MPI.LONG, r, 0, 4, MPI.LONG, me));
                case "allreduce-count" -> expect(me == 0 ? MPI.ERR_TRUNCATE : MPI.ERR_COUNT, "Allreduce count",
                        () -> w.Allreduce(s, 0, r, 0, me == 0 ? 4 : 8, MPI.LONG, MPI.SUM));
                // staged: the root finds a larger contribution, the non-root a smaller root's call
                case "reduce-count" -> expect(me == 0 ? MPI.ERR_TRUNCATE : MPI.ERR_COUNT, "Reduce count",
                        () -> w.Reduce(s, 0, r, 0, me == 1 ? 8 : 4, MPI.LONG, MPI.SUM, 0));
                // staged: each names the other (both non-roots) or itself (both roots)
                case "reduce-crossed-roots" -> expect(MPI.ERR_ROOT, "Reduce crossed roots",
                        () -> w.Reduce(s, 0, r, 0, 4, MPI.LONG, MPI.SUM, 1 - me));
                case "reduce-own-roots" -> expect(MPI.ERR_ROOT, "Reduce own roots",
                        () -> w.Reduce(s, 0, r, 0, 4, MPI.LONG, MPI.SUM, me));
                case "scatter-crossed-roots" -> expect(MPI.ERR_ROOT, "Scatter crossed roots",
                        () -> w.Scatter(r, 0, 4, MPI.LONG, s, 0, 4, MPI.LONG, 1 - me));
                default -> throw new IllegalArgumentException(args[0]);
            }
            MPI.Finalize();
        }

        private static void expect(int errorClass, String what, Expect.MpiCall call) {
            if (errorClass == 0) {
                call.run();
            } else {
                Expect.error(errorClass, what, call);
            }
        }
    }

    @Test
    void mismatchedSizesAndRootsAreErrorsOnTheBoard() {
        forceShared(() -> {
            for (String[] c : new String[][] {{"bcast-count", "2"}, {"bcast-root", "3"}, {"bcast-crossed-roots", "2"},
                    {"gather-root", "2"}, {"allreduce-count", "2"}, {"reduce-count", "2"}, {"reduce-crossed-roots", "2"},
                    {"reduce-own-roots", "2"}, {"scatter-crossed-roots", "2"}}) {
                JobResult r = MultiRank.run(Integer.parseInt(c[1]), Mismatch.class, Duration.ofSeconds(60), c[0]);
                assertEquals(0, r.exitCode(), c[0] + ":\n" + r.describe());
            }
        });
    }
}
