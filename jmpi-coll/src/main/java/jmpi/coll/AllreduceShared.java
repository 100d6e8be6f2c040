package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Allreduce of small vectors for ranks that are threads of one JVM, on the communicator's
 * {@link Board}: each rank copies its vector into its staging array (above {@link Shared#STAGE_BYTES}: publishes a
 * reference to it, and waits for its readers at the end) and raises its counter; when all counters are up, every rank reduces all p staged vectors itself, in rank order (so any operation).
 * One synchronization instead of log2 p rounds of messages; meant for short vectors (the table's
 * threshold), since each rank does the whole reduction. Needs every member in this JVM and a primitive
 * type. Cost: one cache-line hand-off after the last arrival + p n beta_mem + (p-1) n gamma per rank.
 */
final class AllreduceShared implements AllreduceAlgorithm {
    @Override
    public String name() {
        return "shared";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessShared();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        Board.Member me = Board.member(c);
        long m = me.begin();
        long bytes = (long) count * t.size();
        boolean staged = bytes <= Shared.STAGE_BYTES;
        me.offer(m, staged, s, so, count, t);
        me.declare(m, count, t, -1);
        me.reach(m, 1);
        me.awaitAll(m, 1);
        me.agreeAll(c, m, count, t, -1);
        me.fold(m, staged, c.size - 1, op, t, 0, r, ro, count);
        me.reach(m, 3);
        if (!staged) {
            me.awaitAll(m, 3); // nobody reads my send array any more
        }
    }
}
