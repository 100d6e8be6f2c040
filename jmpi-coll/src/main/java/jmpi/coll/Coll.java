package jmpi.coll;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import jmpi.core.CoreComm;
import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;

/**
 * The collectives as the API calls them: each call picks its algorithm (forced by
 * {@code -Djmpi.coll.<collective>=<name>}, else from the selection table, {@code -Djmpi.coll.table=FILE}
 * or the built-in one), counts it, and runs it on the communicator's collective context. Arguments
 * are already checked by the API. The vector variants ({@code gatherv}, ...) have one algorithm each.
 *
 * <p>Per-rank state (table, forced choices, counters) lives on the rank's engine, since this class is
 * shared by all ranks of a JVM.
 */
public final class Coll {
    /** Tags of the collectives on the collective context (the engine's own use 1-127). */
    private static final int TAG_BASE = 1000;

    private Coll() {
    }

    /** Per-rank state. */
    static final class State {
        final Selection table;
        final Map<String, Algorithm> forced = new ConcurrentHashMap<>();
        final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
        /** Per algorithm object, its counter (no string building per call). */
        final Map<Object, LongAdder> byAlgorithm = new ConcurrentHashMap<>();
        /** Choices already made: (collective, locality, size, bytes) to algorithm. */
        final Map<Choice, Algorithm> chosen = new ConcurrentHashMap<>();
        /** {@code -Djmpi.coll.nodes=K}: blocks of K consecutive world ranks count as nodes (0: off). */
        final int nodeBlock;

        State() {
            String k = System.getProperty("jmpi.coll.nodes", "").trim();
            try {
                nodeBlock = k.isEmpty() ? 0 : Integer.parseInt(k);
            } catch (NumberFormatException e) {
                throw new MpiError(ErrorClass.ERR_ARG, "jmpi.coll.nodes=" + k + ": not a number", e);
            }
            if (nodeBlock < 0) {
                throw new MpiError(ErrorClass.ERR_ARG, "jmpi.coll.nodes=" + k + ": negative");
            }
            String file = System.getProperty("jmpi.coll.table", "").trim();
            if (file.isEmpty()) {
                table = Selection.defaults();
            } else {
                try {
                    table = Selection.read(Path.of(file));
                } catch (IOException | RuntimeException e) {
                    throw new MpiError(ErrorClass.ERR_ARG, "jmpi.coll.table=" + file + ": " + e.getMessage(), e);
                }
            }
            for (String c : Registry.collectives()) {
                String name = System.getProperty("jmpi.coll." + c, "").trim();
                if (!name.isEmpty() && !name.equals("auto")) {
                    try {
                        forced.put(c, Registry.algorithm(c, name));
                    } catch (IllegalArgumentException e) {
                        throw new MpiError(ErrorClass.ERR_ARG, "jmpi.coll." + c + "=" + name + ": " + e.getMessage(), e);
                    }
                }
            }
        }
    }

    static State state(Engine e) {
        return e.attachment(State.class, State::new);
    }

    static long segmentBytes() {
        return Long.getLong("jmpi.coll.segmentBytes", 65536);
    }

    /** A selection made once: the table's answer depends only on these (and on commutativity). */
    record Choice(String collective, String locality, int size, long bytes, int count, boolean commutative,
                  boolean sharedMemory, Nodes nodes) {
    }

    /** What the collectives know of {@code comm}, kept on it until it is freed. */
    static CommInfo info(CoreComm comm) {
        return comm.attachment(CommInfo.class, () -> new CommInfo(comm, state(comm.engine()).nodeBlock));
    }

    /**
     * "jvm" when every member of {@code comm} is a thread of this JVM, "host" when every member runs on
     * this host (several JVMs), else "hosts"; "hosts" too when {@code -Djmpi.coll.nodes=K} is set and
     * {@code comm} spans several blocks of K world ranks.
     */
    static String locality(CoreComm comm) {
        return info(comm).locality();
    }

    /**
     * How {@code comm} divides into nodes, or null when it is one node. Collective the first time on a
     * communicator of several JVMs (an allgather of one int); every member asks at the same call.
     */
    static Nodes nodes(CoreComm comm) {
        return info(comm).nodes();
    }

