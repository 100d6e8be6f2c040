package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Node-aware allreduce: a reduce inside every node to its leader, an allreduce among the leaders, a
 * broadcast inside every node. Each step picks its own algorithm from the selection table on the
 * node or leaders communicator ({@link Hierarchy}): inside one JVM the shared-memory ones run.
 * Nodes of consecutive ranks keep rank order (the node's reduce, then the leaders' allreduce in
 * node order), so a non-commutative operation is fine there. Restriction: two nodes or more, one of
 * them with two ranks or more; a commutative operation when some node's ranks are not consecutive.
 * Cost, with L leaders and a largest node of m ranks: T_reduce(m, n) + T_allreduce(L, n) +
 * T_bcast(m, n); only the middle term crosses the slow links.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllreduceHierarchical implements AllreduceAlgorithm {
    @Override
    public String name() {
        return "hierarchical";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessNodes(true);
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        Hierarchy h = c.hierarchy();
        boolean inNode = h.local.size() > 1;
        Object part = s;
        int po = so;
        if (inNode) {
            // The node's combination lands in a scratch array on the leader (r is the leaders' result).
            part = h.leads() ? Ctx.alloc(t, count) : null;
            po = 0;
            h.steps.reduce(h.local, s, so, part, 0, count, t, op, 0);
        }
        if (h.leads()) {
            h.steps.allreduce(h.leaders, part, po, r, ro, count, t, op);
        }
        if (inNode) {
            h.steps.bcast(h.local, r, ro, count, t, 0);
        }
    }
}
