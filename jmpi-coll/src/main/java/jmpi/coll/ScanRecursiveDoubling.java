package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Inclusive scan by recursive doubling: partners 2^k apart swap their partial reductions; the
 * higher rank adds the lower one's to its result; operands stay in rank order (any operation).
 * Any size. Cost: log2 p (alpha + n beta + 2 n gamma).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ScanRecursiveDoubling implements ScanAlgorithm {
    @Override
    public String name() {
        return "recursive_doubling";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        int p = c.size;
        int me = c.rank;
        Object partial = Ctx.alloc(t, count);
        Ctx.copy(s, so, partial, 0, count);
        Ctx.copy(s, so, r, ro, count);
        Object tmp = Ctx.alloc(t, count);
        for (int mask = 1; mask < p; mask <<= 1) {
            int dst = me ^ mask;
            if (dst >= p) {
                continue;
            }
            c.sendrecv(partial, 0, count, dst, tmp, 0, count, dst, t);
            if (me > dst) {
                op.apply(tmp, 0, partial, 0, count, t);
                op.apply(tmp, 0, r, ro, count, t);
            } else {
                op.apply(partial, 0, tmp, 0, count, t); // tmp = partial op theirs
                Object x = partial;
                partial = tmp;
                tmp = x;
            }
        }
    }
}
