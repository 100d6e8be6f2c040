package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Node-aware reduce: a reduce inside every node to its leader, a reduce among the leaders to the
 * leader of the root's node, which passes the result on to the root when it is not the root itself.
 * The inner steps pick their own algorithms from the selection table on the node and leaders
 * communicators ({@link Hierarchy}). Nodes of consecutive ranks keep rank order, so a
 * non-commutative operation is fine there. Restriction: two nodes or more, one of them with two ranks
 * or more; a commutative operation when some node's ranks are not consecutive. Cost, with L leaders
 * and a largest node of m ranks: T_reduce(m, n) + T_reduce(L, n) (+ alpha + n beta inside the root's
 * node when the root does not lead it).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ReduceHierarchical implements ReduceAlgorithm {
    @Override
    public String name() {
        return "hierarchical";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessNodes(true);
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root) {
        Hierarchy h = c.hierarchy();
        int rootNode = h.nodes.nodeOf(root);
        int rootLeader = h.nodes.leader(rootNode);
        Object part = s;
        int po = so;
        if (h.local.size() > 1) {
            part = h.leads() ? Ctx.alloc(t, count) : null;
            po = 0;
            h.steps.reduce(h.local, s, so, part, 0, count, t, op, 0);
        }
        if (h.leads()) {
            boolean toRoot = c.rank == root;
            boolean relay = !toRoot && h.node == rootNode;
            Object res = toRoot ? r : relay ? Ctx.alloc(t, count) : null;
            h.steps.reduce(h.leaders, part, po, res, toRoot ? ro : 0, count, t, op, rootNode);
            if (relay) {
                c.send(res, 0, count, t, root);
            }
        } else if (c.rank == root) {
            c.recv(r, ro, count, t, rootLeader);
        }
    }
}
