package jmpi.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import jmpi.coll.Registry;
import jmpi.launcher.JobResult;
import jmpi.launcher.JobSpec;
import jmpi.launcher.ProcessJob;
import jmpi.testkit.MultiRank;
import mpi.Intracomm;
import mpi.MPI;

/**
 * The same array as send and receive buffer (mpiJava and MPJ Express have no {@code MPI_IN_PLACE}, so
 * programs write {@code Allreduce(x, 0, x, 0, n, ...)}): every collective with an input and an output,
 * and {@code Sendrecv}, with the two regions of one rank identical (or, for the gathering and scattering
 * collectives, the rank's own block in place), overlapping from either side, or disjoint in one array,
 * over counts across every threshold of the selection table, the staging limit and the eager limit. The
 * whole array after each call is compared with a serial reference: the receive region holds what
 * private buffers would have given and nothing else changed. Run with every algorithm of each menu
 * forced, with the table's choice on 1-16 ranks, over the byte protocols, and on processes (shm, tcp).
 */
@Timeout(1200)
class AliasingTest {
    /** Doubles: 0 B up to 1.1 MB, across the table's size boundaries (22 B ... 1 MiB), 8 KiB staging, 16 KiB eager. */
    static final int[] COUNTS = {0, 1, 3, 30, 100, 200, 1000, 1500, 3000, 10_000, 20_000, 70_000, 140_000};
    /** Fewer counts for the forced-algorithm runs (each algorithm on six communicator sizes). */
    static final int[] FORCED_COUNTS = {0, 1, 3, 100, 1000, 1500, 10_000, 70_000};
    static final List<String> COLLECTIVES = List.of("allreduce", "reduce", "scan", "gather", "gatherv", "scatter",
            "scatterv", "allgather", "allgatherv", "alltoall", "alltoallv", "reduce_scatter", "sendrecv");

    /** Where the receive region lies against the send region of the same array. */
    enum Overlap { IDENTICAL, RECV_AFTER, RECV_BEFORE, DISJOINT }

    /** Leading and trailing elements around the regions, which no call may touch. */
    static final int PAD = 2;

    /** Element i of rank r's array before the call: integral, so that sums are exact. */
    static double element(int rank, int i) {
        return rank * 1_000_000.0 + i + 1;
    }

    static double[] initial(int rank, int length) {
        double[] a = new double[length];
        for (int i = 0; i < length; i++) {
            a[i] = element(rank, i);
        }
        return a;
    }

    /** Send region at {@code s}, receive region at {@code r}, in an array of {@code length}. */
    record Layout(int s, int r, int length) {
        /** Two regions of {@code sendLen} and {@code recvLen} elements placed as {@code o} says. */
        static Layout of(Overlap o, int sendLen, int recvLen) {
            int shift = Math.max(1, Math.min(sendLen, recvLen) / 2);
            return switch (o) {
                case IDENTICAL -> new Layout(PAD, PAD, 2 * PAD + Math.max(sendLen, recvLen));
                case RECV_AFTER -> new Layout(PAD, PAD + shift, 2 * PAD + Math.max(sendLen, shift + recvLen));
                case RECV_BEFORE -> new Layout(PAD + shift, PAD, 2 * PAD + Math.max(shift + sendLen, recvLen));
                case DISJOINT -> new Layout(PAD, PAD + sendLen, 2 * PAD + sendLen + recvLen);
            };
        }

        /** The receive region at PAD and the send region at {@code PAD + at} inside it ("in place"). */
        static Layout sendInside(int at, int sendLen, int recvLen) {
            return new Layout(PAD + at, PAD, 2 * PAD + Math.max(recvLen, at + sendLen));
        }

        /** The send region at PAD and the receive region at {@code PAD + at} inside it. */
        static Layout recvInside(int at, int sendLen, int recvLen) {
            return new Layout(PAD, PAD + at, 2 * PAD + Math.max(sendLen, at + recvLen));
        }
    }

    /** Block sizes of the vector collectives: uneven, some empty. */
    static int vcount(int n, int p, int i) {
        return Math.max(0, n / Math.max(1, p) + (i % 3) - 1);
    }

    /** Counts of Alltoallv: rank i sends {@code a2av(n, p, i, j)} elements to rank j. */
    static int a2av(int n, int p, int i, int j) {
        return Math.max(0, n / Math.max(1, p) + ((i + 2 * j) % 3) - 1);
    }

    static int[] prefix(int[] counts, int gap) {
        int[] d = new int[counts.length];
        for (int i = 1; i < counts.length; i++) {
            d[i] = d[i - 1] + counts[i - 1] + gap;
        }
        return d;
    }

