package jmpi.conformance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.testkit.MultiRank;
import mpi.Cartcomm;
import mpi.Datatype;
import mpi.Intracomm;
import mpi.MPI;
import mpi.Op;

/**
 * A random interleaving of every collective on several communicators (the world, a Dup, a Split by
 * parity, groups of three in reverse order, a Split that leaves some ranks out, a Cartcomm), with
 * random counts (0, 1, odd, up to 100000 elements) and roots, SUM / MAX / a non-commutative user
 * operation, and a second thread per rank running its own plan on communicators of its own under
 * THREAD_MULTIPLE. The plan comes from one seed, the same on every rank; every rank checks every result
 * (and that nothing outside it was written) against a serial computation of the same plan.
 *
 * <p>The seed is printed; {@code -Djmpi.collstress.seed=S} replays it, {@code -Djmpi.collstress.steps=N}
 * changes the plan's length (default 600 steps, a third of that for the second thread).
 */
@Timeout(300)
class CollectiveStressTest {
    private static final Duration T = Duration.ofSeconds(120);

    @AfterEach
    void clearProperties() {
        for (String p : List.of("jmpi.coll.allreduce", "jmpi.coll.bcast", "jmpi.coll.gather", "jmpi.coll.scatter",
                "jmpi.coll.allgather", "jmpi.coll.alltoall", "jmpi.coll.scan", "jmpi.coll.barrier",
                "jmpi.coll.reduce_scatter", "jmpi.coll.segmentBytes", "jmpi.coll.check", "jmpi.threads.encode")) {
            System.clearProperty(p);
        }
    }

    private static void run(int np, String what) {
        long seed = Long.getLong("jmpi.collstress.seed", System.nanoTime());
        int steps = Integer.getInteger("jmpi.collstress.steps", 600);
        System.out.println("CollectiveStressTest " + what + " on " + np + " ranks: seed " + seed + " (replay with"
                + " -Djmpi.collstress.seed=" + seed + ")");
        MultiRank.runOk(np, Body.class, T, Long.toString(seed), Integer.toString(steps));
    }

    @Test
    void eightRanks() {
        run(8, "default algorithms");
    }

    /** An odd count, with every call checked by jmpi.coll.check (which must not fail a correct program). */
    @Test
    void fiveRanksWithTheCheck() {
        System.setProperty("jmpi.coll.check", "true");
        run(5, "jmpi.coll.check=true");
    }

    /**
     * Every frame encoded as between processes: the byte protocols, and the table's choices for ranks
     * that do not share memory (no shared-memory algorithms).
     */
    @Test
    void sixRanksOverTheByteProtocols() {
        System.setProperty("jmpi.threads.encode", "true");
        run(6, "byte protocols");
    }

    /** Algorithms the table does not pick by default, forced (each runs any call: no restrictions). */
    @Test
    void eightRanksWithForcedAlgorithms() {
        System.setProperty("jmpi.coll.allreduce", "reduce_bcast");
        System.setProperty("jmpi.coll.bcast", "pipeline");
        System.setProperty("jmpi.coll.segmentBytes", "4096");
        System.setProperty("jmpi.coll.gather", "linear");
        System.setProperty("jmpi.coll.scatter", "binomial");
        System.setProperty("jmpi.coll.allgather", "bruck");
        System.setProperty("jmpi.coll.alltoall", "bruck");
        System.setProperty("jmpi.coll.scan", "linear");
        System.setProperty("jmpi.coll.barrier", "tree");
        System.setProperty("jmpi.coll.reduce_scatter", "reduce_scatterv");
        run(8, "forced algorithms");
    }

    /** One rank: args = seed, steps. */
    public static class Body {
        static final int LARGE = 100_000;
        static final long SENTINEL = 0x5EED_5EED_5EED_5EEDL;
        /** Communicators: 0 world, 1 Dup, 2 parity, 3 groups of three reversed, 4 some ranks left out, 5 Cartcomm. */
        static final int[] MAIN_COMMS = {0, 1, 2, 3, 4, 5};
        /** The second thread's: 6 a Dup of the world, 7 a Split of it in halves. */
        static final int[] THREAD_COMMS = {6, 7};

