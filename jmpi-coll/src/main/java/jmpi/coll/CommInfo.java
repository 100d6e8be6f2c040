package jmpi.coll;

import jmpi.core.CollectiveTags;
import jmpi.core.CoreComm;
import jmpi.datatype.BasicType;
import jmpi.spi.Endpoint;

/**
 * What the collectives know of one communicator, kept on it ({@link CoreComm#attachment}) so that it
 * goes with it at {@code Free} (a context reused by a later communicator starts afresh):
 * <ul>
 *   <li>its locality: {@code clusters} when its members are in two clusters or more (checked first:
 *       {@link Endpoint#sharesClusterWith}, or with {@code -Djmpi.coll.clusters=K} two blocks of K world
 *       ranks or more, the blocks then replacing what the transports report); else {@code jvm} (every
 *       member a thread of this JVM), {@code host} (every member on this host, several JVMs) or
 *       {@code hosts}; {@code native} on the native transport (nodes by host); with
 *       {@code -Djmpi.coll.nodes=K}, a communicator over two blocks of K world ranks or more is
 *       {@code hosts};</li>
 *   <li>its {@link Nodes}: for {@code clusters} its clusters (the blocks of {@code -Djmpi.coll.clusters},
 *       else by {@link Endpoint#sharesClusterWith}); else the blocks of {@code -Djmpi.coll.nodes}; else, by
 *       host for {@code hosts}, by JVM for {@code host}, none (one node) for {@code jvm}. Each rank knows
 *       only whom it shares a cluster, a host or a JVM with ({@link Endpoint#sharesClusterWith},
 *       {@link Endpoint#sharesHostWith}, {@link Endpoint#sharesMemoryWith}), so the members exchange the
 *       lowest rank they share one with (an allgather on the communicator, once, at its first collective
 *       that looks at nodes: every member computes the same locality, so every member takes part at the
 *       same call; tag {@link CollectiveTags#NODE_DISCOVERY});</li>
 *   <li>its {@link Hierarchy} (node and leaders communicators), made at the first hierarchical
 *       algorithm's run and freed with the communicator ({@link #close}). For {@code clusters} its node
 *       communicators are the clusters: each spans one cluster only, so it gets its own locality
 *       ({@code hosts}, {@code host}, {@code jvm} or {@code native}) and, in turn, its own hierarchy by
 *       host.</li>
 * </ul>
 * Threads: a communicator's collectives are called in one order by one thread at a time (MPI's rule);
 * the lazy fields are still guarded by this object.
 */
final class CommInfo implements AutoCloseable {
    private final CoreComm comm;
    private final int nodeBlock;
    private final int clusterBlock;
    private final Steps steps;
    private final Locality locality;
    /** The MPI library's collectives for this communicator, or null: asked of the endpoint once. */
    private final jmpi.spi.MatchingTransport.LibraryCollectives library;
    private Nodes nodes;
    private boolean nodesKnown;
    private Hierarchy hierarchy;

    /**
     * {@code nodeBlock}: {@code -Djmpi.coll.nodes} (0: off); {@code clusterBlock}: {@code -Djmpi.coll.clusters}
     * (0: off; a multiple of {@code nodeBlock} when both are set); {@code steps}: what the hierarchy's levels run.
     */
    CommInfo(CoreComm comm, int nodeBlock, int clusterBlock, Steps steps) {
        this.comm = comm;
        this.nodeBlock = nodeBlock;
        this.clusterBlock = clusterBlock;
        this.steps = steps;
        this.locality = computeLocality();
        jmpi.spi.MatchingTransport m = comm.engine().endpoint().matching();
        this.library = m == null || comm.isInter() ? null : m.collectives();
    }

    Locality locality() {
        return locality;
    }

    /** The MPI library's own collectives for this communicator, or null (not native, or an inter-communicator). */
    jmpi.spi.MatchingTransport.LibraryCollectives library() {
        return library;
    }

