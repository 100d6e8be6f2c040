package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Node-aware allreduce in which every rank carries a slice across the slow links, not the leaders the
 * whole vector: a reduce-scatter inside every node leaves local rank {@code i} with slice {@code i} of
 * the node's combination ({@link Blocks#split}: m slices of nearly equal size for nodes of m ranks, cut between the operation's items), an
 * allreduce of slice {@code i} among the ranks of local rank {@code i} of all nodes (the
 * {@linkplain Hierarchy#columns() columns}: m of them, in parallel), then an allgather of the slices
 * inside every node. Each step picks its own algorithm from the selection table on its communicator.
 * Nodes of consecutive ranks keep rank order (the node's combination in rank order, then the columns in
 * node order), so a non-commutative operation is fine there. Restriction: two nodes or more, all of the
 * same size, at least two ranks each; a commutative operation when some node's ranks are not consecutive.
 * Cost, with L nodes of m ranks: T_reduce_scatter(m, n) + T_allreduce(L, n/m) over the slow links, m
 * such at once (n per node in all, the least an allreduce moves between two nodes) + T_allgather(m, n);
 * against {@link AllreduceHierarchical}'s T_reduce(m, n) + T_allreduce(L, n) + T_bcast(m, n), in which
 * one rank per node moves everything.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllreduceHierarchicalSlices implements AllreduceAlgorithm {
    @Override
    public String name() {
        return "hierarchical_slices";
    }

    @Override
    public String unusable(Problem p) {
        String why = p.unlessNodes(true);
        if (why != null) {
            return why;
        }
        Nodes n = p.nodes();
        for (int j = 1; j < n.count(); j++) {
            if (n.size(j) != n.size(0)) {
                return "needs nodes of equal size (node 0 has " + n.size(0) + " ranks, node " + j + " has "
                        + n.size(j) + ")";
            }
        }
        return null;
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        Hierarchy h = c.hierarchy();
        int m = h.local.size();
        int me = h.local.rank();
        int[] counts = Blocks.split(count, m, op.unit());
        int[] displs = Blocks.displs(counts);
        Object slice = Ctx.alloc(t, counts[me]);
        h.steps.reduceScatter(h.local, s, so, slice, 0, counts, t, op);
        // The column's result lands in place in r; s is no longer read (r may be s: an in-place call).
        h.steps.allreduce(h.columns(), slice, 0, r, ro + displs[me], counts[me], t, op);
        h.steps.allgatherv(h.local, r, ro + displs[me], counts[me], r, ro, counts, displs, t);
    }
}
