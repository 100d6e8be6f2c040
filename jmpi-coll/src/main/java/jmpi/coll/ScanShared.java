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
        if (staged) {
            Ctx.copy(s, so, me.stage(m, t, count), 0, count);
        } else {
            me.publish(m, s, so);
        }
        me.declare(m, count, t, -1);
        me.reach(m, 1);
        Object[] arrays = me.arrays();
        int[] offsets = me.offsets();
        for (int j = 0; j < c.rank; j++) {
            me.await(j, m, 1);
            me.agree(c, j, m, count, t, -1);
            if (staged) {
                arrays[j] = me.staged(j, m);
                offsets[j] = 0;
            } else {
                Object[] ref = me.refs(j, m);
                arrays[j] = ref[0];
                offsets[j] = (int) ref[1];
            }
        }
        arrays[c.rank] = s;
        offsets[c.rank] = so;
        Board.Member.fold(op, t, c.rank, arrays, offsets, 0, r, ro, count);
        me.reach(m, 3);
        if (!staged) {
            me.awaitAll(m, 3); // the higher ranks have read my send array
        }
    }
}
