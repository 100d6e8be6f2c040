package jmpi.coll;

import java.util.Arrays;

import jmpi.core.CollectiveTags;
import jmpi.core.CoreComm;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;

/**
 * The non-blocking collectives (MPI-3's {@code MPI_Ibarrier}, {@code MPI_Ibcast}, ...) on flat typed
 * arrays, as {@link Coll}'s blocking ones: a buffer is an array of the {@link BasicType}'s class, an
 * offset and counts in elements; displacements are in elements from the given offset; reductions take
 * a {@link Combiner} ({@code inout = in op inout}, MPI's order: the result is {@code x0 op x1 op ... op
 * x(p-1)}). Each method starts the call and returns its {@link CollRequest}; the data must stay
 * untouched (send side) and unread (receive side) until the request is done. The API layer checks the
 * arguments (these methods check only what would otherwise fail obscurely: roots, ranks, array lengths).
 *
 * <p><b>Schedules, progress.</b> Each call is a libNBC-style schedule ({@link Schedule}, built by
 * {@link Schedules}): rounds of point-to-point transfers on the communicator's collective context
 * followed by local steps, temporaries allocated at the start. Nothing runs it but the rank's own
 * {@link CollRequest#isDone()} / {@link CollRequest#test()} / {@link CollRequest#await()}: no thread is
 * started. Testing or waiting for any one call advances all of the rank's outstanding calls, so ranks
 * may complete them in different orders. A rank that never tests still lets its peers progress as far
 * as its sends were eager and its receives posted; a peer waiting for data this rank must forward or
 * combine waits until it tests (a rank blocked in a receive or a blocking collective does not advance
 * its non-blocking collectives meanwhile).
 *
 * <p><b>Tags, ordering.</b> A call takes its number from {@link CoreComm#nextCollectiveCall()} at its
 * start, as the blocking collectives do, and its tag from {@link CollectiveTags#call} (collective, root,
 * number): MPI has every rank start its collectives on a communicator, blocking or not, in the same
 * order, so the numbers agree and any number of outstanding calls never take each other's messages
 * (while fewer than 2^14 calls are outstanding at once). The {@code jmpi.coll.check} agreement does not
 * run for these calls (it would block).
 *
 * <p><b>In place</b> (MPI_IN_PLACE) is given by aliasing, never by a marker:
 * <ul>
 * <li>{@code iallreduce}, {@code iscan}, {@code iexscan}: {@code s == r} and {@code so == ro};
 * {@code ireduce}: the same at the root (other ranks' {@code r} is not used, may be null);
 * {@code iexscan} never writes rank 0's {@code r}.</li>
 * <li>{@code igather}: at the root, {@code s == r} and {@code so == ro + root * count} (its block is
 * already in place); {@code igatherv}: {@code so == ro + displs[root]}, {@code scount == rcounts[root]}.</li>
 * <li>{@code iscatter}: at the root, {@code r == s} and {@code ro == so + root * count};
 * {@code iscatterv}: {@code ro == so + displs[root]}, {@code rcount == scounts[root]}.</li>
 * <li>{@code iallgather}: on every rank {@code s == r} and {@code so == ro + rank * count};
 * {@code iallgatherv}: {@code so == ro + displs[rank]}, {@code scount == rcounts[rank]}.</li>
 * <li>{@code ireduceScatter} / {@code ireduceScatterBlock}: {@code s == r}, {@code so == ro}: the whole
 * vector is read from there and the rank's block written at {@code ro} at the end.</li>
 * <li>{@code ialltoall(v)}: {@code s == r} (the same array): the send blocks are copied out at the
 * start, so any send layout works (for MPI's in-place form pass the receive counts and displacements
 * as the send ones); {@code ialltoallw}: likewise for each send array that is also a receive array.</li>
 * <li>The neighbour collectives have no in-place form: their send and receive regions must not overlap.</li>
 * </ul>
 *
 * <p><b>Neighbour collectives</b> take the topology's lists: {@code sources} (in-neighbours) and
 * {@code destinations} (out-neighbours), ranks of the communicator, no {@code PROC_NULL}, duplicates
 * allowed (a rank may list itself). Block {@code i} of the receive side comes from {@code sources[i]},
 * block {@code j} of the send side goes to {@code destinations[j]}; between one pair of ranks the k-th
 * block sent matches the k-th block received (list order). Every rank of the communicator must call.
 *
 * <p>Threads: any thread may start a call, but MPI's rule holds: the ranks' calls on a communicator
 * are made in one order (one thread at a time starts collectives on a communicator).
 */
