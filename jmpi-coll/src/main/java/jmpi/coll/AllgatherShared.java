package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Allgather for ranks that are threads of one JVM, on the communicator's {@link Board}. Up to
 * {@link Shared#STAGE_BYTES} per block every rank copies its block into its staging array, and when all
 * are up copies all blocks out (one synchronization); above, the ranks publish references to their
 * send arrays, copy every block straight from them, and wait until nobody reads their own (two).
 * Needs every member in this JVM and a primitive type. Cost: one or two hand-offs + p n beta_mem per
 * rank, in parallel.
 */
final class AllgatherShared implements AllgatherAlgorithm {
    @Override
    public String name() {
        return "shared";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessShared();
    }

    /** Others only read my send block and I write only my receive buffer: my own block in place is a no-op copy. */
    @Override
    public boolean inPlace() {
        return true;
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        Board.Member me = Board.member(c);
        long m = me.begin();
        long bytes = (long) count * t.size();
        me.declare(m, count, t, -1);
        boolean staged = bytes <= Shared.STAGE_BYTES;
        me.offer(m, staged, s, so, count, t);
        me.reach(m, 1);
        me.awaitAll(m, 1);
        me.agreeAll(c, m, count, t, -1);
        for (int j = 0; j < c.size; j++) {
            if (j == c.rank) {
                if (s != r || so != ro + j * count) { // in place, the block is there already: writing it onto
                    Ctx.copy(s, so, r, ro + j * count, count); // itself would only take the readers' cache lines
                }
            } else if (staged) {
                Ctx.copy(me.staged(j, m), 0, r, ro + j * count, count);
            } else {
                Object[] at = me.refs(j, m);
                Ctx.copy(at[0], (int) at[1], r, ro + j * count, count);
            }
        }
        me.reach(m, 3);
        if (!staged) {
            me.awaitAll(m, 3); // nobody reads my send array any more
        }
    }
}
