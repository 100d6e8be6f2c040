package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Scatter for ranks that are threads of one JVM, on the communicator's {@link Board}: the root
 * publishes a reference to its send array, every rank copies its block straight out of it at once;
 * the root returns when all have copied. Needs every member in this JVM and a primitive type. Cost:
 * two cache-line hand-offs + n beta_mem per rank, in parallel.
 */
final class ScatterShared implements ScatterAlgorithm {
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
            me.publish(m, s, so);
            me.reach(m, 2);
            Ctx.copy(s, so + root * count, r, ro, count);
            me.awaitAll(m, 1);
            me.agreeAll(c, m, count, t, root);
            me.awaitAll(m, 3); // nobody reads the send array any more
            me.reach(m, 3);
            return;
        }
        me.reach(m, 1);
        me.awaitRoot(c, root, m, count, t);
        Object[] at = me.refs(root, m);
        Ctx.copy(at[0], (int) at[1] + c.rank * count, r, ro, count);
        me.reach(m, 3);
    }
}
