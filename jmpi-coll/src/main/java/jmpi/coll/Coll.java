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
 *
 * <p>Every call gets its own tag ({@link #tag}): the collective, the root and the call's number on the
 * communicator, so a message never matches a receive of another call, even when the ranks' calls
 * differ. With {@code -Djmpi.coll.check=true} the ranks first agree that their calls match
 * ({@link Agreement}).
 */
public final class Coll {
    /** Tags of the collectives on the collective context (the engine's own use 1-127): see {@link #tag}. */
    private static final int TAG_BASE = 1000;

    /** Every collective's index (in tags and in {@link Agreement}): the menu's, the vector ones, the check. */
    static final List<String> NAMES;
    static final int BARRIER;
    static final int BCAST;
    static final int REDUCE;
    static final int ALLREDUCE;
    static final int GATHER;
    static final int SCATTER;
    static final int ALLGATHER;
    static final int ALLTOALL;
    static final int REDUCE_SCATTER;
    static final int SCAN;
    static final int GATHERV;
    static final int SCATTERV;
    static final int ALLGATHERV;
    static final int ALLTOALLV;
    static final int CHECK;

    static {
        List<String> all = new java.util.ArrayList<>(Registry.collectives());
        all.addAll(List.of("gatherv", "scatterv", "allgatherv", "alltoallv", "jmpi.coll.check"));
        if (all.size() > 64) {
            throw new IllegalStateException("more than 64 collectives do not fit the tag layout");
        }
        NAMES = List.copyOf(all);
        BARRIER = index("barrier");
        BCAST = index("bcast");
        REDUCE = index("reduce");
        ALLREDUCE = index("allreduce");
        GATHER = index("gather");
        SCATTER = index("scatter");
        ALLGATHER = index("allgather");
        ALLTOALL = index("alltoall");
        REDUCE_SCATTER = index("reduce_scatter");
        SCAN = index("scan");
        GATHERV = index("gatherv");
        SCATTERV = index("scatterv");
        ALLGATHERV = index("allgatherv");
        ALLTOALLV = index("alltoallv");
        CHECK = index("jmpi.coll.check");
    }

    private static int index(String name) {
        int i = NAMES.indexOf(name);
        if (i < 0) {
            throw new IllegalStateException("no collective " + name + " in " + NAMES);
        }
        return i;
    }

    /**
     * The tag of one call: {@code TAG_BASE + (call mod 2^14) << 16 | ((root + 1) mod 2^10) << 6 | index}.
     * The call's number keeps a message of an earlier call that went unreceived (the ranks named different
     * roots, say) from being taken by a later one; the root keeps a rank from taking, within one call,
     * data sent under another root. {@link #describeTag} reads it back.
     */
    static int tag(int index, int root, int call) {
        return TAG_BASE + ((call & 0x3FFF) << 16 | ((root + 1) & 0x3FF) << 6 | index);
    }

    /** "bcast call 3 (root 0)" for a tag of {@link #tag}, or null for another tag. */
    static String describeTag(int tag) {
        int t = tag - TAG_BASE;
        if (tag < TAG_BASE || (t & 63) >= NAMES.size()) {
            return null;
        }
        int root = ((t >>> 6) & 0x3FF) - 1;
        return NAMES.get(t & 63) + " call " + (t >>> 16) + (root >= 0 ? " (root " + root + ")" : "");
    }

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
        /** {@code -Djmpi.coll.check=true}: the ranks agree on every call's arguments first ({@link Agreement}). */
        final boolean check = Boolean.getBoolean("jmpi.coll.check");
        /** {@code -Djmpi.coll.nodes=K}: blocks of K consecutive world ranks count as nodes (0: off). */
        final int nodeBlock;

        State(Engine engine) {
            engine.collectiveTagNames(Coll::describeTag);
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
        return e.attachment(State.class, () -> new State(e));
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
    private static Algorithm pick(State s, CoreComm comm, String collective, Problem p, boolean mayForce) {
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

    /** The context of one call of collective {@code index} (root -1 when it has none). */
    private static Ctx ctx(CoreComm comm, int index, int root) {
        int call = comm.nextCollectiveCall();
        return new Ctx(comm, tag(index, root, call), NAMES.get(index), call);
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
        barrier(comm, true);
    }

    static void barrier(CoreComm comm, boolean mayForce) {
        State s = state(comm.engine());
        Ctx c = ctx(comm, BARRIER, -1);
        if (s.check && mayForce) {
            Agreement.check(c, BARRIER, -1, BasicType.BYTE, 0, null);
        }
        Problem p = new Problem(comm.size(), 0, 0, true, shared(comm, BasicType.BYTE), nodes(comm));
        ((BarrierAlgorithm) pick(s, comm, "barrier", p, mayForce)).run(c);
    }

    public static void bcast(CoreComm comm, Object buf, int off, int count, BasicType t, int root) {
        bcast(comm, buf, off, count, t, root, true);
    }

    static void bcast(CoreComm comm, Object buf, int off, int count, BasicType t, int root, boolean mayForce) {
        State s = state(comm.engine());
        Ctx c = ctx(comm, BCAST, root);
        if (s.check && mayForce) {
            Agreement.check(c, BCAST, root, t, count, null);
        }
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, shared(comm, t), nodes(comm));
        ((BcastAlgorithm) pick(s, comm, "bcast", p, mayForce)).run(c, buf, off, count, t, root);
    }

    public static void reduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op,
                              int root) {
        reduce(comm, s, so, r, ro, count, t, op, root, true);
    }

    static void reduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root,
                       boolean mayForce) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, REDUCE, root);
        if (st.check && mayForce) {
            Agreement.check(c, REDUCE, root, t, count, op);
        }
        Problem p = new Problem(comm.size(), bytes(count, t), count, op.commutative(), shared(comm, t), nodes(comm));
        ((ReduceAlgorithm) pick(st, comm, "reduce", p, mayForce)).run(c, s, so, r, ro, count, t, op, root);
    }

    public static void allreduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        allreduce(comm, s, so, r, ro, count, t, op, true);
    }

    static void allreduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op,
                          boolean mayForce) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, ALLREDUCE, -1);
        if (st.check && mayForce) {
            Agreement.check(c, ALLREDUCE, -1, t, count, op);
        }
        Problem p = new Problem(comm.size(), bytes(count, t), count, op.commutative(), shared(comm, t), nodes(comm));
        AllreduceAlgorithm a = (AllreduceAlgorithm) pick(st, comm, "allreduce", p, mayForce);
        if (s != null && s == r && so == ro && count > 0 && !a.inPlace()) {
            s = privateCopy(s, so, count, t); // in place, for an algorithm that cannot run so
            so = 0;
        }
        a.run(c, s, so, r, ro, count, t, op);
    }

    /** A copy of {@code n} elements of {@code a} from {@code offset}. */
    private static Object privateCopy(Object a, int offset, int n, BasicType t) {
        Object copy = Ctx.alloc(t, n);
        Ctx.copy(a, offset, copy, 0, n);
        return copy;
    }

    public static void gather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        gather(comm, s, so, r, ro, count, t, root, true);
    }

    static void gather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root,
                       boolean mayForce) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, GATHER, root);
        if (st.check && mayForce) {
            Agreement.check(c, GATHER, root, t, count, null);
        }
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, shared(comm, t), nodes(comm));
        ((GatherAlgorithm) pick(st, comm, "gather", p, mayForce)).run(c, s, so, r, ro, count, t, root);
    }

    public static void scatter(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, SCATTER, root);
        if (st.check) {
            Agreement.check(c, SCATTER, root, t, count, null);
        }
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, shared(comm, t), nodes(comm));
        ((ScatterAlgorithm) pick(st, comm, "scatter", p, true)).run(c, s, so, r, ro, count, t, root);
    }

    public static void allgather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t) {
        allgather(comm, s, so, r, ro, count, t, true);
    }

    static void allgather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, boolean mayForce) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, ALLGATHER, -1);
        if (st.check && mayForce) {
            Agreement.check(c, ALLGATHER, -1, t, count, null);
        }
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, shared(comm, t), nodes(comm));
        AllgatherAlgorithm a = (AllgatherAlgorithm) pick(st, comm, "allgather", p, mayForce);
        if (s != null && s == r && so == ro + (long) comm.rank() * count && count > 0 && !a.inPlace()) {
            s = privateCopy(s, so, count, t); // the own block in place, for an algorithm that cannot run so
            so = 0;
        }
        a.run(c, s, so, r, ro, count, t);
    }

    public static void alltoall(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, ALLTOALL, -1);
        if (st.check) {
            Agreement.check(c, ALLTOALL, -1, t, count, null);
        }
        Problem p = new Problem(comm.size(), bytes(count, t), count, true, shared(comm, t), nodes(comm));
        ((AlltoallAlgorithm) pick(st, comm, "alltoall", p, true)).run(c, s, so, r, ro, count, t);
    }

    public static void reduceScatter(CoreComm comm, Object s, int so, Object r, int ro, int[] counts, BasicType t,
                                     Combiner op) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, REDUCE_SCATTER, -1);
        if (st.check) {
            Agreement.check(c, REDUCE_SCATTER, -1, t, -1, op);
            Agreement.sameCounts(c, "recvcounts", counts);
        }
        long total = 0;
        for (int n : counts) {
            total += n;
        }
        Problem p = new Problem(comm.size(), total * t.size(), (int) Math.min(Integer.MAX_VALUE, total), op.commutative(),
                shared(comm, t), nodes(comm));
        ((ReduceScatterAlgorithm) pick(st, comm, "reduce_scatter", p, true)).run(c, s, so, r, ro, counts, t, op);
    }

    public static void scan(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, SCAN, -1);
        if (st.check) {
            Agreement.check(c, SCAN, -1, t, count, op);
        }
        Problem p = new Problem(comm.size(), bytes(count, t), count, op.commutative(), shared(comm, t), nodes(comm));
        ((ScanAlgorithm) pick(st, comm, "scan", p, true)).run(c, s, so, r, ro, count, t, op);
    }

    /** MPI_Gatherv: rank i's {@code scount} elements to the root's {@code r} at {@code displs[i]}. Linear. */
    public static void gatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                               int[] displs, BasicType t, int root) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, GATHERV, root);
        if (st.check) {
            Agreement.check(c, GATHERV, root, t, -1, null);
            Agreement.rootCounts(c, root, "recvcount", rcounts, scount, "sends");
        }
        count(st, "gatherv.linear");
        GatherLinear.gatherv(c, s, so, scount, r, ro, rcounts, displs, t, root);
    }

    /** MPI_Scatterv: block i ({@code scounts[i]} elements at {@code displs[i]} of the root's {@code s}) to rank i. Linear. */
    public static void scatterv(CoreComm comm, Object s, int so, int[] scounts, int[] displs, Object r, int ro,
                                int rcount, BasicType t, int root) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, SCATTERV, root);
        if (st.check) {
            Agreement.check(c, SCATTERV, root, t, -1, null);
            Agreement.rootCounts(c, root, "sendcount", scounts, rcount, "receives");
        }
        count(st, "scatterv.linear");
        ScatterLinear.scatterv(c, s, so, scounts, displs, r, ro, rcount, t, root);
    }

    /** MPI_Allgatherv: rank i's block to every rank's {@code r} at {@code displs[i]}. Ring. */
    public static void allgatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                                  int[] displs, BasicType t) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, ALLGATHERV, -1);
        if (st.check) {
            Agreement.check(c, ALLGATHERV, -1, t, -1, null);
            Agreement.sameCounts(c, "recvcount", rcounts); // and the API checked scount against rcounts[rank]
        }
        count(st, "allgatherv.ring");
        AllgatherRing.allgatherv(c, s, so, scount, r, ro, rcounts, displs, t);
    }

    /** MPI_Alltoallv: linear, at most 32 peers in flight. */
    public static void alltoallv(CoreComm comm, Object s, int so, int[] scounts, int[] sdispls, Object r, int ro,
                                 int[] rcounts, int[] rdispls, BasicType t) {
        State st = state(comm.engine());
        Ctx c = ctx(comm, ALLTOALLV, -1);
        if (st.check) {
            Agreement.check(c, ALLTOALLV, -1, t, -1, null);
            Agreement.pairCounts(c, scounts, rcounts);
        }
        count(st, "alltoallv.linear");
        AlltoallLinear.alltoallv(c, s, so, scounts, sdispls, r, ro, rcounts, rdispls, t);
    }

    private static void count(State s, String key) {
        s.counts.computeIfAbsent(key, k -> new LongAdder()).increment();
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
