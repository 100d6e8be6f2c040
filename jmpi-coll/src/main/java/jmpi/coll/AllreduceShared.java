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

    /**
     * In place: a staged vector is read from the staging arrays, so the fold may write the array; a larger one
     * is folded into this member's scratch array and copied into place once nobody reads it any more.
     */
    @Override
    public boolean inPlace() {
        return true;
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        Board.Member me = Board.member(c);
        long m = me.begin();
        long bytes = (long) count * t.size();
        boolean staged = bytes <= Shared.STAGE_BYTES;
        boolean aside = !staged && s == r && so == ro;
        me.offer(m, staged, s, so, count, t);
        me.declare(m, count, t, -1);
        me.reach(m, 1);
        me.awaitAll(m, 1);
        me.agreeAll(c, m, count, t, -1);
        Object into = aside ? me.temp(t, count) : r;
        me.fold(m, staged, c.size - 1, op, t, 0, into, aside ? 0 : ro, count);
        me.reach(m, 3);
        if (!staged) {
            me.awaitAll(m, 3); // nobody reads my send array any more
        }
        if (aside) {
            Ctx.copy(into, 0, r, ro, count);
        }
    }
}
