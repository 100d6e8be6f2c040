package jmpi.coll;

import java.util.ArrayList;
import java.util.List;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Node-aware alltoall that aggregates at the nodes' leaders (IMPI's and GridMPI's "aggregated" form): every
 * rank sends its whole send buffer to its node's leader; each leader sends every other leader, in one
 * message, the blocks its node's ranks have for that node's ranks; each leader then hands each rank of
 * its node its p blocks in rank order. A slow link is crossed by one message per pair of nodes instead of
 * one per pair of ranks (m_A m_B of them), at the price of two more copies of everything through the
 * leaders: a candidate for small blocks and long delays, where the direct algorithms pay a slow link's delay
 * in many of their steps. Restriction: two nodes or more, one of them with two ranks or more. Cost, with L
 * nodes of m ranks and blocks of n bytes: (m-1)(alpha + p n beta) inside a node twice + (L-1)(alpha_slow +
 * m^2 n beta_slow). A leader holds about three times m p n bytes.
 * Messages go point to point on the parent communicator (one per ordered pair: member to leader, leader to
 * leader, leader to member), so no sub-communicator is needed.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AlltoallHierarchical implements AlltoallAlgorithm {
    @Override
    public String name() {
        return "hierarchical";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessNodes(false);
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        Nodes nodes = c.info().nodes();
        int p = c.size;
        int me = c.rank;
        int node = nodes.nodeOf(me);
        int leader = nodes.leader(node);
        int all = Math.multiplyExact(p, count);
        if (me != leader) {
            // The leader answers only once it has this rank's buffer: sending first keeps s == r safe.
            c.send(s, so, all, t, leader);
            c.recv(r, ro, all, t, leader);
            return;
        }
        int nodeCount = nodes.count();
        int[][] members = new int[nodeCount][];
        for (int b = 0; b < nodeCount; b++) {
            members[b] = nodes.members(b);
        }
        int[] mine = members[node];
        int m = mine.length;
        // The node's send buffers, member by member (this rank's own in place in s).
        Object gathered = Ctx.alloc(t, Math.multiplyExact(m, all));
        List<CoreRequest> fromMembers = new ArrayList<>();
        for (int i = 1; i < m; i++) {
            fromMembers.add(c.irecv(gathered, i * all, all, t, mine[i]));
        }
        List<CoreRequest> pending = new ArrayList<>();
        Object[] in = new Object[nodeCount];
        for (int b = 0; b < nodeCount; b++) {
            if (b != node) {
                int n = Math.multiplyExact(Math.multiplyExact(members[b].length, m), count);
                in[b] = Ctx.alloc(t, n);
                pending.add(c.irecv(in[b], 0, n, t, nodes.leader(b)));
            }
        }
        Ctx.copy(s, so, gathered, 0, all);
        // Only the members: a leader sends to the others before it waits for theirs (no cycle of leaders).
        c.waitAll(fromMembers.toArray(new CoreRequest[0]));
        // To node b's leader: for each member i of this node, its blocks for b's members in their order.
        for (int b = 0; b < nodeCount; b++) {
            if (b == node) {
                continue;
            }
            int[] theirs = members[b];
            Object out = Ctx.alloc(t, Math.multiplyExact(Math.multiplyExact(m, theirs.length), count));
            int at = 0;
            for (int i = 0; i < m; i++) {
                for (int dest : theirs) {
                    Ctx.copy(gathered, i * all + dest * count, out, at, count);
                    at += count;
                }
            }
            pending.add(c.isend(out, 0, at, t, nodes.leader(b)));
        }
        c.waitAll(pending.toArray(new CoreRequest[0])); // the other leaders' messages (and the sends)
        pending.clear();
        // Each member k's p blocks in source-rank order: from this node's gathered buffers or from the
        // message of the source's node (laid out source member by source member, this node's members inside).
        int[] localIndex = Hierarchy.localRanks(nodes, p);
        for (int k = 0; k < m; k++) {
            // this rank's own blocks straight into r; each member's into a new array sent to it
            Object dst = k == 0 ? r : Ctx.alloc(t, all);
            int doff = k == 0 ? ro : 0;
            for (int src = 0; src < p; src++) {
                int b = nodes.nodeOf(src);
                int i = localIndex[src];
                if (b == node) {
                    Ctx.copy(gathered, i * all + mine[k] * count, dst, doff + src * count, count);
                } else {
                    Ctx.copy(in[b], (i * m + k) * count, dst, doff + src * count, count);
                }
            }
            if (k > 0) {
                pending.add(c.isend(dst, 0, all, t, mine[k]));
            }
        }
        c.waitAll(pending.toArray(new CoreRequest[0]));
    }
}