    /** The node and leaders communicators of {@code comm} (made at first use: collective). */
    static Hierarchy hierarchy(CoreComm comm) {
        return info(comm).hierarchy();
    }

    /**
     * Chooses, counts and returns the algorithm of {@code collective} for {@code p}: the forced one when
     * {@code mayForce} (a call of the program), else the table's (the inner steps of a hierarchical
     * algorithm, on its node and leaders communicators).
     */
    static Algorithm pick(CoreComm comm, String collective, Problem p, boolean mayForce) {
        State s = state(comm.engine());
        Algorithm a = mayForce ? s.forced.get(collective) : null;
        if (a != null) {
            String why = a.unusable(p);
            if (why != null) {
                throw new MpiError(ErrorClass.ERR_ARG, collective + " algorithm '" + a.name() + "' forced by jmpi.coll."
                        + collective + " cannot run this call: " + why);
            }
        } else {
            String loc = locality(comm);
            // Restrictions look at the count (elements per block) only through thresholds; keep the count
            // in the key so a cached choice is always one the table would make for this very call.
            Choice key = new Choice(collective, loc, p.size(), p.bytes(), p.count(), p.commutative(), p.sharedMemory(),
                    p.nodes());
            a = s.chosen.get(key);
            if (a == null) {
                try {
                    a = s.table.choose(collective, loc, p);
                } catch (IllegalStateException e) {
                    throw new MpiError(ErrorClass.ERR_INTERN, e.getMessage(), e);
                }
                if (s.chosen.size() < 4096) {
                    s.chosen.put(key, a);
                }
            }
        }
        Algorithm chosen = a;
        s.byAlgorithm.computeIfAbsent(chosen, k -> s.counts.computeIfAbsent(collective + "." + chosen.name(),
                n -> new LongAdder())).increment();
        return a;
    }

    private static final Map<String, Integer> TAGS = new java.util.HashMap<>();

    static {
        List<String> all = Registry.collectives();
        for (int i = 0; i < all.size(); i++) {
            TAGS.put(all.get(i), TAG_BASE + i);
        }
    }

    private static Ctx ctx(CoreComm comm, String collective) {
        return new Ctx(comm, TAGS.get(collective));
    }

    private static long bytes(int count, BasicType t) {
        return (long) count * t.size();
    }

    // ---------------------------------------------------------------- the collectives

    public static void barrier(CoreComm comm) {
        barrier(comm, true);
    }

    static void barrier(CoreComm comm, boolean mayForce) {
        Problem p = new Problem(comm.size(), 0, 0, true, false, nodes(comm));
        ((BarrierAlgorithm) pick(comm, "barrier", p, mayForce)).run(ctx(comm, "barrier"));
    }

    public static void bcast(CoreComm comm, Object buf, int off, int count, BasicType t, int root) {
        bcast(comm, buf, off, count, t, root, true);
    }