    private Locality computeLocality() {
        Endpoint ep = comm.engine().endpoint();
        if (clusterBlock > 0 ? spansBlocks(clusterBlock) : !allShare(ep::sharesClusterWith)) {
            return Locality.CLUSTERS;
        }
        if (nodeBlock > 0 && spansBlocks(nodeBlock)) {
            return Locality.HOSTS;
        }
        if (ep.matching() != null) {
            return Locality.NATIVE;
        }
        boolean jvm = true;
        for (int i = 0; i < comm.size(); i++) {
            jvm &= ep.sharesMemoryWith(comm.localWorldRank(i)); // itself too: tcp shares no memory even with itself
        }
        return jvm ? Locality.JVM : allShare(ep::sharesHostWith) ? Locality.HOST : Locality.HOSTS;
    }

    /**
     * Whether this rank shares the relation with every other member. For an equivalence (a cluster, a host)
     * every member answers alike: when two members differ, every member differs from one of them.
     */
    private boolean allShare(java.util.function.IntPredicate shares) {
        for (int i = 0; i < comm.size(); i++) {
            if (i != comm.rank() && !shares.test(comm.localWorldRank(i))) {
                return false;
            }
        }
        return true;
    }

    private boolean spansBlocks(int block) {
        int first = comm.localWorldRank(0) / block;
        for (int i = 1; i < comm.size(); i++) {
            if (comm.localWorldRank(i) / block != first) {
                return true;
            }
        }
        return false;
    }

    /** The communicator's nodes, or null when it is one node (see the class comment; collective on first use). */
    synchronized Nodes nodes() {
        if (!nodesKnown) {
            nodes = computeNodes();
            nodesKnown = true;
        }
        return nodes;
    }

    private Nodes computeNodes() {
        Endpoint ep = comm.engine().endpoint();
        if (locality == Locality.CLUSTERS) {
            return clusterBlock > 0 ? blocks(clusterBlock) : discover(ep::sharesClusterWith);
        }
        if (nodeBlock > 0) {
            return blocks(nodeBlock);
        }
        if (locality == Locality.JVM || comm.size() == 1) {
            return null;
        }
        boolean byHost = locality == Locality.HOSTS || locality == Locality.NATIVE;
        return discover(byHost ? ep::sharesHostWith : ep::sharesMemoryWith);
    }

    /** The nodes as blocks of {@code block} consecutive world ranks. */
    private Nodes blocks(int block) {
        int p = comm.size();
        int[] labels = new int[p];
        for (int i = 0; i < p; i++) {
            labels[i] = comm.localWorldRank(i) / block;
        }
        return Nodes.of(labels);
    }

    /**
     * The nodes as the classes of {@code shares} (an equivalence on world ranks): each member finds the
     * lowest member it shares one with, and the members allgather it (collective).
     */
    private Nodes discover(java.util.function.IntPredicate shares) {
        int me = comm.rank();
        int first = me;
        for (int i = 0; i < me; i++) {
            if (shares.test(comm.localWorldRank(i))) {
                first = i;
                break;
            }
        }
        int[] labels = new int[comm.size()];
        new AllgatherBruck().run(new Ctx(comm, CollectiveTags.NODE_DISCOVERY, "node discovery", 0), new int[] {first}, 0,
                labels, 0, 1, BasicType.INT);
        return Nodes.of(labels);
    }

    /** The node and leaders communicators (collective on first use: every member runs the same algorithm). */
    synchronized Hierarchy hierarchy() {
        if (hierarchy == null) {
            Nodes n = nodes();
            if (n == null || !n.splits()) {
                throw new IllegalStateException("a hierarchy over a communicator that is one node or single ranks");
            }
            hierarchy = Hierarchy.split(comm, n, steps);
        }
        return hierarchy;
    }

    /** Frees the node and leaders communicators (the communicator is being freed). */
    @Override
    public synchronized void close() {
        if (hierarchy != null) {
            Hierarchy h = hierarchy;
            hierarchy = null;
            h.free(comm.engine());
        }
    }
}