    static int sum(int[] a) {
        int s = 0;
        for (int x : a) {
            s += x;
        }
        return s;
    }

    /** One call: the layout of rank {@code rank}, the call itself, and the array it must leave. */
    static final class Case {
        final String collective;
        final Overlap overlap;
        final int n;
        final int p;
        final int root;

        Case(String collective, Overlap overlap, int n, int p) {
            this.collective = collective;
            this.overlap = overlap;
            this.n = n;
            this.p = p;
            this.root = (n / 7 + overlap.ordinal()) % p;
        }

        int block() {
            return n / p;
        }

        int[] vcounts() {
            int[] c = new int[p];
            for (int i = 0; i < p; i++) {
                c[i] = vcount(n, p, i);
            }
            return c;
        }

        /** Rank {@code me}'s send and receive lengths (elements). */
        int[] lengths(int me) {
            int b = block();
            return switch (collective) {
                case "allreduce", "reduce", "scan", "sendrecv" -> new int[] {n, n};
                case "gather" -> new int[] {b, b * p};
                case "scatter" -> new int[] {b * p, b};
                case "allgather" -> new int[] {b, b * p};
                case "alltoall" -> new int[] {b * p, b * p};
                case "gatherv", "allgatherv" -> new int[] {vcount(n, p, me), span(vcounts())};
                case "scatterv" -> new int[] {span(vcounts()), vcount(n, p, me)};
                case "alltoallv" -> new int[] {span(sendCounts(me)), span(recvCounts(me))};
                case "reduce_scatter" -> new int[] {sum(vcounts()), vcount(n, p, me)};
                default -> throw new IllegalArgumentException(collective);
            };
        }

        /** Elements from the first block's start to the last block's end (blocks one apart). */
        static int span(int[] counts) {
            int[] d = prefix(counts, 1);
            return counts.length == 0 ? 0 : d[counts.length - 1] + counts[counts.length - 1];
        }

        int[] sendCounts(int me) {
            int[] c = new int[p];
            for (int j = 0; j < p; j++) {
                c[j] = a2av(n, p, me, j);
            }
            return c;
        }

        int[] recvCounts(int me) {
            int[] c = new int[p];
            for (int i = 0; i < p; i++) {
                c[i] = a2av(n, p, i, me);
            }
            return c;
        }

        Layout layout(int me) {
            int[] len = lengths(me);
            if (overlap == Overlap.IDENTICAL) {
                int b = block();
                switch (collective) {
                    case "gather", "allgather":
                        return Layout.sendInside(me * b, len[0], len[1]);
                    case "gatherv", "allgatherv":
                        return Layout.sendInside(prefix(vcounts(), 1)[me], len[0], len[1]);
                    case "scatter":
                        return Layout.recvInside(me * b, len[0], len[1]);
                    case "scatterv":
                        return Layout.recvInside(prefix(vcounts(), 1)[me], len[0], len[1]);
                    case "reduce_scatter":
                        return Layout.recvInside(prefix(vcounts(), 0)[me], len[0], len[1]);
                    default:
                        break;
                }
            }
            return Layout.of(overlap, len[0], len[1]);
        }

        /** Rank {@code rank}'s send data, as its array held it before the call. */
        double[] sent(int rank) {
            Layout l = layout(rank);
            return Arrays.copyOfRange(initial(rank, l.length()), l.s(), l.s() + lengths(rank)[0]);
        }

        /** Sum over ranks {@code from..to} of their send data's elements {@code [at, at + len)}. */
        double[] reduced(int from, int to, int at, int len) {
            double[] out = new double[len];
            for (int r = from; r <= to; r++) {
                double[] s = sent(r);
                for (int i = 0; i < len; i++) {
                    out[i] += s[at + i];
                }
            }
            return out;
        }

