package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Node-aware allgather: a gather inside every node to its leader, an allgatherv of the nodes' blocks
 * among the leaders (put in rank order when nodes are not runs of consecutive ranks), a broadcast of
 * the whole result inside every node. The inner steps pick their own algorithms from the selection
 * table ({@link Hierarchy#steps}); the leaders' allgatherv is a ring. Restriction: two nodes or more, one of
 * them with two ranks or more. Cost, with L leaders, a largest node of m ranks and blocks of n bytes:
 * T_gather(m, n) + (L-1)(alpha + m n beta) over the slow links + T_bcast(m, p n).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllgatherHierarchical implements AllgatherAlgorithm {
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
        Hierarchy h = c.hierarchy();
        Nodes n = h.nodes;
        int p = c.size;
        boolean inNode = h.local.size() > 1;
        Object mine = s;
        int mo = so;
        if (inNode) {
            mine = h.leads() ? Ctx.alloc(t, h.local.size() * count) : null;
            mo = 0;
            h.steps.gather(h.local, s, so, mine, 0, count, t, 0);
        }
        if (h.leads()) {
            int[] counts = n.blockCounts(count);
            int[] displs = Blocks.displs(counts);
            if (n.consecutive()) {
                h.steps.allgatherv(h.leaders, mine, mo, h.local.size() * count, r, ro, counts, displs, t);
            } else {
                Object all = Ctx.alloc(t, p * count);
                h.steps.allgatherv(h.leaders, mine, mo, h.local.size() * count, all, 0, counts, displs, t);
                GatherHierarchical.inRankOrder(n, all, displs, r, ro, count);
            }
        }
        if (inNode) {
            h.steps.bcast(h.local, r, ro, p * count, t, 0);
        }
    }
}
