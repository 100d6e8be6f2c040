package jmpi.coll;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import jmpi.core.CollectiveTags;
import jmpi.core.CoreComm;
import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.core.jfr.CollectiveEvent;
import jmpi.datatype.BasicType;
import jmpi.spi.Setting;

/**
 * The collectives as the API calls them (the front door): each call gets its tag and context
 * ({@link Ctx}), optionally checks that the ranks agree ({@link Agreement}), picks its algorithm from
 * its collective's typed {@link Menu} (forced by {@code -Djmpi.coll.<collective>=<name>}, else from
 * the selection table, {@code -Djmpi.coll.table=FILE} or the built-in one), counts it and runs it on
 * the communicator's collective context. Arguments are already checked by the API. The vector
 * variants ({@code gatherv}, ...) have one algorithm each. The hierarchical algorithms run their
 * per-level steps through {@link Steps} ({@link #STEPS}): the same pick from the table, never a forced
 * algorithm, never the check.
 *
 * <p>Threads: per-rank state (table, forced choices, cached choices, counters) lives on the rank's
 * engine ({@link State}), since this class is shared by all ranks of a JVM; its maps are concurrent.
 *
 * <p>Every call gets its own tag ({@link CollectiveTags#call}): the collective, the root and the
 * call's number on the communicator, so a message never matches a receive of another call, even when
 * the ranks' calls differ.
 */
public final class Coll {
    /** Most table answers a rank remembers (over all collectives). */
    static final int CHOICES_KEPT = 4096;

    /**
     * Bumped by {@link #rereadForced()}: a chooser whose copy differs reads its {@code -Djmpi.coll.<collective>}
     * again at its next call. Shared by every rank of the JVM, as the system properties are.
     */
    static final AtomicInteger FORCED_GENERATION = new AtomicInteger();

    private Coll() {
    }

    /**
     * Makes every rank of this JVM read the {@code -Djmpi.coll.<collective>} properties again at its next call of
     * each collective (for tools that measure several algorithms in one job, as {@code CollSweep --menu true}
     * does). Change the properties and call this while no rank is inside a call of the collective concerned,
     * and make every rank's next call follow it (a barrier after it): the ranks of one call must run one
     * algorithm. A bad value fails that next call with {@code ERR_ARG}.
     */
    public static void rereadForced() {
        FORCED_GENERATION.incrementAndGet();
    }

    /** Per-rank state: settings read once when the rank's first collective runs. */
    static final class State {
        final Selection table;
        /** {@code -Djmpi.coll.check=true}: the ranks agree on every call's arguments first ({@link Agreement}). */
        final boolean check = CollSetting.CHECK.booleanValue(false);
        /** {@code -Djmpi.coll.nodes=K} and {@code -Djmpi.coll.clusters=K}: blocks of K consecutive world ranks (0: off). */
        private final int[] blocks = CollSetting.blocks(Setting.SYSTEM_PROPERTIES);
        /** {@code -Djmpi.coll.nodes=K}: blocks of K consecutive world ranks count as nodes (0: off). */
        final int nodeBlock = blocks[0];
        /** {@code -Djmpi.coll.clusters=K}: blocks of K consecutive world ranks count as clusters (0: off). */
        final int clusterBlock = blocks[1];
        /** Runs per algorithm ("bcast.binomial"), the vector collectives' included. */
        final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
        /** This rank's outstanding non-blocking collectives ({@link CollRequest}): each one's test advances all. */
        final java.util.Set<CollRequest> active = ConcurrentHashMap.newKeySet();
        /** How many table answers the choosers remember (bounded by {@link #CHOICES_KEPT}). */
        final AtomicInteger choicesKept = new AtomicInteger();
        final Chooser<BarrierAlgorithm> barrier;
        final Chooser<BcastAlgorithm> bcast;
        final Chooser<ReduceAlgorithm> reduce;
        final Chooser<AllreduceAlgorithm> allreduce;
        final Chooser<GatherAlgorithm> gather;
        final Chooser<ScatterAlgorithm> scatter;
        final Chooser<AllgatherAlgorithm> allgather;
        final Chooser<AlltoallAlgorithm> alltoall;
        final Chooser<ReduceScatterAlgorithm> reduceScatter;
        final Chooser<ScanAlgorithm> scan;

