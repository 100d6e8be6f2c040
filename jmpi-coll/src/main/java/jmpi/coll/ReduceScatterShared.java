package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Reduce_scatter for ranks that are threads of one JVM, on the communicator's {@link Board}: the
 * ranks publish references to their send arrays; rank i folds its own block straight from all of
 * them, in rank order (so any operation), into its receive array; all return when everyone is done
 * reading. Needs every member in this JVM and a primitive type. Cost: two hand-offs + counts[i] (p
 * beta_mem + (p-1) gamma) at rank i, in parallel.
 */
final class ReduceScatterShared implements ReduceScatterAlgorithm {
    @Override
    public String name() {
        return "shared";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessShared();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int[] counts, BasicType t, Combiner op) {
        int p = c.size;
        Board.Member me = Board.member(c);
        long m = me.begin();
        long total = 0;
        int from = 0;
        for (int i = 0; i < p; i++) {
            if (i == c.rank) {
                from = (int) total;
            }
            total += counts[i];
        }
        int count = (int) Math.min(Integer.MAX_VALUE, total);
        me.publish(m, s, so);
        me.declare(m, count, t, -1);
        me.reach(m, 1);
        me.awaitAll(m, 1);
        me.agreeAll(c, m, count, t, -1);
        me.fold(m, false, p - 1, op, t, from, r, ro, counts[c.rank]);
        me.reach(m, 3);
        me.awaitAll(m, 3); // nobody reads my send array any more
    }
}
