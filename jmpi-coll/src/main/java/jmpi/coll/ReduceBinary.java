package jmpi.coll;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Reduce up a heap-ordered binary tree rooted at the root, receiving from both children at once
 * (non-blocking, Leus's tree). Subtrees are not runs of consecutive ranks: commutative
 * operations only. Cost: about 2 log2 p (alpha + n beta) + 2 log2 p n gamma.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ReduceBinary implements ReduceAlgorithm {
    @Override
    public String name() {
        return "binary";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessCommutative();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root) {
        Object acc = up(c, s, so, count, t, op, root);
        if (c.rank == root) {
            Ctx.copy(acc, 0, r, ro, count);
        }
    }

    /** The tree reduction; returns the combined buffer (the full result at the root). */
    static Object up(Ctx c, Object s, int so, int count, BasicType t, Combiner op, int root) {
        int p = c.size;
        int rel = (c.rank - root + p) % p;
        Object acc = Ctx.alloc(t, count);
        Ctx.copy(s, so, acc, 0, count);
        int children = 0;
        Object[] in = new Object[2];
        CoreRequest[] reqs = new CoreRequest[2];
        for (int child = 2 * rel + 1; child <= 2 * rel + 2 && child < p; child++) {
            in[children] = Ctx.alloc(t, count);
            reqs[children] = c.irecv(in[children], 0, count, t, (child + root) % p);
            children++;
        }
        for (int i = 0; i < children; i++) {
            c.waitAll(reqs[i]);
            op.apply(in[i], 0, acc, 0, count, t);
        }
        if (rel != 0) {
            c.send(acc, 0, count, t, ((rel - 1) / 2 + root) % p);
        }
        return acc;
    }
}
