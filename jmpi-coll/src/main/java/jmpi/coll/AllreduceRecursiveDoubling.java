package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Allreduce by recursive doubling: partners 2^k apart swap whole vectors and combine, the lower
 * rank's operand first, so non-commutative operations are fine; ranks beyond the largest power of
 * two fold into their neighbours first and get the result last. Any size. Cost:
 * log2 p (alpha + n beta + n gamma): the choice for small n.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllreduceRecursiveDoubling implements AllreduceAlgorithm {
    @Override
    public String name() {
        return "recursive_doubling";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        int p = c.size;
        int me = c.rank;
        int pof2 = Integer.highestOneBit(p);
        int rem = p - pof2;
        Object acc = Ctx.alloc(t, count);
        Ctx.copy(s, so, acc, 0, count);
        Object tmp = Ctx.alloc(t, count);
        int newRank;
        if (me < 2 * rem) {
            if (me % 2 == 0) {
                c.send(acc, 0, count, t, me + 1);
                newRank = -1;
            } else {
                c.recv(tmp, 0, count, t, me - 1);
                op.apply(tmp, 0, acc, 0, count, t); // lower rank first
                newRank = me / 2;
            }
        } else {
            newRank = me - rem;
        }
        if (newRank >= 0) {
            for (int mask = 1; mask < pof2; mask <<= 1) {
                int newDst = newRank ^ mask;
                int dst = newDst < rem ? 2 * newDst + 1 : newDst + rem;
                c.sendrecv(acc, 0, count, dst, tmp, 0, count, dst, t);
                if (dst < me) {
                    op.apply(tmp, 0, acc, 0, count, t); // acc = theirs op mine
                } else {
                    op.apply(acc, 0, tmp, 0, count, t); // tmp = mine op theirs
                    Object x = acc;
                    acc = tmp;
                    tmp = x;
                }
            }
        }
        if (me < 2 * rem) {
            if (me % 2 == 1) {
                c.send(acc, 0, count, t, me - 1);
            } else {
                c.recv(acc, 0, count, t, me + 1);
            }
        }
        Ctx.copy(acc, 0, r, ro, count);
    }
}