        enum Kind { BARRIER, BCAST, REDUCE, ALLREDUCE, GATHER, GATHERV, SCATTER, SCATTERV, ALLGATHER, ALLGATHERV,
            ALLTOALL, ALLTOALLV, REDUCE_SCATTER, SCAN }

        enum Reduction { SUM, MAX, COMPOSE }

        /** One planned call; counts in items, {@code counts} / {@code matrix} sized for the world. */
        record Step(int k, Kind kind, int comm, int count, int rootPick, Reduction op, int offset, int[] counts,
                    int[][] matrix) {
            int root(int size) {
                return rootPick % size;
            }

            @Override
            public String toString() {
                return "step " + k + " " + kind + " on comm " + comm + " count " + count + " op " + op + " offset "
                        + offset + " counts " + Arrays.toString(counts);
            }
        }

        static int p;
        static int me;
        static long seed;
        static Op compose;
        static Datatype pair;

        public static void main(String[] args) throws InterruptedException {
            int provided = MPI.Init_thread(args, MPI.THREAD_MULTIPLE);
            Expect.equal(MPI.THREAD_MULTIPLE, provided, "thread level");
            Intracomm w = MPI.COMM_WORLD;
            p = w.Size();
            me = w.Rank();
            seed = Long.parseLong(args[0]);
            int steps = Integer.parseInt(args[1]);
            compose = new Op(new CollectivesTest.Compose(), false);
            pair = MPI.LONG.Contiguous(2);
            pair.Commit();
            Intracomm[] comms = new Intracomm[8];
            comms[0] = w;
            comms[1] = w.Dup();
            comms[2] = w.Split(me % 2, me);
            comms[3] = w.Split(me / 3, p - me);
            comms[4] = w.Split(me % 3 == 2 ? MPI.UNDEFINED : 0, -me);
            int[] dims = new int[2];
            Cartcomm.Dims_create(p, dims);
            comms[5] = w.Create_cart(dims, new boolean[] {true, false}, false);
            comms[6] = w.Dup();
            comms[7] = comms[6].Split(me < p / 2 ? 0 : 1, me);
            for (int c = 0; c < comms.length; c++) {
                int[] m = members(c);
                Expect.isTrue((m == null) == (comms[c] == null), "membership of comm " + c);
                if (m != null) {
                    Expect.equal(m.length, comms[c].Size(), "size of comm " + c);
                    Expect.equal(me, m[comms[c].Rank()], "rank in comm " + c);
                }
            }
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread second = new Thread(() -> {
                try {
                    execute(plan(seed ^ 0x5DEE_CE66_DL, steps / 3, THREAD_COMMS), comms);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "second-thread");
            second.start();
            int[] ran = execute(plan(seed, steps, MAIN_COMMS), comms);
            if (steps >= 200) {
                for (Kind kind : Kind.values()) {
                    Expect.isTrue(ran[kind.ordinal()] > 0, "the plan of " + steps + " steps never ran " + kind);
                }
            }
            while (second.isAlive()) {
                second.join(50);
                if (failure.get() != null) {
                    throw new AssertionError("the second thread failed (seed " + seed + ")", failure.get());
                }
            }
            if (failure.get() != null) {
                throw new AssertionError("the second thread failed (seed " + seed + ")", failure.get());
            }
            w.Barrier();
            MPI.Finalize();
        }

        /** World ranks of communicator {@code c}'s members in its rank order (null: this rank is not one). */
        static int[] members(int c) {
            List<Integer> m = new ArrayList<>();
            switch (c) {
                case 0, 1, 5, 6 -> {
                    for (int j = 0; j < p; j++) {
                        m.add(j);
                    }
                }
                case 2 -> {
                    for (int j = 0; j < p; j++) {
                        if (j % 2 == me % 2) {
                            m.add(j);
                        }
                    }
                }
                case 3 -> {
                    for (int j = p - 1; j >= 0; j--) {
                        if (j / 3 == me / 3) {
                            m.add(j);
                        }
                    }
                }
                case 4 -> {
                    if (me % 3 == 2) {
                        return null;
                    }
                    for (int j = p - 1; j >= 0; j--) {
                        if (j % 3 != 2) {
                            m.add(j);
                        }
                    }
                }
                case 7 -> {
                    for (int j = 0; j < p; j++) {
                        if ((j < p / 2) == (me < p / 2)) {
                            m.add(j);
                        }
                    }
                }
                default -> throw new AssertionError("no comm " + c);
            }
            return m.stream().mapToInt(Integer::intValue).toArray();
        }

        static List<Step> plan(long s, int steps, int[] comms) {
            SplittableRandom r = new SplittableRandom(s);
            Kind[] kinds = Kind.values();
            List<Step> plan = new ArrayList<>();
            for (int k = 0; k < steps; k++) {
                Kind kind = kinds[r.nextInt(kinds.length)];
                boolean blocks = switch (kind) {
                    case GATHER, GATHERV, SCATTER, SCATTERV, ALLGATHER, ALLGATHERV, ALLTOALL, ALLTOALLV, REDUCE_SCATTER -> true;
                    default -> false;
                };
                int divisor = blocks ? p : 1;
                Reduction op = Reduction.values()[r.nextInt(3)];
                int count = count(r, divisor);
                int[] counts = new int[p];
                for (int i = 0; i < p; i++) {
                    counts[i] = count(r, p);
                }
                int[][] matrix = new int[p][p];
                for (int[] row : matrix) {
                    for (int j = 0; j < p; j++) {
                        row[j] = count(r, p * p);
                    }
                }
                plan.add(new Step(k, kind, comms[r.nextInt(comms.length)], count, r.nextInt(1 << 20), op,
                        r.nextInt(4) == 0 ? 1 + r.nextInt(5) : 0, counts, matrix));
            }
            return plan;
        }

        /** 0, 1, small odd, medium, or up to LARGE / divisor elements. */
        static int count(SplittableRandom r, int divisor) {
            int c = r.nextInt(20);
            if (c < 2) {
                return 0;
            }
            if (c < 5) {
                return 1;
            }
            if (c < 11) {
                return 1 + 2 * r.nextInt(40);
            }
            if (c < 18) {
                return Math.max(1, (64 + r.nextInt(2000)) / Math.max(1, divisor / 4));
            }
            return r.nextInt(LARGE / divisor + 1);
        }

        /** Element {@code i} of what world rank {@code w} contributes to step {@code k}. */
        static long v(long k, int w, int i) {
            long x = seed + k * 0x9E37_79B9_7F4A_7C15L + w * 0xC2B2_AE3D_27D4_EB4FL + i * 0x1656_67B1_9E37_79F9L;
            x ^= x >>> 31;
            x *= 0xBF58_476D_1CE4_E5B9L;
            return x ^ (x >>> 29);
        }

        static long[] data(long k, int w, int n) {
            long[] d = new long[n];
            for (int i = 0; i < n; i++) {
                d[i] = v(k, w, i);
            }
            return d;
        }

        static long[] sentinels(int n) {
            long[] a = new long[n];
            Arrays.fill(a, SENTINEL);
            return a;
        }

        /** {@code acc = acc op next}, acc holding the lower ranks' combination. */
        static void combine(Reduction op, long[] acc, long[] next) {
            switch (op) {
                case SUM -> {
                    for (int i = 0; i < acc.length; i++) {
                        acc[i] += next[i];
                    }
                }
                case MAX -> {
                    for (int i = 0; i < acc.length; i++) {
                        acc[i] = Math.max(acc[i], next[i]);
                    }
                }
                case COMPOSE -> {
                    for (int i = 0; i + 1 < acc.length; i += 2) {
                        long a = next[i] * acc[i];
                        long b = next[i] * acc[i + 1] + next[i + 1];
                        acc[i] = a;
                        acc[i + 1] = b;
                    }
                }
            }
        }

        /** The reduction of members 0..upTo of {@code m} over {@code e} elements. */
        static long[] fold(Step s, int[] m, int upTo, int e) {
            long[] acc = data(s.k, m[0], e);
            for (int i = 1; i <= upTo; i++) {
                combine(s.op, acc, data(s.k, m[i], e));
            }
            return acc;
        }

        /** Runs the plan's steps on the communicators this rank belongs to; returns how many ran of each kind. */
        static int[] execute(List<Step> plan, Intracomm[] comms) {
            int[] ran = new int[Kind.values().length];
            for (Step s : plan) {
                Intracomm c = comms[s.comm];
                if (c != null) {
                    run(s, c, members(s.comm));
                    ran[s.kind.ordinal()]++;
                }
            }
            return ran;
        }

        /** Runs one step on {@code c} (members {@code m}) and checks this rank's result. */
        static void run(Step s, Intracomm c, int[] m) {
            int n = s.count;
            int size = m.length;
            int cr = c.Rank();
            int root = s.root(size);
            int o = s.offset;
            long k = s.k;
            int u = s.op == Reduction.COMPOSE ? 2 : 1;
            Datatype dt = u == 2 ? pair : MPI.LONG;
            Op op = switch (s.op) {
                case SUM -> MPI.SUM;
                case MAX -> MPI.MAX;
                case COMPOSE -> compose;
            };
            int[] counts = Arrays.copyOf(s.counts, size);
            int[] displs = new int[size];
            int total = 0;
            for (int i = 0; i < size; i++) {
                displs[i] = total;
                total += counts[i] + 1; // a gap after every block
            }
            switch (s.kind) {
                case BARRIER -> c.Barrier();
                case BCAST -> {
                    long[] buf = sentinels(o + n + 1);
                    if (cr == root) {
                        System.arraycopy(data(k, me, n), 0, buf, o, n);
                    }
                    c.Bcast(buf, o, n, MPI.LONG, root);
                    check(s, buf, o, data(k, m[root], n));
                }
                case REDUCE, ALLREDUCE -> {
                    int e = n * u;
                    long[] send = sentinels(o + e);
                    System.arraycopy(data(k, me, e), 0, send, o, e);
                    long[] recv = sentinels(o + e + 1);
                    if (s.kind == Kind.REDUCE) {
                        c.Reduce(send, o, recv, o, n, dt, op, root);
                    } else {
                        c.Allreduce(send, o, recv, o, n, dt, op);
                    }
                    check(s, recv, o, s.kind == Kind.REDUCE && cr != root ? new long[0] : fold(s, m, size - 1, e));
                }
                case SCAN -> {
                    int e = n * u;
                    long[] recv = sentinels(e + 1);
                    c.Scan(data(k, me, e), 0, recv, 0, n, dt, op);
                    check(s, recv, 0, fold(s, m, cr, e));
                }
                case GATHER, ALLGATHER -> {
                    boolean all = s.kind == Kind.ALLGATHER;
                    long[] recv = all || cr == root ? sentinels(size * n + 1) : null;
                    if (all) {
                        c.Allgather(data(k, me, n), 0, n, MPI.LONG, recv, 0, n, MPI.LONG);
                    } else {
                        c.Gather(data(k, me, n), 0, n, MPI.LONG, recv, 0, n, MPI.LONG, root);
                    }
                    if (recv != null) {
                        long[] want = new long[size * n];
                        for (int i = 0; i < size; i++) {
                            System.arraycopy(data(k, m[i], n), 0, want, i * n, n);
                        }
                        check(s, recv, 0, want);
                    }
                }
                case GATHERV, ALLGATHERV -> {
                    boolean all = s.kind == Kind.ALLGATHERV;
                    long[] recv = all || cr == root ? sentinels(total + 1) : null;
                    if (all) {
                        c.Allgatherv(data(k, me, counts[cr]), 0, counts[cr], MPI.LONG, recv, 0, counts, displs, MPI.LONG);
                    } else {
                        c.Gatherv(data(k, me, counts[cr]), 0, counts[cr], MPI.LONG, recv, 0, counts, displs, MPI.LONG,
                                root);
                    }
                    if (recv != null) {
                        long[] want = sentinels(total);
                        for (int i = 0; i < size; i++) {
                            System.arraycopy(data(k, m[i], counts[i]), 0, want, displs[i], counts[i]);
                        }
                        check(s, recv, 0, want);
                    }
                }
                case SCATTER -> {
                    long[] recv = sentinels(o + n + 1);
                    c.Scatter(cr == root ? data(k, me, n * size) : null, 0, n, MPI.LONG, recv, o, n, MPI.LONG, root);
                    check(s, recv, o, Arrays.copyOfRange(data(k, m[root], n * size), cr * n, cr * n + n));
                }
                case SCATTERV -> {
                    long[] recv = sentinels(o + counts[cr] + 1);
                    c.Scatterv(cr == root ? data(k, me, total) : null, 0, counts, displs, MPI.LONG, recv, o, counts[cr],
                            MPI.LONG, root);
                    check(s, recv, o, Arrays.copyOfRange(data(k, m[root], total), displs[cr], displs[cr] + counts[cr]));
                }
                case ALLTOALL -> {
                    long[] recv = sentinels(size * n + 1);
                    c.Alltoall(data(k, me, size * n), 0, n, MPI.LONG, recv, 0, n, MPI.LONG);
                    long[] want = new long[size * n];
                    for (int i = 0; i < size; i++) {
                        System.arraycopy(data(k, m[i], size * n), cr * n, want, i * n, n);
                    }
                    check(s, recv, 0, want);
                }
                case ALLTOALLV -> {
                    int[][] x = s.matrix; // x[i][j]: what comm rank i sends comm rank j
                    int[] sc = new int[size];
                    int[] sd = new int[size];
                    int[] rc = new int[size];
                    int[] rd = new int[size];
                    int st = 0;
                    int rt = 0;
                    for (int j = 0; j < size; j++) {
                        sc[j] = x[cr][j];
                        sd[j] = st;
                        st += sc[j] + 1;
                        rc[j] = x[j][cr];
                        rd[j] = rt;
                        rt += rc[j] + 1;
                    }
                    long[] recv = sentinels(rt + 1);
                    c.Alltoallv(data(k, me, st), 0, sc, sd, MPI.LONG, recv, 0, rc, rd, MPI.LONG);
                    long[] want = sentinels(rt);
                    for (int i = 0; i < size; i++) {
                        int from = 0; // where rank i's block for me starts in its send buffer
                        for (int j = 0; j < cr; j++) {
                            from += x[i][j] + 1;
                        }
                        int iTotal = from;
                        for (int j = cr; j < size; j++) {
                            iTotal += x[i][j] + 1;
                        }
                        System.arraycopy(data(k, m[i], iTotal), from, want, rd[i], rc[i]);
                    }
                    check(s, recv, 0, want);
                }
                case REDUCE_SCATTER -> {
                    int items = 0;
                    for (int i = 0; i < size; i++) {
                        items += counts[i];
                    }
                    int start = 0;
                    for (int i = 0; i < cr; i++) {
                        start += counts[i];
                    }
                    long[] recv = sentinels(counts[cr] * u + 1);
                    c.Reduce_scatter(data(k, me, items * u), 0, recv, 0, counts, dt, op);
                    check(s, recv, 0, Arrays.copyOfRange(fold(s, m, size - 1, items * u), start * u,
                            (start + counts[cr]) * u));
                }
            }
        }

        /** {@code got[off..]} holds {@code want}; every other element is still the sentinel. */
        static void check(Step s, long[] got, int off, long[] want) {
            for (int i = 0; i < got.length; i++) {
                boolean inside = i >= off && i < off + want.length;
                long expected = inside ? want[i - off] : SENTINEL;
                if (got[i] != expected) {
                    throw new AssertionError("seed " + seed + ", rank " + me + ", " + s + ": element " + i + " (of "
                            + got.length + ", result at " + off + ".." + (off + want.length) + ") is " + got[i]
                            + ", expected " + expected + (inside ? "" : " (untouched)"));
                }
            }
        }
    }
}
