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
        /** Locality of communicators by context. */
        final Map<Integer, String> locality = new ConcurrentHashMap<>();

        State() {
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
                  boolean sharedMemory) {
    }

    /** "jvm" when every member of {@code comm} shares this JVM, else "processes" (cached per communicator). */
    static String locality(CoreComm comm) {
        return state(comm.engine()).locality.computeIfAbsent(comm.context(), c -> computeLocality(comm));
    }

    private static String computeLocality(CoreComm comm) {
        var ep = comm.engine().endpoint();
        for (int i = 0; i < comm.size(); i++) {
            if (!ep.sharesMemoryWith(comm.localWorldRank(i))) {
                return "processes";
            }
        }
        return "jvm";
    }

    /** Chooses, counts and returns the algorithm of {@code collective} for {@code p}. */
    static Algorithm pick(CoreComm comm, String collective, Problem p) {
        State s = state(comm.engine());
        Algorithm a = s.forced.get(collective);
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
            Choice key = new Choice(collective, loc, p.size(), p.bytes(), p.count(), p.commutative(), p.sharedMemory());
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

    /** Whether the shared-memory algorithms may run a call on {@code comm} with elements of {@code t}. */
    private static boolean shared(CoreComm comm, BasicType t) {
        return t != BasicType.OBJECT && locality(comm).equals("jvm");
    }

    public static void barrier(CoreComm comm) {
        Problem p = new Problem(comm.size(), 0, 0, true, shared(comm, BasicType.BYTE));
        ((BarrierAlgorithm) pick(comm, "barrier", p)).run(ctx(comm, "barrier"));
    }

    public static void bcast(CoreComm comm, Object buf, int off, int count, BasicType t, int root) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, shared(comm, t));
        ((BcastAlgorithm) pick(comm, "bcast", p)).run(ctx(comm, "bcast"), buf, off, count, t, root);
    }

    public static void reduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op,
                              int root) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, op.commutative(), shared(comm, t));
        ((ReduceAlgorithm) pick(comm, "reduce", p)).run(ctx(comm, "reduce"), s, so, r, ro, count, t, op, root);
    }

    public static void allreduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, op.commutative(), shared(comm, t));
        ((AllreduceAlgorithm) pick(comm, "allreduce", p)).run(ctx(comm, "allreduce"), s, so, r, ro, count, t, op);
    }

    public static void gather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, shared(comm, t));
        ((GatherAlgorithm) pick(comm, "gather", p)).run(ctx(comm, "gather"), s, so, r, ro, count, t, root);
    }

    public static void scatter(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, shared(comm, t));
        ((ScatterAlgorithm) pick(comm, "scatter", p)).run(ctx(comm, "scatter"), s, so, r, ro, count, t, root);
    }

    public static void allgather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, shared(comm, t));
        ((AllgatherAlgorithm) pick(comm, "allgather", p)).run(ctx(comm, "allgather"), s, so, r, ro, count, t);
    }

    public static void alltoall(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, shared(comm, t));
        ((AlltoallAlgorithm) pick(comm, "alltoall", p)).run(ctx(comm, "alltoall"), s, so, r, ro, count, t);
    }

    public static void reduceScatter(CoreComm comm, Object s, int so, Object r, int ro, int[] counts, BasicType t,
                                     Combiner op) {
        long total = 0;
        for (int n : counts) {
            total += n;
        }
        Problem p = new Problem(comm.size(), total * t.size(), (int) Math.min(Integer.MAX_VALUE, total), op.commutative(),
                shared(comm, t));
        ((ReduceScatterAlgorithm) pick(comm, "reduce_scatter", p)).run(ctx(comm, "reduce_scatter"), s, so, r, ro,
                counts, t, op);
    }

    public static void scan(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        Problem p = new Problem(comm.size(), bytes(count, t), count, op.commutative(), shared(comm, t));
        ((ScanAlgorithm) pick(comm, "scan", p)).run(ctx(comm, "scan"), s, so, r, ro, count, t, op);
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
