package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Scan for ranks that are threads of one JVM, on the communicator's {@link Board}: every rank makes
 * its vector visible (staged up to {@link Shared#STAGE_BYTES}, else by reference) and rank i folds the
 * vectors of ranks 0..i itself, in rank order (so any operation), as soon as those ranks are up.
 * Needs every member in this JVM and a primitive type. Cost: one hand-off + (i+1) n beta_mem + i n
 * gamma at rank i (the last rank does the most); by reference, the ranks also wait for their readers.
 */
final class ScanShared implements ScanAlgorithm {
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
        for (int j = 0; j < c.rank; j++) {
            me.await(j, m, 1);
            me.agree(c, j, m, count, t, -1);
        }
        me.fold(m, staged, c.rank, op, t, 0, r, ro, count); // ranks 0..me, mine as offered
        me.reach(m, 3);
        if (!staged) {
            me.awaitAll(m, 3); // the higher ranks have read my send array
        }
    }
}
