package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Alltoall for ranks that are threads of one JVM, on the communicator's {@link Board}. Up to
 * {@link Shared#STAGE_BYTES} per send vector every rank copies its whole send vector into its staging array,
 * and when all are up copies its block out of every other's (one synchronization); above, the ranks
 * publish references to their send arrays, copy their blocks straight from them and wait until
 * nobody reads their own (two). Needs every member in this JVM and a primitive type. Cost: one or two
 * hand-offs + p n beta_mem per rank (twice when staged), in parallel.
 */
final class AlltoallShared implements AlltoallAlgorithm {
    @Override
    public String name() {
        return "shared";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessShared();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        int p = c.size;
        int me0 = c.rank;
        Board.Member me = Board.member(c);
        long m = me.begin();
        long bytes = (long) count * t.size();
        me.declare(m, count, t, -1);
        boolean staged = bytes * p <= Shared.STAGE_BYTES;
        me.offer(m, staged, s, so, p * count, t);
        me.reach(m, 1);
        me.awaitAll(m, 1);
        me.agreeAll(c, m, count, t, -1);
        for (int j = 0; j < p; j++) {
            if (j == me0) {
                Ctx.copy(s, so + j * count, r, ro + j * count, count);
            } else if (staged) {
                Ctx.copy(me.staged(j, m), me0 * count, r, ro + j * count, count);
            } else {
                Object[] at = me.refs(j, m);
                Ctx.copy(at[0], (int) at[1] + me0 * count, r, ro + j * count, count);
            }
        }
        me.reach(m, 3);
        if (!staged) {
            me.awaitAll(m, 3); // nobody reads my send array any more
        }
    }
}