        void run(Intracomm w, int me) {
            Layout l = layout(me);
            double[] a = initial(me, l.length());
            double[] want = a.clone();
            int b = block();
            int s = l.s();
            int r = l.r();
            switch (collective) {
                case "allreduce" -> {
                    w.Allreduce(a, s, a, r, n, MPI.DOUBLE, MPI.SUM);
                    put(want, r, reduced(0, p - 1, 0, n));
                }
                case "reduce" -> {
                    w.Reduce(a, s, a, r, n, MPI.DOUBLE, MPI.SUM, root);
                    if (me == root) {
                        put(want, r, reduced(0, p - 1, 0, n));
                    }
                }
                case "scan" -> {
                    w.Scan(a, s, a, r, n, MPI.DOUBLE, MPI.SUM);
                    put(want, r, reduced(0, me, 0, n));
                }
                case "sendrecv" -> {
                    int from = (me + p - 1) % p;
                    w.Sendrecv(a, s, n, MPI.DOUBLE, (me + 1) % p, 5, a, r, n, MPI.DOUBLE, from, 5);
                    put(want, r, sent(from));
                }
                case "gather" -> {
                    w.Gather(a, s, b, MPI.DOUBLE, a, r, b, MPI.DOUBLE, root);
                    if (me == root) {
                        for (int i = 0; i < p; i++) {
                            put(want, r + i * b, sent(i));
                        }
                    }
                }
                case "allgather" -> {
                    w.Allgather(a, s, b, MPI.DOUBLE, a, r, b, MPI.DOUBLE);
                    for (int i = 0; i < p; i++) {
                        put(want, r + i * b, sent(i));
                    }
                }
                case "gatherv", "allgatherv" -> {
                    int[] c = vcounts();
                    int[] d = prefix(c, 1);
                    if (collective.equals("gatherv")) {
                        w.Gatherv(a, s, c[me], MPI.DOUBLE, a, r, c, d, MPI.DOUBLE, root);
                    } else {
                        w.Allgatherv(a, s, c[me], MPI.DOUBLE, a, r, c, d, MPI.DOUBLE);
                    }
                    if (me == root || collective.equals("allgatherv")) {
                        for (int i = 0; i < p; i++) {
                            put(want, r + d[i], sent(i));
                        }
                    }
                }
                case "scatter" -> {
                    w.Scatter(a, s, b, MPI.DOUBLE, a, r, b, MPI.DOUBLE, root);
                    put(want, r, Arrays.copyOfRange(sent(root), me * b, (me + 1) * b));
                }
                case "scatterv" -> {
                    int[] c = vcounts();
                    int[] d = prefix(c, 1);
                    w.Scatterv(a, s, c, d, MPI.DOUBLE, a, r, c[me], MPI.DOUBLE, root);
                    put(want, r, Arrays.copyOfRange(sent(root), d[me], d[me] + c[me]));
                }
                case "alltoall" -> {
                    w.Alltoall(a, s, b, MPI.DOUBLE, a, r, b, MPI.DOUBLE);
                    for (int i = 0; i < p; i++) {
                        put(want, r + i * b, Arrays.copyOfRange(sent(i), me * b, (me + 1) * b));
                    }
                }
                case "alltoallv" -> {
                    int[] sc = sendCounts(me);
                    int[] rc = recvCounts(me);
                    int[] rd = prefix(rc, 1);
                    w.Alltoallv(a, s, sc, prefix(sc, 1), MPI.DOUBLE, a, r, rc, rd, MPI.DOUBLE);
                    for (int i = 0; i < p; i++) {
                        int at = prefix(sendCounts(i), 1)[me];
                        put(want, r + rd[i], Arrays.copyOfRange(sent(i), at, at + rc[i]));
                    }
                }
                case "reduce_scatter" -> {
                    int[] c = vcounts();
                    w.Reduce_scatter(a, s, a, r, c, MPI.DOUBLE, MPI.SUM);
                    put(want, r, reduced(0, p - 1, prefix(c, 0)[me], c[me]));
                }
                default -> throw new IllegalArgumentException(collective);
            }
            if (!Arrays.equals(want, a)) {
                int i = Arrays.mismatch(want, a);
                throw new AssertionError(this + " on rank " + me + " (send at " + s + ", receive at " + r + ", array of "
                        + a.length + "): first difference at element " + i + ": want " + want[i] + ", got " + a[i]);
            }
        }

        static void put(double[] into, int at, double[] values) {
            System.arraycopy(values, 0, into, at, values.length);
        }

        @Override
        public String toString() {
            return collective + " " + overlap + " n=" + n + " p=" + p + " root=" + root;
        }
    }

    /**
     * Every case on COMM_WORLD. {@code -Djmpi.test.alias.only=c} keeps collective c;
     * {@code -Djmpi.test.alias.forced=true} uses {@link #FORCED_COUNTS}.
     */
    public static class Body {
        public static void main(String[] args) {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int p = w.Size();
            int me = w.Rank();
            String only = System.getProperty("jmpi.test.alias.only");
            int[] counts = Boolean.getBoolean("jmpi.test.alias.forced") ? FORCED_COUNTS : COUNTS;
            int minPerRank = Integer.getInteger("jmpi.test.alias.minPerRank", 0);
            int cases = 0;
            for (int n : counts) {
                if (p > 8 && n > 20_000 || n < minPerRank * p) {
                    continue; // the references cost p * n per rank: keep 16 ranks on 2 cores quick
                }
                for (Overlap o : Overlap.values()) {
                    for (String c : COLLECTIVES) {
                        if (only == null || only.equals(c)) {
                            new Case(c, o, n, p).run(w, me);
                            cases++;
                        }
                    }
                }
            }
            if (me == 0) {
                System.setProperty("jmpi.test.alias.ran", Integer.toString(cases)); // read by runBody (ranks as threads)
            }
            if (cases == 0) {
                throw new AssertionError("no case ran (jmpi.test.alias.only=" + only + ")");
            }
            MPI.Finalize();
        }
    }

