package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Scatter down a binomial tree (ranks relative to the root): each rank receives its subtree's blocks
 * in one message and passes the upper halves on. Any size. Cost: log2 p alpha + (p-1)/p n p beta.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ScatterBinomial implements ScatterAlgorithm {
    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        int p = c.size;
        int rel = (c.rank - root + p) % p;
        Object tmp;
        int mask = 1;
        if (rel == 0) {
            // Relative order: block j of tmp is for rank (j + root) % p.
            tmp = Ctx.alloc(t, p * count);
            for (int j = 0; j < p; j++) {
                Ctx.copy(s, so + ((j + root) % p) * count, tmp, j * count, count);
            }
            while (mask < p) {
                mask <<= 1;
            }
        } else {
            while ((rel & mask) == 0) {
                mask <<= 1;
            }
            int blocks = Math.min(mask, p - rel);
            tmp = Ctx.alloc(t, blocks * count);
            c.recv(tmp, 0, blocks * count, t, ((rel - mask) + root) % p);
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            int child = rel + mask;
            if (child < p) {
                c.send(tmp, mask * count, Math.min(mask, p - child) * count, t, (child + root) % p);
            }
        }
        Ctx.copy(tmp, 0, r, ro, count);
    }
}
