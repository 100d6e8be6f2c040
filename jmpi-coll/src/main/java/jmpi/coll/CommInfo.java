package jmpi.coll;

import jmpi.core.CollectiveTags;
import jmpi.core.CoreComm;
import jmpi.datatype.BasicType;
import jmpi.spi.Endpoint;

/**
 * What the collectives know of one communicator, kept on it ({@link CoreComm#attachment}) so that it
 * goes with it at {@code Free} (a context reused by a later communicator starts afresh):
 * <ul>
 *   <li>its locality: {@code jvm} (every member a thread of this JVM), {@code host} (every member on
 *       this host, several JVMs) or {@code hosts}; {@code native} on the native transport (nodes by host); with {@code -Djmpi.coll.nodes=K}, a communicator over
 *       two blocks of K world ranks or more is {@code hosts};</li>
 *   <li>its {@link Nodes}: the blocks of K world ranks with the property; else, by host for
 *       {@code hosts}, by JVM for {@code host}, none (one node) for {@code jvm}. Each rank knows only
 *       whom it shares a host or a JVM with ({@link Endpoint#sharesHostWith},
 *       {@link Endpoint#sharesMemoryWith}), so the members exchange the lowest rank they share one with
 *       (an allgather on the communicator, once, at its first collective that looks at nodes: every
 *       member computes the same locality, so every member takes part at the same call; tag
 *       {@link CollectiveTags#NODE_DISCOVERY});</li>
 *   <li>its {@link Hierarchy} (node and leaders communicators), made at the first hierarchical
 *       algorithm's run and freed with the communicator ({@link #close}).</li>
 * </ul>
 * Threads: a communicator's collectives are called in one order by one thread at a time (MPI's rule);
 * the lazy fields are still guarded by this object.
 */
final class CommInfo implements AutoCloseable {
    private final CoreComm comm;
    private final int block;
    private final Steps steps;
    private final Locality locality;
    private Nodes nodes;
    private boolean nodesKnown;
    private Hierarchy hierarchy;

    /** {@code block}: {@code -Djmpi.coll.nodes} (0: off); {@code steps}: what the hierarchy's levels run. */
    CommInfo(CoreComm comm, int block, Steps steps) {
        this.comm = comm;
        this.block = block;
        this.steps = steps;
        this.locality = computeLocality();
    }

    Locality locality() {
        return locality;
    }

    /** The MPI library's own collectives for this communicator, or null (not native, or an inter-communicator). */
    jmpi.spi.MatchingTransport.LibraryCollectives library() {
        jmpi.spi.MatchingTransport m = comm.engine().endpoint().matching();
        return m == null || comm.isInter() ? null : m.collectives();
    }

    private Locality computeLocality() {
        if (block > 0 && spansBlocks()) {
            return Locality.HOSTS;
        }
        Endpoint ep = comm.engine().endpoint();
        if (ep.matching() != null) {
            return Locality.NATIVE;
        }
        boolean jvm = true;
        boolean host = true;
        for (int i = 0; i < comm.size(); i++) {
            int w = comm.localWorldRank(i);
            jvm &= ep.sharesMemoryWith(w);
            host &= i == comm.rank() || ep.sharesHostWith(w);
        }
        return jvm ? Locality.JVM : host ? Locality.HOST : Locality.HOSTS;
    }

    private boolean spansBlocks() {
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
        int p = comm.size();
        if (block > 0) {
            int[] labels = new int[p];
            for (int i = 0; i < p; i++) {
                labels[i] = comm.localWorldRank(i) / block;
            }
            return Nodes.of(labels);
        }
        if (locality == Locality.JVM || p == 1) {
            return null;
        }
        Endpoint ep = comm.engine().endpoint();
        boolean byHost = locality == Locality.HOSTS || locality == Locality.NATIVE;
        int me = comm.rank();
        int first = me;
        for (int i = 0; i < me; i++) {
            int w = comm.localWorldRank(i);
            if (byHost ? ep.sharesHostWith(w) : ep.sharesMemoryWith(w)) {
                first = i;
                break;
            }
        }
        int[] labels = new int[p];
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