    static final int[] SIZES = {1, 2, 3, 4, 5, 8, 16};

    private static void runBody(int np, String what) {
        System.clearProperty("jmpi.test.alias.ran");
        long start = System.nanoTime();
        JobResult r = MultiRank.run(np, Body.class, Duration.ofSeconds(300));
        assertEquals(0, r.exitCode(), what + " on " + np + " ranks:\n" + r.describe());
        System.err.printf("aliasing: %s, %d ranks: %s cases in %d ms%n", what, np, System.getProperty("jmpi.test.alias.ran"),
                (System.nanoTime() - start) / 1_000_000);
    }

    /** The table's choices (shared-memory board algorithms among them) on 1-16 ranks. */
    @Test
    void theTablesChoices() {
        for (int np : SIZES) {
            runBody(np, "default algorithms");
        }
    }

    static Stream<Arguments> forced() {
        List<Arguments> out = new ArrayList<>();
        for (String c : Registry.collectives()) {
            if (c.equals("barrier") || c.equals("bcast")) {
                continue; // one buffer: nothing to alias
            }
            for (String a : Registry.algorithms(c)) {
                if (!a.equals("library")) { // the MPI library's own: native transport only (NativeConformanceTest)
                    out.add(Arguments.of(c, a));
                }
            }
        }
        return out.stream();
    }

    /**
     * Each algorithm of each menu forced; the hierarchical ones on emulated nodes of 2 ranks (all of them full
     * for {@code hierarchical_slices}; segments of 24 bytes for the segmented ones).
     */
    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("forced")
    void everyAlgorithm(String collective, String algorithm) {
        boolean hier = algorithm.startsWith("hierarchical");
        System.setProperty("jmpi.coll." + collective, algorithm);
        System.setProperty("jmpi.test.alias.only", collective);
        System.setProperty("jmpi.test.alias.forced", "true");
        if (hier) {
            System.setProperty("jmpi.coll.nodes", "2");
            System.setProperty("jmpi.coll.hierarchySegmentBytes", "24");
        }
        if (algorithm.equals("rabenseifner")) {
            System.setProperty("jmpi.test.alias.minPerRank", "1"); // one element per block at least
        }
        try {
            int[] sizes = algorithm.equals("hierarchical_slices") ? new int[] {4, 6, 8}
                    : hier ? new int[] {3, 4, 7} : new int[] {1, 2, 3, 4, 8, 16};
            for (int np : sizes) {
                if (Integer.bitCount(np) != 1 && (algorithm.equals("recursive_doubling") && collective.equals("allgather")
                        || algorithm.equals("recursive_halving"))) {
                    continue; // power-of-two sizes only
                }
                runBody(np, collective + "=" + algorithm);
            }
        } finally {
            System.clearProperty("jmpi.coll." + collective);
            System.clearProperty("jmpi.test.alias.only");
            System.clearProperty("jmpi.test.alias.forced");
            System.clearProperty("jmpi.coll.nodes");
            System.clearProperty("jmpi.coll.hierarchySegmentBytes");
            System.clearProperty("jmpi.test.alias.minPerRank");
        }
    }

    /** Over the byte protocols: no frame carries a reference to the sender's array. */
    @Test
    void overTheByteProtocols() {
        System.setProperty("jmpi.threads.encode", "true");
        try {
            for (int np : new int[] {2, 3, 4}) {
                runBody(np, "byte protocols");
            }
        } finally {
            System.clearProperty("jmpi.threads.encode");
        }
    }

    @AfterEach
    void killLeftovers() {
        ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    }

    /** With every rank a JVM of its own. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("transports")
    void onProcesses(String transport) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        JobSpec spec = new JobSpec(3, List.of(), Body.class.getName(), List.of(), true, Duration.ofSeconds(240),
                Duration.ofSeconds(5));
        JobResult r = new ProcessJob(spec, transport)
                .jvmOptions(List.of("-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"))
                .output(new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8))
                .run();
        assertEquals(0, r.exitCode(), "over " + transport + ":\n" + r.describe() + err.toString(StandardCharsets.UTF_8));
    }

    static Stream<String> transports() {
        return Stream.of("shm", "tcp");
    }
}
