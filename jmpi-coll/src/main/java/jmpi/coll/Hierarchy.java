package jmpi.coll;

import jmpi.core.CoreComm;
import jmpi.core.Engine;

/**
 * A communicator cut into its {@link Nodes} for the hierarchical algorithms: this rank's node
 * communicator ({@link #local}: the node's ranks in the parent's rank order, so the leader is its
 * rank 0) and, on leaders, the leaders' communicator ({@link #leaders}: node {@code j}'s leader is its
 * rank {@code j}, since nodes are numbered by their lowest rank). Both are made by
 * {@link Engine#split} on the parent (collective; its traffic uses the engine's own tags, apart from
 * the collectives' ones) and freed with the parent ({@link CommInfo#close}). A hierarchical algorithm
 * runs collectives on them through {@link #steps}. A third level, the {@linkplain #columns() columns}
 * (the ranks of equal rank in their nodes, one per node), is split off at the first algorithm that asks.
 * Immutable apart from that lazily made communicator; the communicators are used by the owning rank's
 * thread only.
 */
final class Hierarchy {
    final Nodes nodes;
    /** This rank's node. */
    final int node;
    /** The communicator of this rank's node. */
    final CoreComm local;
    /** The communicator of the nodes' leaders; null on a rank that does not lead its node. */
    final CoreComm leaders;
    /** Runs the collectives of the levels ({@link #local}, {@link #leaders}). */
    final Steps steps;
    /** For each rank of the parent, its rank in its node's communicator. */
    private final int[] localRank;
    /** The communicator cut into the nodes. */
    private final CoreComm parent;
    /** This rank's column ({@link #columns()}); null until first asked for. */
    private CoreComm columns;

    private Hierarchy(CoreComm parent, Nodes nodes, int node, CoreComm local, CoreComm leaders, Steps steps,
                      int[] localRank) {
        this.parent = parent;
        this.nodes = nodes;
        this.node = node;
        this.local = local;
        this.leaders = leaders;
        this.steps = steps;
        this.localRank = localRank;
    }

    /** Splits {@code comm} by {@code nodes}; its levels' collectives run through {@code steps}. Collective over {@code comm}. */
    static Hierarchy split(CoreComm comm, Nodes nodes, Steps steps) {
        Engine e = comm.engine();
        int me = comm.rank();
        int node = nodes.nodeOf(me);
        boolean leads = nodes.leader(node) == me;
        CoreComm local = e.split(comm, node, me, -1);
        CoreComm leaders;
        try {
            leaders = e.split(comm, leads ? 0 : -1, me, -1);
        } catch (RuntimeException ex) {
            e.free(local);
            throw ex;
        }
        return new Hierarchy(comm, nodes, node, local, leaders, steps, localRanks(nodes, comm.size()));
    }

    /** For each of the {@code size} ranks of the parent, its rank in its node's communicator (parent order kept). */
    static int[] localRanks(Nodes nodes, int size) {
        int[] localRank = new int[size];
        int[] seen = new int[nodes.count()];
        for (int r = 0; r < size; r++) {
            localRank[r] = seen[nodes.nodeOf(r)]++;
        }
        return localRank;
    }

    /** Whether this rank leads its node. */
    boolean leads() {
        return leaders != null;
    }

    /** The rank of parent rank {@code r} in its node's communicator. */
    int localRank(int r) {
        return localRank[r];
    }

    /**
     * The communicator of the ranks whose rank in their node equals this rank's ({@link #local}'s rank):
     * one rank per node that has that many, in the parent's rank order (so column rank {@code j} is in
     * node {@code j} when every node has this rank's local rank). Made by a split of the parent at the first
     * call: collective over the parent, so every member must ask at the same call (an algorithm that uses
     * it does so on every rank).
     */
    synchronized CoreComm columns() {
        if (columns == null) {
            columns = parent.engine().split(parent, local.rank(), parent.rank(), -1);
        }
        return columns;
    }

    synchronized void free(Engine e) {
        try {
            e.free(local);
        } finally {
            try {
                if (leaders != null) {
                    e.free(leaders);
                }
            } finally {
                if (columns != null) {
                    e.free(columns);
                    columns = null;
                }
            }
        }
    }
}
