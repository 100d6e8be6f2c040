package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Reduce up a binomial tree. A rank holds the combination of a contiguous run of ranks and adds the
 * run just above it, so operands stay in rank order: non-commutative operations are fine. With a
 * commutative operation the tree is rooted at the root (relative ranks); otherwise it is rooted at
 * rank 0, which then sends the result to the root. Any size. Cost: log2 p (alpha + n beta + n gamma).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ReduceBinomial implements ReduceAlgorithm {
    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root) {
        int p = c.size;
        int top = op.commutative() ? root : 0;
        int rel = (c.rank - top + p) % p;
        Object acc = Ctx.alloc(t, count);
        Ctx.copy(s, so, acc, 0, count);
        Object tmp = Ctx.alloc(t, count);
        int mask = 1;
        while (mask < p) {
            if ((rel & mask) == 0) {
                int src = rel | mask;
                if (src < p) {
                    c.recv(tmp, 0, count, t, (src + top) % p);
                    op.apply(acc, 0, tmp, 0, count, t); // tmp = acc op tmp: lower ranks first
                    Object x = acc;
                    acc = tmp;
                    tmp = x;
                }
            } else {
                c.send(acc, 0, count, t, ((rel & ~mask) + top) % p);
                break;
            }
            mask <<= 1;
        }
        if (top == root) {
            if (c.rank == root) {
                Ctx.copy(acc, 0, r, ro, count);
            }
        } else if (c.rank == top) {
            c.send(acc, 0, count, t, root);
        } else if (c.rank == root) {
            c.recv(r, ro, count, t, top);
        }
    }
}
