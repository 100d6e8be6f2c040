package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Node-aware gather: a gather inside every node to its leader, a gatherv of the nodes' blocks among
 * the leaders to the leader of the root's node, which puts them in rank order (nothing to do when
 * nodes are runs of consecutive ranks) and hands them to the root when it is not the root itself.
 * The inner steps pick their own algorithms from the selection table ({@link Hierarchy#steps}); the
 * leaders' gatherv is linear. Restriction: two nodes or more, one of them with two ranks or more.
 * Cost, with L leaders, a largest node of m ranks and blocks of n bytes: T_gather(m, n) +
 * (L-1)(alpha + m n beta) over the slow links (+ alpha + p n beta when the root does not lead).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class GatherHierarchical implements GatherAlgorithm {
    @Override
    public String name() {
        return "hierarchical";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessNodes(false);
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        Hierarchy h = c.hierarchy();
        Nodes n = h.nodes;
        int p = c.size;
        int rootNode = n.nodeOf(root);
        int rootLeader = n.leader(rootNode);
        Object mine = s;
        int mo = so;
        if (h.local.size() > 1) {
            mine = h.leads() ? Ctx.alloc(t, h.local.size() * count) : null;
            mo = 0;
            h.steps.gather(h.local, s, so, mine, 0, count, t, 0);
        }
        if (h.leads()) {
            int[] counts = n.blockCounts(count);
            int[] displs = Blocks.displs(counts);
            boolean here = h.node == rootNode;
            boolean direct = c.rank == root && n.consecutive();
            Object all = direct ? r : here ? Ctx.alloc(t, p * count) : null;
            h.steps.gatherv(h.leaders, mine, mo, h.local.size() * count, all, direct ? ro : 0, counts, displs, t,
                    rootNode);
            if (here && !direct) {
                Object ordered = c.rank == root ? r : n.consecutive() ? all : Ctx.alloc(t, p * count);
                int oo = c.rank == root ? ro : 0;
                if (ordered != all) {
                    inRankOrder(n, all, displs, ordered, oo, count);
                }
                if (c.rank != root) {
                    c.send(ordered, oo, p * count, t, root);
                }
            }
        } else if (c.rank == root) {
            c.recv(r, ro, p * count, t, rootLeader);
        }
    }

    /** Copies blocks laid out node after node ({@code displs} per node) into rank order at {@code to}. */
    static void inRankOrder(Nodes n, Object from, int[] displs, Object to, int off, int count) {
        for (int j = 0; j < n.count(); j++) {
            int[] m = n.members(j);
            for (int k = 0; k < m.length; k++) {
                Ctx.copy(from, displs[j] + k * count, to, off + m[k] * count, count);
            }
        }
    }
}