    static void bcast(CoreComm comm, Object buf, int off, int count, BasicType t, int root, boolean mayForce) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, true,
                t != BasicType.OBJECT && locality(comm).equals("jvm"), nodes(comm));
        ((BcastAlgorithm) pick(comm, "bcast", p, mayForce)).run(ctx(comm, "bcast"), buf, off, count, t, root);
    }

    public static void reduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op,
                              int root) {
        reduce(comm, s, so, r, ro, count, t, op, root, true);
    }

    static void reduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root,
                       boolean mayForce) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, op.commutative(), false, nodes(comm));
        ((ReduceAlgorithm) pick(comm, "reduce", p, mayForce)).run(ctx(comm, "reduce"), s, so, r, ro, count, t, op, root);
    }

    public static void allreduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        allreduce(comm, s, so, r, ro, count, t, op, true);
    }

    static void allreduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op,
                          boolean mayForce) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, op.commutative(),
                t != BasicType.OBJECT && locality(comm).equals("jvm"), nodes(comm));
        ((AllreduceAlgorithm) pick(comm, "allreduce", p, mayForce)).run(ctx(comm, "allreduce"), s, so, r, ro, count, t,
                op);
    }

    public static void gather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        gather(comm, s, so, r, ro, count, t, root, true);
    }

    static void gather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root,
                       boolean mayForce) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, false, nodes(comm));
        ((GatherAlgorithm) pick(comm, "gather", p, mayForce)).run(ctx(comm, "gather"), s, so, r, ro, count, t, root);
    }

    public static void scatter(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, true);
        ((ScatterAlgorithm) pick(comm, "scatter", p, true)).run(ctx(comm, "scatter"), s, so, r, ro, count, t, root);
    }

    public static void allgather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t) {
        allgather(comm, s, so, r, ro, count, t, true);
    }

    static void allgather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, boolean mayForce) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, false, nodes(comm));
        ((AllgatherAlgorithm) pick(comm, "allgather", p, mayForce)).run(ctx(comm, "allgather"), s, so, r, ro, count, t);
    }

    public static void alltoall(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, true);
        ((AlltoallAlgorithm) pick(comm, "alltoall", p, true)).run(ctx(comm, "alltoall"), s, so, r, ro, count, t);
    }

    public static void reduceScatter(CoreComm comm, Object s, int so, Object r, int ro, int[] counts, BasicType t,
                                     Combiner op) {
        long total = 0;
        for (int n : counts) {
            total += n;
        }
        Problem p = new Problem(comm.size(), total * t.size(), (int) Math.min(Integer.MAX_VALUE, total), op.commutative());
        ((ReduceScatterAlgorithm) pick(comm, "reduce_scatter", p, true)).run(ctx(comm, "reduce_scatter"), s, so, r, ro,
                counts, t, op);
    }

    public static void scan(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, op.commutative());
        ((ScanAlgorithm) pick(comm, "scan", p, true)).run(ctx(comm, "scan"), s, so, r, ro, count, t, op);
    }

    /** MPI_Gatherv: rank i's {@code scount} elements to the root's {@code r} at {@code displs[i]}. Linear. */
    public static void gatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                               int[] displs, BasicType t, int root) {
        count(comm, "gatherv.linear");
        GatherLinear.gatherv(new Ctx(comm, TAG_BASE + 50), s, so, scount, r, ro, rcounts, displs, t, root);
    }

    /** MPI_Scatterv: block i ({@code scounts[i]} elements at {@code displs[i]} of the root's {@code s}) to rank i. Linear. */
    public static void scatterv(CoreComm comm, Object s, int so, int[] scounts, int[] displs, Object r, int ro,
                                int rcount, BasicType t, int root) {
        count(comm, "scatterv.linear");
        ScatterLinear.scatterv(new Ctx(comm, TAG_BASE + 51), s, so, scounts, displs, r, ro, rcount, t, root);
    }

    /** MPI_Allgatherv: rank i's block to every rank's {@code r} at {@code displs[i]}. Ring. */
    public static void allgatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                                  int[] displs, BasicType t) {
        count(comm, "allgatherv.ring");
        AllgatherRing.allgatherv(new Ctx(comm, TAG_BASE + 52), s, so, scount, r, ro, rcounts, displs, t);
    }

    /** MPI_Alltoallv: linear, at most 32 peers in flight. */
    public static void alltoallv(CoreComm comm, Object s, int so, int[] scounts, int[] sdispls, Object r, int ro,
                                 int[] rcounts, int[] rdispls, BasicType t) {
        count(comm, "alltoallv.linear");
        AlltoallLinear.alltoallv(new Ctx(comm, TAG_BASE + 53), s, so, scounts, sdispls, r, ro, rcounts, rdispls, t);
    }

    private static void count(CoreComm comm, String key) {
        state(comm.engine()).counts.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    // ---------------------------------------------------------------- reporting

    /** How many times each algorithm ran on this rank ("bcast.binomial" -> 3), sorted by name. */
    public static Map<String, Long> counts(Engine engine) {
        Map<String, Long> out = new TreeMap<>();
        state(engine).counts.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /** Whether {@code -Djmpi.coll.stats=true} asks for the counters at Finalize. */
    public static boolean statsRequested() {
        return Boolean.getBoolean("jmpi.coll.stats");
    }
}