        State(Engine engine) {
            engine.collectiveTagNames(tag -> CollectiveTags.describe(tag, Collective::nameOf));
            CollSetting.stageBytes(); // a bad value fails here, as this rank's ERR_ARG, not in Shared's initializer
            String file = CollSetting.TABLE.value();
            if (file.isEmpty()) {
                table = Selection.defaults();
            } else {
                try {
                    table = Selection.read(Path.of(file));
                } catch (IOException | RuntimeException e) {
                    throw new MpiError(ErrorClass.ERR_ARG, CollSetting.TABLE.property() + "=" + file + ": "
                            + e.getMessage(), e);
                }
            }
            barrier = new Chooser<>(this, Registry.BARRIER);
            bcast = new Chooser<>(this, Registry.BCAST);
            reduce = new Chooser<>(this, Registry.REDUCE);
            allreduce = new Chooser<>(this, Registry.ALLREDUCE);
            gather = new Chooser<>(this, Registry.GATHER);
            scatter = new Chooser<>(this, Registry.SCATTER);
            allgather = new Chooser<>(this, Registry.ALLGATHER);
            alltoall = new Chooser<>(this, Registry.ALLTOALL);
            reduceScatter = new Chooser<>(this, Registry.REDUCE_SCATTER);
            scan = new Chooser<>(this, Registry.SCAN);
        }

        void count(String key) {
            counts.computeIfAbsent(key, k -> new LongAdder()).increment();
        }

        private final java.util.concurrent.atomic.AtomicBoolean hooked = new java.util.concurrent.atomic.AtomicBoolean();

        /**
         * Makes every progress of {@code engine} advance this rank's non-blocking collectives (once, at the first
         * one): a rank waiting in a receive or a blocking collective then still forwards and combines for them.
         */
        void hook(Engine engine) {
            if (hooked.compareAndSet(false, true)) {
                engine.addProgressHook(this::poll);
            }
        }

        /** Advances every outstanding non-blocking collective once; how many got anywhere. */
        int poll() {
            if (active.isEmpty()) {
                return 0;
            }
            int n = 0;
            for (CollRequest r : active) {
                n += r.poll();
            }
            return n;
        }
    }

    static State state(Engine e) {
        State s = e.attachment(State.class);
        return s != null ? s : e.attachment(State.class, () -> new State(e));
    }

    /** What the collectives know of {@code comm}: its locality, nodes and hierarchy, kept on it until it is freed. */
    static CommInfo info(CoreComm comm) {
        CommInfo i = comm.attachment(CommInfo.class);
        return i != null ? i : comm.attachment(CommInfo.class, () -> {
            State s = state(comm.engine());
            return new CommInfo(comm, s.nodeBlock, s.clusterBlock, STEPS);
        });
    }

    /** The context of one call of {@code collective} (root -1 when it has none). */
    private static Ctx ctx(CoreComm comm, Collective collective, int root) {
        int call = comm.nextCollectiveCall();
        return new Ctx(comm, CollectiveTags.call(collective.ordinal(), root, call), collective.tableName(), call,
                info(comm));
    }

    private static long bytes(int count, BasicType t) {
        return (long) count * t.size();
    }

    /** What the table and the restrictions see of a call moving {@code count} elements of {@code t} per block. */
    private static Problem problem(Ctx c, long bytes, int count, boolean commutative, BasicType t) {
        return problem(c, bytes, count, commutative, t, null);
    }

    /** ... of a reduction with {@code op} (null: not a reduction). */
    private static Problem problem(Ctx c, long bytes, int count, boolean commutative, BasicType t, Combiner op) {
        CommInfo info = c.info();
        boolean shared = t != BasicType.OBJECT && info.locality() == Locality.JVM;
        return new Problem(c.size, bytes, count, commutative, shared, info.nodes(), LibraryCalls.refusal(info, c.size,
                bytes, t, op));
    }

    // ---------------------------------------------------------------- the collectives

    public static void barrier(CoreComm comm) {
        barrier(comm, true);
    }

    private static void barrier(CoreComm comm, boolean program) {
        CollectiveEvent ev = CollectiveEvent.start();
        State s = state(comm.engine());
        Ctx c = ctx(comm, Collective.BARRIER, -1);
        if (s.check && program) {
            Agreement.check(c, Collective.BARRIER, -1, BasicType.BYTE, 0, null);
        }
        Problem p = problem(c, 0, 0, true, BasicType.BYTE);
        BarrierAlgorithm a = s.barrier.pick(c, p, program);
        a.run(c);
        if (ev != null) {
            record(ev, comm, Collective.BARRIER, a.name(), -1, 0, program);
        }
    }

