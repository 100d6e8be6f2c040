package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Node-aware barrier: a barrier inside every node (its leader then knows the node has arrived), a
 * barrier among the leaders, then a one-byte broadcast from each leader inside its node (the release:
 * it cannot arrive before the leaders' barrier ended). The inner steps pick their own algorithms from
 * the selection table ({@link Hierarchy}). Restriction: two nodes or more, one of them with two ranks
 * or more. Cost, with L leaders and a largest node of m ranks: T_barrier(m) + T_barrier(L) +
 * T_bcast(m, 1): log2 L slow steps instead of log2 p.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BarrierHierarchical implements BarrierAlgorithm {
    @Override
    public String name() {
        return "hierarchical";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessNodes(false);
    }

    @Override
    public void run(Ctx c) {
        Hierarchy h = c.hierarchy();
        boolean inNode = h.local.size() > 1;
        if (inNode) {
            h.steps.barrier(h.local);
        }
        if (h.leads()) {
            h.steps.barrier(h.leaders);
        }
        if (inNode) {
            h.steps.bcast(h.local, new byte[1], 0, 1, BasicType.BYTE, 0);
        }
    }
}
