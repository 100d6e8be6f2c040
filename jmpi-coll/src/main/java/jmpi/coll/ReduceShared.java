package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Reduce for ranks that are threads of one JVM, on the communicator's {@link Board}. Up to
 * {@link Shared#STAGE_BYTES}: every rank copies its vector into its staging array and returns; the root
 * waits for all and reduces the p staged vectors in rank order. Above: the ranks publish references
 * to their send arrays (the root also to its receive array); rank i reduces slice i (whole items)
 * straight from every send array into the root's receive array, in rank order; all return when
 * everyone is done. Any operation. Needs every member in this JVM and a primitive type. Cost, staged:
 * one hand-off + p n beta_mem + (p-1) n gamma at the root; sliced: two hand-offs + n/p (p beta_mem +
 * (p-1) gamma) per rank, in parallel.
 */
final class ReduceShared implements ReduceAlgorithm {
    @Override
    public String name() {
        return "shared";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessShared();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root) {
        int p = c.size;
        Board.Member me = Board.member(c);
        long m = me.begin();
        long bytes = (long) count * t.size();
        me.declare(m, count, t, root);
        if (bytes <= Shared.STAGE_BYTES) {
            Ctx.copy(s, so, me.stage(m, t, count), 0, count);
            if (c.rank != root) {
                // Not done yet (the root may still read the staging array), but nobody need wait for us: check
                // that the rank named root acts as one (it reaches phase 1 on arrival), so ranks that each name
                // another as root get ERR_ROOT rather than returning as if nothing were wrong.
                me.reach(m, 2);
                me.await(root, m, 1);
                me.agree(c, root, m, count, t, root);
                me.reach(m, 3);
                return;
            }
            me.reach(m, 1);
            me.awaitAll(m, 1);
            me.agreeAll(c, m, count, t, root);
            me.fold(m, true, p - 1, op, t, 0, r, ro, count);
            me.reach(m, 3);
            return;
        }
        me.publish(m, s, so, r, ro);
        me.reach(m, 1);
        me.awaitAll(m, 1);
        me.agreeAll(c, m, count, t, root);
        Object[] at = me.refs(root, m);
        int unit = op.unit();
        int from = AllreduceSharedSlices.slice(c.rank, p, count, unit);
        int n = AllreduceSharedSlices.slice(c.rank + 1, p, count, unit) - from;
        me.fold(m, false, p - 1, op, t, from, at[2], (int) at[3] + from, n);
        me.reach(m, 3);
        me.awaitAll(m, 3); // the root's vector is complete, nobody reads my send array any more
    }
}