public final class NonBlocking {
    private NonBlocking() {
    }

    // ---------------------------------------------------------------- starting

    /** The schedule of a new call of {@code k} on {@code comm} (root -1: none), its algorithm counted. */
    private static Schedule schedule(CoreComm comm, Collective k, int root, String algorithm) {
        if (comm.isInter()) {
            throw new MpiError(ErrorClass.ERR_COMM, "i" + k.tableName() + ": inter-communicators are not supported");
        }
        if (root != -1 && (root < 0 || root >= comm.size())) {
            throw new MpiError(ErrorClass.ERR_ROOT, "i" + k.tableName() + ": root " + root + " outside [0, "
                    + comm.size() + ")");
        }
        Coll.State st = Coll.state(comm.engine()); // also names this layer's tags for Finalize's report
        st.count("i" + k.tableName() + "." + algorithm);
        int call = comm.nextCollectiveCall();
        return new Schedule(new Ctx(comm, CollectiveTags.call(k.ordinal(), root, call), "i" + k.tableName(), call));
    }

    private static CollRequest start(Schedule s) {
        return new CollRequest(s, Coll.state(s.ctx.engine).active).start();
    }

    private static void length(CoreComm comm, Collective k, String what, int have, int need) {
        if (have < need) {
            throw new MpiError(ErrorClass.ERR_ARG, "i" + k.tableName() + ": " + what + " has " + have
                    + " entries where " + need + " are needed");
        }
    }

    private static void perRank(CoreComm comm, Collective k, String what, int[] a) {
        length(comm, k, what, a.length, comm.size());
    }

    private static void perRank(CoreComm comm, Collective k, String what, Object[] a) {
        length(comm, k, what, a.length, comm.size());
    }

    private static void ranks(CoreComm comm, Collective k, String what, int[] list) {
        for (int x : list) {
            if (x < 0 || x >= comm.size()) {
                throw new MpiError(ErrorClass.ERR_RANK, "i" + k.tableName() + ": " + what + " " + Arrays.toString(list)
                        + " names rank " + x + " outside [0, " + comm.size() + ")");
            }
        }
    }

    // ---------------------------------------------------------------- the collectives

    /** MPI_Ibarrier: dissemination, ceil(log2 p) rounds of empty messages. */
    public static CollRequest ibarrier(CoreComm comm) {
        Schedule s = schedule(comm, Collective.BARRIER, -1, "dissemination");
        Schedules.barrier(s);
        return start(s);
    }

    /** MPI_Ibcast: {@code count} elements at {@code off} from the root to all. Binomial tree. */
    public static CollRequest ibcast(CoreComm comm, Object buf, int off, int count, BasicType t, int root) {
        Schedule s = schedule(comm, Collective.BCAST, root, "binomial");
        Schedules.bcast(s, buf, off, count, t, root);
        return start(s);
    }