    public static void bcast(CoreComm comm, Object buf, int off, int count, BasicType t, int root) {
        bcast(comm, buf, off, count, t, root, true);
    }

    private static void bcast(CoreComm comm, Object buf, int off, int count, BasicType t, int root, boolean program) {
        CollectiveEvent ev = CollectiveEvent.start();
        State s = state(comm.engine());
        Ctx c = ctx(comm, Collective.BCAST, root);
        if (s.check && program) {
            Agreement.check(c, Collective.BCAST, root, t, count, null);
        }
        Problem p = problem(c, bytes(count, t), count, true, t);
        BcastAlgorithm a = s.bcast.pick(c, p, program);
        a.run(c, buf, off, count, t, root);
        if (ev != null) {
            record(ev, comm, Collective.BCAST, a.name(), root, p.bytes(), program);
        }
    }

    public static void reduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op,
                              int root) {
        reduce(comm, s, so, r, ro, count, t, op, root, true);
    }

    private static void reduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op,
                               int root, boolean program) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.REDUCE, root);
        if (st.check && program) {
            Agreement.check(c, Collective.REDUCE, root, t, count, op);
        }
        Problem p = problem(c, bytes(count, t), count, op.commutative(), t, op);
        ReduceAlgorithm a = st.reduce.pick(c, p, program);
        a.run(c, s, so, r, ro, count, t, op, root);
        if (ev != null) {
            record(ev, comm, Collective.REDUCE, a.name(), root, p.bytes(), program);
        }
    }

    public static void allreduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        allreduce(comm, s, so, r, ro, count, t, op, true);
    }

    private static void allreduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t,
                                  Combiner op, boolean program) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.ALLREDUCE, -1);
        if (st.check && program) {
            Agreement.check(c, Collective.ALLREDUCE, -1, t, count, op);
        }
        Problem p = problem(c, bytes(count, t), count, op.commutative(), t, op);
        AllreduceAlgorithm a = st.allreduce.pick(c, p, program);
        if (s != null && s == r && so == ro && count > 0 && !a.inPlace()) {
            s = privateCopy(s, so, count, t); // in place, for an algorithm that cannot run so
            so = 0;
        }
        a.run(c, s, so, r, ro, count, t, op);
        if (ev != null) {
            record(ev, comm, Collective.ALLREDUCE, a.name(), -1, p.bytes(), program);
        }
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

    private static void gather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root,
                               boolean program) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.GATHER, root);
        if (st.check && program) {
            Agreement.check(c, Collective.GATHER, root, t, count, null);
        }
        Problem p = problem(c, bytes(count, t), count, true, t);
        GatherAlgorithm a = st.gather.pick(c, p, program);
        a.run(c, s, so, r, ro, count, t, root);
        if (ev != null) {
            record(ev, comm, Collective.GATHER, a.name(), root, p.bytes(), program);
        }
    }

    public static void scatter(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.SCATTER, root);
        if (st.check) {
            Agreement.check(c, Collective.SCATTER, root, t, count, null);
        }
        Problem p = problem(c, bytes(count, t), count, true, t);
        ScatterAlgorithm a = st.scatter.pick(c, p, true);
        a.run(c, s, so, r, ro, count, t, root);
        if (ev != null) {
            record(ev, comm, Collective.SCATTER, a.name(), root, p.bytes(), true);
        }
    }

    public static void allgather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.ALLGATHER, -1);
        if (st.check) {
            Agreement.check(c, Collective.ALLGATHER, -1, t, count, null);
        }
        Problem p = problem(c, bytes(count, t), count, true, t);
        AllgatherAlgorithm a = st.allgather.pick(c, p, true);
        if (s != null && s == r && so == ro + (long) comm.rank() * count && count > 0 && !a.inPlace()) {
            s = privateCopy(s, so, count, t); // the own block in place, for an algorithm that cannot run so
            so = 0;
        }
        a.run(c, s, so, r, ro, count, t);
        if (ev != null) {
            record(ev, comm, Collective.ALLGATHER, a.name(), -1, p.bytes(), true);
        }
    }

    public static void alltoall(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.ALLTOALL, -1);
        if (st.check) {
            Agreement.check(c, Collective.ALLTOALL, -1, t, count, null);
        }
        Problem p = problem(c, bytes(count, t), count, true, t);
        AlltoallAlgorithm a = st.alltoall.pick(c, p, true);
        a.run(c, s, so, r, ro, count, t);
        if (ev != null) {
            record(ev, comm, Collective.ALLTOALL, a.name(), -1, p.bytes(), true);
        }
    }

    public static void reduceScatter(CoreComm comm, Object s, int so, Object r, int ro, int[] counts, BasicType t,
                                     Combiner op) {
        reduceScatter(comm, s, so, r, ro, counts, t, op, true);
    }

    private static void reduceScatter(CoreComm comm, Object s, int so, Object r, int ro, int[] counts, BasicType t,
                                      Combiner op, boolean program) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.REDUCE_SCATTER, -1);
        if (st.check && program) {
            Agreement.check(c, Collective.REDUCE_SCATTER, -1, t, -1, op);
            Agreement.sameCounts(c, "recvcounts", counts);
        }
        long total = 0;
        for (int n : counts) {
            total += n;
        }
        Problem p = problem(c, total * t.size(), (int) Math.min(Integer.MAX_VALUE, total), op.commutative(), t);
        ReduceScatterAlgorithm a = st.reduceScatter.pick(c, p, program);
        a.run(c, s, so, r, ro, counts, t, op);
        if (ev != null) {
            record(ev, comm, Collective.REDUCE_SCATTER, a.name(), -1, p.bytes(), program);
        }
    }

    public static void scan(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.SCAN, -1);
        if (st.check) {
            Agreement.check(c, Collective.SCAN, -1, t, count, op);
        }
        Problem p = problem(c, bytes(count, t), count, op.commutative(), t);
        ScanAlgorithm a = st.scan.pick(c, p, true);
        a.run(c, s, so, r, ro, count, t, op);
        if (ev != null) {
            record(ev, comm, Collective.SCAN, a.name(), -1, p.bytes(), true);
        }
    }

    /** MPI_Gatherv: rank i's {@code scount} elements to the root's {@code r} at {@code displs[i]}. Linear. */
    public static void gatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                               int[] displs, BasicType t, int root) {
        gatherv(comm, s, so, scount, r, ro, rcounts, displs, t, root, true);
    }

    private static void gatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                                int[] displs, BasicType t, int root, boolean program) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.GATHERV, root);
        if (st.check && program) {
            Agreement.check(c, Collective.GATHERV, root, t, -1, null);
            Agreement.rootCounts(c, root, "recvcount", rcounts, scount, "sends");
        }
        st.count("gatherv.linear");
        GatherLinear.gatherv(c, s, so, scount, r, ro, rcounts, displs, t, root);
        if (ev != null) {
            record(ev, comm, Collective.GATHERV, "linear", root, bytes(scount, t), program);
        }
    }

    /** MPI_Scatterv: block i ({@code scounts[i]} elements at {@code displs[i]} of the root's {@code s}) to rank i. Linear. */
    public static void scatterv(CoreComm comm, Object s, int so, int[] scounts, int[] displs, Object r, int ro,
                                int rcount, BasicType t, int root) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.SCATTERV, root);
        if (st.check) {
            Agreement.check(c, Collective.SCATTERV, root, t, -1, null);
            Agreement.rootCounts(c, root, "sendcount", scounts, rcount, "receives");
        }
        st.count("scatterv.linear");
        ScatterLinear.scatterv(c, s, so, scounts, displs, r, ro, rcount, t, root);
        if (ev != null) {
            record(ev, comm, Collective.SCATTERV, "linear", root, bytes(rcount, t), true);
        }
    }

    /** MPI_Allgatherv: rank i's block to every rank's {@code r} at {@code displs[i]}. Ring. */
    public static void allgatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                                  int[] displs, BasicType t) {
        allgatherv(comm, s, so, scount, r, ro, rcounts, displs, t, true);
    }

    private static void allgatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                                   int[] displs, BasicType t, boolean program) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.ALLGATHERV, -1);
        if (st.check && program) {
            Agreement.check(c, Collective.ALLGATHERV, -1, t, -1, null);
            Agreement.sameCounts(c, "recvcount", rcounts); // and the API checked scount against rcounts[rank]
        }
        st.count("allgatherv.ring");
        AllgatherRing.allgatherv(c, s, so, scount, r, ro, rcounts, displs, t);
        if (ev != null) {
            record(ev, comm, Collective.ALLGATHERV, "ring", -1, bytes(scount, t), program);
        }
    }

    /** MPI_Alltoallv: linear, at most 32 peers in flight. */
    public static void alltoallv(CoreComm comm, Object s, int so, int[] scounts, int[] sdispls, Object r, int ro,
                                 int[] rcounts, int[] rdispls, BasicType t) {
        CollectiveEvent ev = CollectiveEvent.start();
        State st = state(comm.engine());
        Ctx c = ctx(comm, Collective.ALLTOALLV, -1);
        if (st.check) {
            Agreement.check(c, Collective.ALLTOALLV, -1, t, -1, null);
            Agreement.pairCounts(c, scounts, rcounts);
        }
        st.count("alltoallv.linear");
        AlltoallLinear.alltoallv(c, s, so, scounts, sdispls, r, ro, rcounts, rdispls, t);
        if (ev != null) {
            long sent = 0;
            for (int n : scounts) {
                sent += n;
            }
            record(ev, comm, Collective.ALLTOALLV, "linear", -1, sent * t.size(), true);
        }
    }

    /** Commits a collective's JFR event ({@code jmpi.Collective}); {@code program} false for a hierarchical step. */
    private static void record(CollectiveEvent ev, CoreComm comm, Collective k, String algorithm, int root, long bytes,
                               boolean program) {
        ev.finish(comm.engine().worldRank(), k.tableName(), algorithm, comm.context(), comm.size(), root, bytes,
                !program);
    }

    // ---------------------------------------------------------------- blocking forms of NonBlocking's schedules

    /** MPI_Exscan: {@link NonBlocking#iexscan} waited for (rank 0's {@code r} untouched). */
    public static void exscan(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        CollectiveEvent ev = CollectiveEvent.start();
        NonBlocking.iexscan(comm, s, so, r, ro, count, t, op).await();
        if (ev != null) {
            record(ev, comm, Collective.EXSCAN, "schedule", -1, bytes(count, t), true);
        }
    }

    /** MPI_Reduce_scatter_block: {@link NonBlocking#ireduceScatterBlock} waited for. */
    public static void reduceScatterBlock(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t,
                                          Combiner op) {
        CollectiveEvent ev = CollectiveEvent.start();
        NonBlocking.ireduceScatterBlock(comm, s, so, r, ro, count, t, op).await();
        if (ev != null) {
            record(ev, comm, Collective.REDUCE_SCATTER_BLOCK, "schedule", -1, bytes(count, t), true);
        }
    }

    /** MPI_Alltoallw, flat (one array, offset, count and type per peer): {@link NonBlocking#ialltoallw} waited for. */
    public static void alltoallw(CoreComm comm, Object[] sbufs, int[] soffs, int[] scounts, BasicType[] stypes,
                                 Object[] rbufs, int[] roffs, int[] rcounts, BasicType[] rtypes) {
        CollectiveEvent ev = CollectiveEvent.start();
        NonBlocking.ialltoallw(comm, sbufs, soffs, scounts, stypes, rbufs, roffs, rcounts, rtypes).await();
        if (ev != null) {
            record(ev, comm, Collective.ALLTOALLW, "schedule", -1, 0, true);
        }
    }

    /** MPI_Neighbor_allgather: {@link NonBlocking#ineighborAllgather} waited for. */
    public static void neighborAllgather(CoreComm comm, int[] sources, int[] destinations, Object s, int so, Object r,
                                         int ro, int count, BasicType t) {
        CollectiveEvent ev = CollectiveEvent.start();
        NonBlocking.ineighborAllgather(comm, sources, destinations, s, so, r, ro, count, t).await();
        if (ev != null) {
            record(ev, comm, Collective.NEIGHBOR_ALLGATHER, "schedule", -1, bytes(count, t), true);
        }
    }

    /** MPI_Neighbor_allgatherv: {@link NonBlocking#ineighborAllgatherv} waited for. */
    public static void neighborAllgatherv(CoreComm comm, int[] sources, int[] destinations, Object s, int so,
                                          int scount, Object r, int ro, int[] rcounts, int[] displs, BasicType t) {
        CollectiveEvent ev = CollectiveEvent.start();
        NonBlocking.ineighborAllgatherv(comm, sources, destinations, s, so, scount, r, ro, rcounts, displs, t).await();
        if (ev != null) {
            record(ev, comm, Collective.NEIGHBOR_ALLGATHERV, "schedule", -1, bytes(scount, t), true);
        }
    }

    /** MPI_Neighbor_alltoall: {@link NonBlocking#ineighborAlltoall} waited for. */
    public static void neighborAlltoall(CoreComm comm, int[] sources, int[] destinations, Object s, int so, Object r,
                                        int ro, int count, BasicType t) {
        CollectiveEvent ev = CollectiveEvent.start();
        NonBlocking.ineighborAlltoall(comm, sources, destinations, s, so, r, ro, count, t).await();
        if (ev != null) {
            record(ev, comm, Collective.NEIGHBOR_ALLTOALL, "schedule", -1, bytes(count, t), true);
        }
    }

    /** MPI_Neighbor_alltoallv: {@link NonBlocking#ineighborAlltoallv} waited for. */
    public static void neighborAlltoallv(CoreComm comm, int[] sources, int[] destinations, Object s, int so,
                                         int[] scounts, int[] sdispls, Object r, int ro, int[] rcounts, int[] rdispls,
                                         BasicType t) {
        CollectiveEvent ev = CollectiveEvent.start();
        NonBlocking.ineighborAlltoallv(comm, sources, destinations, s, so, scounts, sdispls, r, ro, rcounts, rdispls, t)
                .await();
        if (ev != null) {
            record(ev, comm, Collective.NEIGHBOR_ALLTOALLV, "schedule", -1, 0, true);
        }
    }

    /** MPI_Neighbor_alltoallw, flat: {@link NonBlocking#ineighborAlltoallw} waited for. */
    public static void neighborAlltoallw(CoreComm comm, int[] sources, int[] destinations, Object[] sbufs, int[] soffs,
                                         int[] scounts, BasicType[] stypes, Object[] rbufs, int[] roffs, int[] rcounts,
                                         BasicType[] rtypes) {
        CollectiveEvent ev = CollectiveEvent.start();
        NonBlocking.ineighborAlltoallw(comm, sources, destinations, sbufs, soffs, scounts, stypes, rbufs, roffs, rcounts,
                rtypes).await();
        if (ev != null) {
            record(ev, comm, Collective.NEIGHBOR_ALLTOALLW, "schedule", -1, 0, true);
        }
    }

    // ---------------------------------------------------------------- the hierarchical algorithms' steps

    /** The per-level steps of the hierarchical algorithms: table-picked, unchecked (see {@link Steps}). */
    static final Steps STEPS = new Steps() {
        @Override
        public void barrier(CoreComm comm) {
            Coll.barrier(comm, false);
        }

        @Override
        public void bcast(CoreComm comm, Object buf, int off, int count, BasicType t, int root) {
            Coll.bcast(comm, buf, off, count, t, root, false);
        }

        @Override
        public void reduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op,
                           int root) {
            Coll.reduce(comm, s, so, r, ro, count, t, op, root, false);
        }

        @Override
        public void allreduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
            Coll.allreduce(comm, s, so, r, ro, count, t, op, false);
        }

        @Override
        public void reduceScatter(CoreComm comm, Object s, int so, Object r, int ro, int[] counts, BasicType t,
                                  Combiner op) {
            Coll.reduceScatter(comm, s, so, r, ro, counts, t, op, false);
        }

        @Override
        public void gather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
            Coll.gather(comm, s, so, r, ro, count, t, root, false);
        }

        @Override
        public void gatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts, int[] displs,
                            BasicType t, int root) {
            Coll.gatherv(comm, s, so, scount, r, ro, rcounts, displs, t, root, false);
        }

        @Override
        public void allgatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                               int[] displs, BasicType t) {
            Coll.allgatherv(comm, s, so, scount, r, ro, rcounts, displs, t, false);
        }
    };

    // ---------------------------------------------------------------- reporting

    /**
     * The locality the selection table sees for {@code comm} ({@link CommInfo}: clusters first, then JVM, host,
     * hosts or native), computed from what this rank knows, without messages.
     */
    public static Locality locality(CoreComm comm) {
        return info(comm).locality();
    }

    /**
     * How {@code comm} divides into nodes for the hierarchical algorithms (its clusters when its locality is
     * {@code clusters}), or null when it is one node. Collective while they are not known yet (before the
     * communicator's first collective, when its members span several JVMs, the members exchange what they know):
     * every member must call it then.
     */
    public static Nodes nodes(CoreComm comm) {
        return info(comm).nodes();
    }

    /** How many times each algorithm ran on this rank ("bcast.binomial" -> 3), sorted by name. */
    public static Map<String, Long> counts(Engine engine) {
        Map<String, Long> out = new TreeMap<>();
        state(engine).counts.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    /** Whether {@code -Djmpi.coll.stats=true} asks for the counters at Finalize. */
    public static boolean statsRequested() {
        return CollSetting.STATS.booleanValue(false);
    }
}
