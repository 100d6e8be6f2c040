package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import jmpi.coll.Registry;
import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;
import mpi.User_function;

/**
 * Every collective against every algorithm of its menu (forced with {@code -Djmpi.coll.<c>=<name>}),
 * every root, counts 0, 1, odd, prime and large, on 1, 2, 3, 4, 5, 8 and 16 ranks; results compared
 * with a serial reference computed by each rank. A non-commutative user operation checks rank order.
 */
@Timeout(600)
class CollectivesTest {
    static final int[] COUNTS = {0, 1, 7, 13, 1000, 30_011};
    static final int[] SIZES = {1, 2, 3, 4, 5, 8, 16};

    /**
     * Affine maps x -> a x + b as (a, b) pairs of longs (datatype: {@code MPI.LONG.Contiguous(2)}); combining
     * composes them in rank order (not commutative).
     */
    static final class Compose extends User_function {
        @Override
        public void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype) {
            long[] in = (long[]) invec;
            long[] io = (long[]) inoutvec;
            for (int i = 0; i < 2 * count; i += 2) { // count items, each a (a, b) pair
                long xa = in[inoffset + i];
                long xb = in[inoffset + i + 1];
                long ya = io[inoutoffset + i];
                long yb = io[inoutoffset + i + 1];
                io[inoutoffset + i] = ya * xa;          // y after x
                io[inoutoffset + i + 1] = ya * xb + yb;
            }
        }
    }

    static long val(int rank, int i) {
        return (rank + 1) * 1_000_003L + i * 31L + (i % 7) * rank;
    }

    static void composeInto(long[] acc, long[] next) {
        for (int i = 0; i + 1 < acc.length; i += 2) {
            long a = next[i] * acc[i];
            long b = next[i] * acc[i + 1] + next[i + 1];
            acc[i] = a;
            acc[i + 1] = b;
        }
    }

    static long[] contribution(int rank, int count) {
        long[] v = new long[count];
        for (int i = 0; i < count; i++) {
            v[i] = val(rank, i);
        }
        return v;
    }

    /** Runs every collective (whichever one's algorithm is forced, the others by default) and checks it. */
    public static class Body {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int p = w.Size();
            int me = w.Rank();
            Op compose = new Op(new Compose(), false);
            Datatype pair = MPI.LONG.Contiguous(2);
            pair.Commit();
            for (int count : COUNTS) {
                long[] mine = contribution(me, count);
                long[] sum = new long[count];
                for (int r = 0; r < p; r++) {
                    long[] c = contribution(r, count);
                    for (int i = 0; i < count; i++) {
                        sum[i] += c[i];
                    }
                }
                int even = count - count % 2;
                long[] composed = contribution(0, even);
                for (int r = 1; r < p; r++) {
                    composeInto(composed, contribution(r, even));
                }
                // Barrier and Bcast
                w.Barrier();
                for (int root = 0; root < p; root++) {
                    long[] b = me == root ? contribution(root, count) : new long[count];
                    w.Bcast(b, 0, count, MPI.LONG, root);
                    check(contribution(root, count), b, "Bcast root " + root + " count " + count);
                }
                // Reduce (SUM and the ordered composition) at every root
                for (int root = 0; root < p; root++) {
                    long[] r = new long[count];
                    w.Reduce(mine, 0, r, 0, count, MPI.LONG, MPI.SUM, root);
                    if (me == root) {
                        check(sum, r, "Reduce SUM root " + root + " count " + count);
                    }
                    long[] c = new long[even];
                    w.Reduce(contribution(me, even), 0, c, 0, even / 2, pair, compose, root);
                    if (me == root) {
                        check(composed, c, "Reduce non-commutative root " + root + " count " + even);
                    }
                }
                // Allreduce
                long[] ar = new long[count + 3];
                w.Allreduce(mine, 0, ar, 3, count, MPI.LONG, MPI.SUM);
                check(sum, Arrays.copyOfRange(ar, 3, 3 + count), "Allreduce SUM count " + count);
                long[] ac = new long[even];
                w.Allreduce(contribution(me, even), 0, ac, 0, even / 2, pair, compose);
                check(composed, ac, "Allreduce non-commutative count " + even);
                double[] dm = new double[count];
                for (int i = 0; i < count; i++) {
                    dm[i] = (me * 7 + i) % 11;
                }
                // MAXLOC on (value, index) pairs: an algorithm that cuts the vector must not cut a pair.
                double[] vi = new double[even];
                for (int i = 0; i < even; i += 2) {
                    vi[i] = (me * 13 + i) % 7;
                    vi[i + 1] = me;
                }
                double[] vmax = new double[even];
                w.Allreduce(vi, 0, vmax, 0, even / 2, MPI.DOUBLE2, MPI.MAXLOC);
                for (int i = 0; i < even; i += 2) {
                    double best = -1;
                    double at = -1;
                    for (int r = 0; r < p; r++) {
                        double v = (r * 13 + i) % 7;
                        if (v > best) {
                            best = v;
                            at = r;
                        }
                    }
                    if (vmax[i] != best || vmax[i + 1] != at) {
                        throw new AssertionError("Allreduce MAXLOC pair " + i / 2 + " count " + even / 2 + ": "
                                + vmax[i] + "@" + vmax[i + 1] + " want " + best + "@" + at);
                    }
                }
                double[] dmax = new double[count];
                w.Allreduce(dm, 0, dmax, 0, count, MPI.DOUBLE, MPI.MAX);
                for (int i = 0; i < count; i++) {
                    double want = 0;
                    for (int r = 0; r < p; r++) {
                        want = Math.max(want, (r * 7 + i) % 11);
                    }
                    if (dmax[i] != want) {
                        throw new AssertionError("Allreduce MAX count " + count + " element " + i);
                    }
                }
                // Gather / Scatter at every root
                for (int root = 0; root < p; root++) {
                    long[] all = new long[count * p];
                    w.Gather(mine, 0, count, MPI.LONG, all, 0, count, MPI.LONG, root);
                    if (me == root) {
                        for (int r = 0; r < p; r++) {
                            check(contribution(r, count), Arrays.copyOfRange(all, r * count, (r + 1) * count),
                                    "Gather root " + root + " block " + r + " count " + count);
                        }
                    }
                    long[] src = new long[count * p];
                    if (me == root) {
                        for (int r = 0; r < p; r++) {
                            System.arraycopy(contribution(r + 100, count), 0, src, r * count, count);
                        }
                    }
                    long[] got = new long[count];
                    w.Scatter(src, 0, count, MPI.LONG, got, 0, count, MPI.LONG, root);
                    check(contribution(me + 100, count), got, "Scatter root " + root + " count " + count);
                }
                // Allgather, Alltoall
                long[] ag = new long[count * p];
                w.Allgather(mine, 0, count, MPI.LONG, ag, 0, count, MPI.LONG);
                for (int r = 0; r < p; r++) {
                    check(contribution(r, count), Arrays.copyOfRange(ag, r * count, (r + 1) * count),
                            "Allgather block " + r + " count " + count);
                }
                int per = Math.max(0, count / 4);
                long[] a2a = new long[per * p];
                for (int r = 0; r < p; r++) {
                    for (int i = 0; i < per; i++) {
                        a2a[r * per + i] = me * 1_000_000L + r * 1000L + i;
                    }
                }
                long[] a2aOut = new long[per * p];
                w.Alltoall(a2a, 0, per, MPI.LONG, a2aOut, 0, per, MPI.LONG);
                for (int r = 0; r < p; r++) {
                    for (int i = 0; i < per; i++) {
                        if (a2aOut[r * per + i] != r * 1_000_000L + me * 1000L + i) {
                            throw new AssertionError("Alltoall block " + r + " element " + i + " count " + per);
                        }
                    }
                }
                // Reduce_scatter with uneven blocks, Scan
                int[] counts = new int[p];
                int total = 0;
                for (int r = 0; r < p; r++) {
                    counts[r] = (count + r) % 5 + (r == 0 ? count % 3 : 0);
                    total += counts[r];
                }
                long[] rsIn = contribution(me, total);
                long[] rsOut = new long[counts[me]];
                w.Reduce_scatter(rsIn, 0, rsOut, 0, counts, MPI.LONG, MPI.SUM);
                int at = 0;
                for (int r = 0; r < me; r++) {
                    at += counts[r];
                }
                long[] rsWant = new long[counts[me]];
                for (int r = 0; r < p; r++) {
                    long[] c = contribution(r, total);
                    for (int i = 0; i < counts[me]; i++) {
                        rsWant[i] += c[at + i];
                    }
                }
                check(rsWant, rsOut, "Reduce_scatter count " + total);
                long[] sc = new long[even];
                w.Scan(contribution(me, even), 0, sc, 0, even / 2, pair, compose);
                long[] scWant = contribution(0, even);
                for (int r = 1; r <= me; r++) {
                    composeInto(scWant, contribution(r, even));
                }
                check(scWant, sc, "Scan non-commutative count " + even);
            }
            MPI.Finalize();
        }

        static void check(long[] want, long[] got, String what) {
            if (!Arrays.equals(want, got)) {
                int i = Arrays.mismatch(want, got);
                throw new AssertionError(what + ": first difference at " + i + " (want "
                        + (i < want.length ? want[i] : "end") + ", got " + (i < got.length ? got[i] : "end") + ")");
            }
        }
    }

    static Stream<Arguments> forced() {
        List<Arguments> out = new ArrayList<>();
        for (String c : Registry.collectives()) {
            for (String a : Registry.algorithms(c)) {
                // the hierarchical ones need several nodes: hierarchicalOnEmulatedNodes; library the native
                // transport: NativeConformanceTest
                if (!a.startsWith("hierarchical") && !a.equals("library")) {
                    out.add(Arguments.of(c, a));
                }
            }
        }
        return out.stream();
    }

    /**
     * Each algorithm forced on its collective. An algorithm whose restrictions do not hold for some call
     * fails that call with ERR_ARG (never a silent fallback): such combinations are run with only the
     * sizes where it applies, and the refusal itself is checked in {@link #aForcedAlgorithmThatCannotRunIsAnError}.
     */
    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("forced")
    void everyAlgorithmOnEverySize(String collective, String algorithm) {
        String key = "jmpi.coll." + collective;
        System.setProperty(key, algorithm);
        try {
            for (int np : SIZES) {
                if (!applies(collective, algorithm, np)) {
                    continue;
                }
                JobResult r = MultiRank.run(np, Body.class, Duration.ofSeconds(120));
                assertEquals(0, r.exitCode(), collective + "=" + algorithm + " on " + np + " ranks:\n" + r.describe());
            }
        } finally {
            System.clearProperty(key);
        }
    }

    /** Whether the forced algorithm can run every call Body makes on np ranks (else the call is refused). */
    static boolean applies(String collective, String algorithm, int np) {
        boolean pof2 = Integer.bitCount(np) == 1;
        return switch (collective + "=" + algorithm) {
            // Restricted to commutative operations: Body also reduces with a non-commutative operation.
            case "reduce=binary", "reduce=rabenseifner", "allreduce=rabenseifner", "allreduce=ring",
                 "allreduce=binary", "scan=none" -> false;
            // Need a power-of-two size.
            case "allgather=recursive_doubling", "reduce_scatter=recursive_halving" -> pof2;
            // Need counts of at least p (or 2 and p >= 3): Body's counts include 0 and 1.
            case "bcast=split_binary", "bcast=scatter_allgather" -> false;
            default -> true;
        };
    }

    static Stream<Arguments> hierarchical() {
        List<Arguments> out = new ArrayList<>();
        for (String c : Registry.collectives()) {
            for (String a : Registry.algorithms(c)) {
                if (a.startsWith("hierarchical")) {
                    for (int k : new int[] {2, 3}) {
                        out.add(Arguments.of(c, a, k));
                    }
                }
            }
        }
        return out.stream();
    }

    /**
     * Each hierarchical algorithm forced on its collective, with blocks of k world ranks as nodes
     * ({@code -Djmpi.coll.nodes=k}), on every size from k + 1 ranks (two nodes) to 16 of {@link #HIER_SIZES}:
     * last nodes smaller than the others (not for {@code hierarchical_slices}, which needs nodes of one size),
     * every root (inside a node, leading one or not), every count, the non-commutative operation. Fewer ranks
     * are one node, where the forced algorithm is refused. The segmented ones run with segments of 24 bytes,
     * so Body's counts cross several segments and end in a partial one.
     */
    @ParameterizedTest(name = "{0} = {1}, nodes of {2}")
    @MethodSource("hierarchical")
    void hierarchicalOnEmulatedNodes(String collective, String algorithm, int k) {
        System.setProperty("jmpi.coll." + collective, algorithm);
        System.setProperty("jmpi.coll.nodes", Integer.toString(k));
        System.setProperty("jmpi.coll.hierarchySegmentBytes", "24");
        try {
            for (int np : HIER_SIZES) {
                if (np <= k || algorithm.equals("hierarchical_slices") && np % k != 0) {
                    continue;
                }
                // A guard against hangs, not a speed limit: the pipelined hierarchical bcast's sweep (24-byte
                // segments, every root and count) on 16 threads ranks sharing 2 cores took 50-90 s in the builds of
                // 2026-12-07 (before and after that day's changes alike) and once passed 120 s on a loaded CI machine
                JobResult r = MultiRank.run(np, Body.class, Duration.ofSeconds(300));
                assertEquals(0, r.exitCode(), collective + "=" + algorithm + ", nodes of " + k + ", on " + np
                        + " ranks:\n" + r.describe());
            }
        } finally {
            System.clearProperty("jmpi.coll." + collective);
            System.clearProperty("jmpi.coll.nodes");
            System.clearProperty("jmpi.coll.hierarchySegmentBytes");
        }
    }

    /** Sizes for the hierarchical algorithms: with nodes of 2 and 3, even and uneven last nodes. */
    static final int[] HIER_SIZES = {2, 3, 4, 5, 6, 7, 8, 11, 16};

    /** Commutative-only and count-restricted algorithms, checked with the calls they can run. */
    public static class RestrictedBody {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int p = w.Size();
            int me = w.Rank();
            for (int count : new int[] {p, p + 1, 13 * p + 5, 30_011}) {
                long[] sum = new long[count];
                for (int r = 0; r < p; r++) {
                    long[] c = contribution(r, count);
                    for (int i = 0; i < count; i++) {
                        sum[i] += c[i];
                    }
                }
                for (int root = 0; root < p; root++) {
                    long[] b = me == root ? contribution(root, count) : new long[count];
                    w.Bcast(b, 0, count, MPI.LONG, root);
                    Body.check(contribution(root, count), b, "Bcast root " + root + " count " + count);
                    long[] r = new long[count];
                    w.Reduce(contribution(me, count), 0, r, 0, count, MPI.LONG, MPI.SUM, root);
                    if (me == root) {
                        Body.check(sum, r, "Reduce root " + root + " count " + count);
                    }
                }
                long[] ar = new long[count];
                w.Allreduce(contribution(me, count), 0, ar, 0, count, MPI.LONG, MPI.SUM);
                Body.check(sum, ar, "Allreduce count " + count);
            }
            MPI.Finalize();
        }
    }

    @Test
    void restrictedAlgorithmsOnTheCallsTheyTake() {
        String[][] forced = {{"bcast", "split_binary"}, {"bcast", "scatter_allgather"}, {"reduce", "binary"},
                {"reduce", "rabenseifner"}, {"allreduce", "rabenseifner"}, {"allreduce", "ring"}, {"allreduce", "binary"}};
        for (String[] f : forced) {
            System.setProperty("jmpi.coll." + f[0], f[1]);
            try {
                for (int np : SIZES) {
                    if (np < 3 && f[1].equals("split_binary")) {
                        continue;
                    }
                    JobResult r = MultiRank.run(np, RestrictedBody.class, Duration.ofSeconds(120));
                    assertEquals(0, r.exitCode(), f[0] + "=" + f[1] + " on " + np + " ranks:\n" + r.describe());
                }
            } finally {
                System.clearProperty("jmpi.coll." + f[0]);
            }
        }
    }

    /** Forcing Rabenseifner's allreduce with a non-commutative operation is refused, naming why. */
    public static class ForcedRefusal {
        public static void main(String[] args) {
            MPI.Init(args);
            MPI.COMM_WORLD.Errhandler_set(MPI.ERRORS_RETURN);
            Op compose = new Op(new Compose(), false);
            Datatype pair = MPI.LONG.Contiguous(2);
            pair.Commit();
            var e = Expect.error(MPI.ERR_ARG, "forced algorithm that cannot run", () -> MPI.COMM_WORLD.Allreduce(
                    new long[8], 0, new long[8], 0, 4, pair, compose));
            Expect.isTrue(e.getMessage().contains("rabenseifner") && e.getMessage().contains("commutative"), e.getMessage());
            MPI.Finalize();
        }
    }

    @Test
    void aForcedAlgorithmThatCannotRunIsAnError() {
        System.setProperty("jmpi.coll.allreduce", "rabenseifner");
        try {
            MultiRank.runOk(4, ForcedRefusal.class, Duration.ofSeconds(60));
        } finally {
            System.clearProperty("jmpi.coll.allreduce");
        }
    }

    @Test
    void theDefaultTableCoversEveryCollective() {
        var table = jmpi.coll.Selection.defaults();
        for (String c : Registry.collectives()) {
            for (int np : SIZES) {
                for (long bytes : new long[] {0, 8, 1 << 20, 1L << 30}) {
                    for (boolean commutative : new boolean[] {true, false}) {
                        for (String locality : new String[] {"jvm", "host"}) { // threads; shm / tcp on one host
                            var a = table.choose(c, locality, new jmpi.coll.Problem(np, bytes,
                                    (int) Math.min(bytes / 8, 1 << 20), commutative));
                            assertTrue(a.unusable(new jmpi.coll.Problem(np, bytes, (int) Math.min(bytes / 8, 1 << 20),
                                    commutative)) == null, c + " " + locality + " " + np + " " + bytes + " " + a.name());
                        }
                    }
                }
            }
        }
    }
}