    /**
     * MPI_Ireduce: the combination of every rank's {@code count} elements at the root's {@code r}
     * ({@code r} unused elsewhere). Binomial tree; rooted at rank 0 for a non-commutative operation, in
     * rank order, then sent to the root.
     */
    public static CollRequest ireduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t,
                                      Combiner op, int root) {
        Schedule sc = schedule(comm, Collective.REDUCE, root, "binomial");
        Schedules.reduce(sc, s, so, r, ro, count, t, op, root);
        return start(sc);
    }

    /**
     * MPI_Iallreduce: the combination on every rank. Recursive doubling in rank order (any operation; the
     * same operands in the same order on every rank), non-powers of two folded first.
     */
    public static CollRequest iallreduce(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t,
                                         Combiner op) {
        Schedule sc = schedule(comm, Collective.ALLREDUCE, -1, "recursive_doubling");
        Schedules.allreduce(sc, s, so, r, ro, count, t, op);
        return start(sc);
    }

    /** MPI_Igather: rank i's {@code count} elements to the root's {@code r} at {@code ro + i * count}. Linear. */
    public static CollRequest igather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t,
                                      int root) {
        int p = comm.size();
        Schedule sc = schedule(comm, Collective.GATHER, root, "linear");
        Schedules.gatherv(sc, s, so, count, r, ro, Blocks.counts(p, count), Blocks.displs(p, count), t, root);
        return start(sc);
    }

    /**
     * MPI_Igatherv: rank i's {@code scount} elements to the root's {@code r} at {@code ro + displs[i]},
     * where {@code rcounts[i]} must equal it ({@code rcounts}, {@code displs} read at the root only). Linear.
     */
    public static CollRequest igatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                                       int[] displs, BasicType t, int root) {
        if (comm.rank() == root) {
            perRank(comm, Collective.GATHERV, "rcounts", rcounts);
            perRank(comm, Collective.GATHERV, "displs", displs);
        }
        Schedule sc = schedule(comm, Collective.GATHERV, root, "linear");
        Schedules.gatherv(sc, s, so, scount, r, ro, rcounts, displs, t, root);
        return start(sc);
    }

    /** MPI_Iscatter: block i ({@code count} at {@code so + i * count} of the root's {@code s}) to rank i's {@code r}. Linear. */
    public static CollRequest iscatter(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t,
                                       int root) {
        int p = comm.size();
        Schedule sc = schedule(comm, Collective.SCATTER, root, "linear");
        Schedules.scatterv(sc, s, so, Blocks.counts(p, count), Blocks.displs(p, count), r, ro, count, t, root);
        return start(sc);
    }

    /** MPI_Iscatterv: block i ({@code scounts[i]} at {@code so + displs[i]} of the root's {@code s}) to rank i. Linear. */
    public static CollRequest iscatterv(CoreComm comm, Object s, int so, int[] scounts, int[] displs, Object r, int ro,
                                        int rcount, BasicType t, int root) {
        if (comm.rank() == root) {
            perRank(comm, Collective.SCATTERV, "scounts", scounts);
            perRank(comm, Collective.SCATTERV, "displs", displs);
        }
        Schedule sc = schedule(comm, Collective.SCATTERV, root, "linear");
        Schedules.scatterv(sc, s, so, scounts, displs, r, ro, rcount, t, root);
        return start(sc);
    }

    /** MPI_Iallgather: rank i's {@code count} elements to every rank's {@code r} at {@code ro + i * count}. One round. */
    public static CollRequest iallgather(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t) {
        int p = comm.size();
        Schedule sc = schedule(comm, Collective.ALLGATHER, -1, "linear");
        Schedules.allgatherv(sc, s, so, count, r, ro, Blocks.counts(p, count), Blocks.displs(p, count), t);
        return start(sc);
    }

    /** MPI_Iallgatherv: rank i's {@code scount} (= {@code rcounts[i]}) elements to every rank's {@code r} at {@code ro + displs[i]}. One round. */
    public static CollRequest iallgatherv(CoreComm comm, Object s, int so, int scount, Object r, int ro, int[] rcounts,
                                          int[] displs, BasicType t) {
        perRank(comm, Collective.ALLGATHERV, "rcounts", rcounts);
        perRank(comm, Collective.ALLGATHERV, "displs", displs);
        Schedule sc = schedule(comm, Collective.ALLGATHERV, -1, "linear");
        Schedules.allgatherv(sc, s, so, scount, r, ro, rcounts, displs, t);
        return start(sc);
    }

    /** MPI_Ialltoall: block j ({@code count} at {@code so + j * count}) to rank j, received at {@code ro + i * count} from rank i. One round. */
    public static CollRequest ialltoall(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t) {
        int p = comm.size();
        int[] counts = Blocks.counts(p, count);
        int[] displs = Blocks.displs(p, count);
        Schedule sc = schedule(comm, Collective.ALLTOALL, -1, "linear");
        Schedules.alltoallv(sc, s, so, counts, displs, r, ro, counts, displs, t);
        return start(sc);
    }

    /**
     * MPI_Ialltoallv: {@code scounts[j]} elements at {@code so + sdispls[j]} to rank j; {@code rcounts[i]} at
     * {@code ro + rdispls[i]} from rank i (which must be what rank i sends here). One round.
     */
    public static CollRequest ialltoallv(CoreComm comm, Object s, int so, int[] scounts, int[] sdispls, Object r,
                                         int ro, int[] rcounts, int[] rdispls, BasicType t) {
        perRank(comm, Collective.ALLTOALLV, "scounts", scounts);
        perRank(comm, Collective.ALLTOALLV, "sdispls", sdispls);
        perRank(comm, Collective.ALLTOALLV, "rcounts", rcounts);
        perRank(comm, Collective.ALLTOALLV, "rdispls", rdispls);
        Schedule sc = schedule(comm, Collective.ALLTOALLV, -1, "linear");
        Schedules.alltoallv(sc, s, so, scounts, sdispls, r, ro, rcounts, rdispls, t);
        return start(sc);
    }

    /**
     * MPI_Ialltoallw, flat: to rank j goes {@code scounts[j]} elements of {@code stypes[j]} from
     * {@code sbufs[j]} at {@code soffs[j]}; from rank i comes {@code rcounts[i]} of {@code rtypes[i]} into
     * {@code rbufs[i]} at {@code roffs[i]} (each peer its own array and type; arrays may repeat). One round.
     */
    public static CollRequest ialltoallw(CoreComm comm, Object[] sbufs, int[] soffs, int[] scounts, BasicType[] stypes,
                                         Object[] rbufs, int[] roffs, int[] rcounts, BasicType[] rtypes) {
        perRank(comm, Collective.ALLTOALLW, "sbufs", sbufs);
        perRank(comm, Collective.ALLTOALLW, "soffs", soffs);
        perRank(comm, Collective.ALLTOALLW, "scounts", scounts);
        perRank(comm, Collective.ALLTOALLW, "stypes", stypes);
        perRank(comm, Collective.ALLTOALLW, "rbufs", rbufs);
        perRank(comm, Collective.ALLTOALLW, "roffs", roffs);
        perRank(comm, Collective.ALLTOALLW, "rcounts", rcounts);
        perRank(comm, Collective.ALLTOALLW, "rtypes", rtypes);
        Schedule sc = schedule(comm, Collective.ALLTOALLW, -1, "linear");
        Schedules.alltoallw(sc, sbufs, soffs, scounts, stypes, rbufs, roffs, rcounts, rtypes);
        return start(sc);
    }

    /**
     * MPI_Ireduce_scatter: the combination of every rank's vector of {@code sum(counts)} elements at
     * {@code so}, block i ({@code counts[i]} elements, blocks laid end to end) to rank i's {@code r}.
     * Directly, in one round: each rank receives its block from every other and folds them in rank order
     * (any operation).
     */
    public static CollRequest ireduceScatter(CoreComm comm, Object s, int so, Object r, int ro, int[] counts,
                                             BasicType t, Combiner op) {
        perRank(comm, Collective.REDUCE_SCATTER, "counts", counts);
        Schedule sc = schedule(comm, Collective.REDUCE_SCATTER, -1, "direct");
        Schedules.reduceScatter(sc, s, so, r, ro, counts, t, op);
        return start(sc);
    }

    /** MPI_Ireduce_scatter_block: {@link #ireduceScatter} with {@code count} elements per rank. */
    public static CollRequest ireduceScatterBlock(CoreComm comm, Object s, int so, Object r, int ro, int count,
                                                  BasicType t, Combiner op) {
        Schedule sc = schedule(comm, Collective.REDUCE_SCATTER_BLOCK, -1, "direct");
        Schedules.reduceScatter(sc, s, so, r, ro, Blocks.counts(comm.size(), count), t, op);
        return start(sc);
    }

    /** MPI_Iscan: rank i gets {@code x0 op ... op xi}. Recursive doubling in rank order (any operation). */
    public static CollRequest iscan(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t,
                                    Combiner op) {
        Schedule sc = schedule(comm, Collective.SCAN, -1, "recursive_doubling");
        Schedules.scan(sc, s, so, r, ro, count, t, op);
        return start(sc);
    }

    /**
     * MPI_Iexscan: rank i &gt; 0 gets {@code x0 op ... op x(i-1)}; rank 0's {@code r} is left as it was.
     * Recursive doubling in rank order (any operation).
     */
    public static CollRequest iexscan(CoreComm comm, Object s, int so, Object r, int ro, int count, BasicType t,
                                      Combiner op) {
        Schedule sc = schedule(comm, Collective.EXSCAN, -1, "recursive_doubling");
        Schedules.exscan(sc, s, so, r, ro, count, t, op);
        return start(sc);
    }

    /**
     * MPI_Ineighbor_allgather: this rank's {@code count} elements at {@code so} to every destination;
     * block i ({@code count} at {@code ro + i * count}) from {@code sources[i]}. One round.
     */
    public static CollRequest ineighborAllgather(CoreComm comm, int[] sources, int[] destinations, Object s, int so,
                                                 Object r, int ro, int count, BasicType t) {
        neighbours(comm, Collective.NEIGHBOR_ALLGATHER, sources, destinations);
        Schedule sc = schedule(comm, Collective.NEIGHBOR_ALLGATHER, -1, "linear");
        Schedules.neighborAllgatherv(sc, sources, destinations, s, so, count, r, ro,
                Blocks.counts(sources.length, count), Blocks.displs(sources.length, count), t);
        return start(sc);
    }

    /**
     * MPI_Ineighbor_allgatherv: this rank's {@code scount} elements to every destination; block i
     * ({@code rcounts[i]} at {@code ro + displs[i]}) from {@code sources[i]}. One round.
     */
    public static CollRequest ineighborAllgatherv(CoreComm comm, int[] sources, int[] destinations, Object s, int so,
                                                  int scount, Object r, int ro, int[] rcounts, int[] displs,
                                                  BasicType t) {
        neighbours(comm, Collective.NEIGHBOR_ALLGATHERV, sources, destinations);
        length(comm, Collective.NEIGHBOR_ALLGATHERV, "rcounts", rcounts.length, sources.length);
        length(comm, Collective.NEIGHBOR_ALLGATHERV, "displs", displs.length, sources.length);
        Schedule sc = schedule(comm, Collective.NEIGHBOR_ALLGATHERV, -1, "linear");
        Schedules.neighborAllgatherv(sc, sources, destinations, s, so, scount, r, ro, rcounts, displs, t);
        return start(sc);
    }

    /**
     * MPI_Ineighbor_alltoall: block j ({@code count} at {@code so + j * count}) to {@code destinations[j]};
     * block i ({@code count} at {@code ro + i * count}) from {@code sources[i]}. One round.
     */
    public static CollRequest ineighborAlltoall(CoreComm comm, int[] sources, int[] destinations, Object s, int so,
                                                Object r, int ro, int count, BasicType t) {
        neighbours(comm, Collective.NEIGHBOR_ALLTOALL, sources, destinations);
        int nd = destinations.length;
        int ns = sources.length;
        Schedule sc = schedule(comm, Collective.NEIGHBOR_ALLTOALL, -1, "linear");
        Schedules.neighborAlltoallw(sc, sources, destinations, same(s, nd), offsets(so, Blocks.displs(nd, count)),
                Blocks.counts(nd, count), same(t, nd), same(r, ns), offsets(ro, Blocks.displs(ns, count)),
                Blocks.counts(ns, count), same(t, ns));
        return start(sc);
    }

    /**
     * MPI_Ineighbor_alltoallv: block j ({@code scounts[j]} at {@code so + sdispls[j]}) to
     * {@code destinations[j]}; block i ({@code rcounts[i]} at {@code ro + rdispls[i]}) from {@code sources[i]}.
     * One round.
     */
    public static CollRequest ineighborAlltoallv(CoreComm comm, int[] sources, int[] destinations, Object s, int so,
                                                 int[] scounts, int[] sdispls, Object r, int ro, int[] rcounts,
                                                 int[] rdispls, BasicType t) {
        Collective k = Collective.NEIGHBOR_ALLTOALLV;
        neighbours(comm, k, sources, destinations);
        int nd = destinations.length;
        int ns = sources.length;
        length(comm, k, "scounts", scounts.length, nd);
        length(comm, k, "sdispls", sdispls.length, nd);
        length(comm, k, "rcounts", rcounts.length, ns);
        length(comm, k, "rdispls", rdispls.length, ns);
        Schedule sc = schedule(comm, Collective.NEIGHBOR_ALLTOALLV, -1, "linear");
        Schedules.neighborAlltoallw(sc, sources, destinations, same(s, nd), offsets(so, sdispls), scounts,
                same(t, nd), same(r, ns), offsets(ro, rdispls), rcounts, same(t, ns));
        return start(sc);
    }

    /**
     * MPI_Ineighbor_alltoallw, flat: {@code scounts[j]} elements of {@code stypes[j]} from {@code sbufs[j]}
     * at {@code soffs[j]} to {@code destinations[j]}; {@code rcounts[i]} of {@code rtypes[i]} into
     * {@code rbufs[i]} at {@code roffs[i]} from {@code sources[i]}. One round.
     */
    public static CollRequest ineighborAlltoallw(CoreComm comm, int[] sources, int[] destinations, Object[] sbufs,
                                                 int[] soffs, int[] scounts, BasicType[] stypes, Object[] rbufs,
                                                 int[] roffs, int[] rcounts, BasicType[] rtypes) {
        Collective k = Collective.NEIGHBOR_ALLTOALLW;
        neighbours(comm, k, sources, destinations);
        int nd = destinations.length;
        int ns = sources.length;
        length(comm, k, "sbufs", sbufs.length, nd);
        length(comm, k, "soffs", soffs.length, nd);
        length(comm, k, "scounts", scounts.length, nd);
        length(comm, k, "stypes", stypes.length, nd);
        length(comm, k, "rbufs", rbufs.length, ns);
        length(comm, k, "roffs", roffs.length, ns);
        length(comm, k, "rcounts", rcounts.length, ns);
        length(comm, k, "rtypes", rtypes.length, ns);
        Schedule sc = schedule(comm, Collective.NEIGHBOR_ALLTOALLW, -1, "linear");
        Schedules.neighborAlltoallw(sc, sources, destinations, sbufs, soffs, scounts, stypes, rbufs, roffs, rcounts,
                rtypes);
        return start(sc);
    }

    private static void neighbours(CoreComm comm, Collective k, int[] sources, int[] destinations) {
        ranks(comm, k, "sources", sources);
        ranks(comm, k, "destinations", destinations);
    }

    private static Object[] same(Object a, int n) {
        Object[] out = new Object[n];
        Arrays.fill(out, a);
        return out;
    }

    private static BasicType[] same(BasicType t, int n) {
        BasicType[] out = new BasicType[n];
        Arrays.fill(out, t);
        return out;
    }

    private static int[] offsets(int base, int[] displs) {
        int[] out = new int[displs.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = base + displs[i];
        }
        return out;
    }
}
