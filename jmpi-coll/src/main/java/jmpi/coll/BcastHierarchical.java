package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Node-aware broadcast: first inside the root's node from the root (when the root does not lead its
 * node), then among the nodes' leaders from the root's node's leader, then inside every other node
 * from its leader (inside the root's node too when the root leads it). Each step is a broadcast on a
 * node or leaders communicator ({@link Hierarchy}) that picks its own algorithm from the selection
 * table, so inside one JVM the shared-memory ones run. Restriction: two nodes or more, one of them
 * with two ranks or more. Cost, with L leaders and a largest node of m ranks:
 * T_bcast(L, n) over the slow links + at most two T_bcast(m, n) inside nodes, instead of about
 * log2 p slow steps for a flat tree.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BcastHierarchical implements BcastAlgorithm {
    @Override
    public String name() {
        return "hierarchical";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessNodes(false);
    }

    @Override
    public void run(Ctx c, Object buf, int off, int count, BasicType t, int root) {
        Hierarchy h = c.hierarchy();
        int rootNode = h.nodes.nodeOf(root);
        boolean rootLeads = h.nodes.leader(rootNode) == root;
        boolean inNode = h.local.size() > 1;
        if (!rootLeads && h.node == rootNode) {
            h.steps.bcast(h.local, buf, off, count, t, h.localRank(root));
        }
        if (h.leads()) {
            h.steps.bcast(h.leaders, buf, off, count, t, rootNode);
        }
        if (inNode && (h.node != rootNode || rootLeads)) {
            h.steps.bcast(h.local, buf, off, count, t, 0);
        }
    }
}
