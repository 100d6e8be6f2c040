package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Gather for ranks that are threads of one JVM, on the communicator's {@link Board}: the root
 * publishes a reference to its receive array, every rank copies its block straight into it at once
 * and returns; the root returns when all blocks are in. Needs every member in this JVM and a
 * primitive type. Cost: two cache-line hand-offs + n beta_mem per rank, in parallel.
 */
final class GatherShared implements GatherAlgorithm {
    @Override
    public String name() {
        return "shared";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessShared();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        Board.Member me = Board.member(c);
        long m = me.begin();
        me.declare(m, count, t, root);
        if (c.rank == root) {
            me.publish(m, r, ro);
            me.reach(m, 2);
            Ctx.copy(s, so, r, ro + root * count, count);
            me.awaitAll(m, 1);
            me.agreeAll(c, m, count, t, root);
            me.awaitAll(m, 3); // every block is in
            me.reach(m, 3);
            return;
        }
        me.reach(m, 1);
        me.awaitRoot(c, root, m, count, t);
        Object[] at = me.refs(root, m);
        Ctx.copy(s, so, at[0], (int) at[1] + c.rank * count, count);
        me.reach(m, 3);
    }
}
