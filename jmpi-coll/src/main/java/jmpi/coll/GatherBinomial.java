package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Gather up a binomial tree (ranks relative to the root): each rank collects its subtree's blocks,
 * which are consecutive in relative order, and passes them up in one message. Any size. Cost:
 * log2 p alpha + (p-1)/p n p beta: fewer, larger messages than linear.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class GatherBinomial implements GatherAlgorithm {
    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        int p = c.size;
        int rel = (c.rank - root + p) % p;
        // This rank's subtree spans relative ranks [rel, rel + span).
        int span = 1;
        while ((rel & span) == 0 && span < p) {
            span <<= 1;
        }
        span = Math.min(span, p - rel);
        Object tmp = Ctx.alloc(t, span * count);
        Ctx.copy(s, so, tmp, 0, count);
        int mask = 1;
        while (mask < p) {
            if ((rel & mask) != 0) {
                c.send(tmp, 0, Math.min(mask, p - rel) * count, t, ((rel - mask) + root) % p);
                break;
            }
            int child = rel + mask;
            if (child < p) {
                int blocks = Math.min(mask, p - child);
                c.recv(tmp, mask * count, blocks * count, t, (child + root) % p);
            }
            mask <<= 1;
        }
        if (rel == 0) {
            // tmp holds relative blocks 0..p-1: block j belongs to rank (j + root) % p.
            for (int j = 0; j < p; j++) {
                Ctx.copy(tmp, j * count, r, ro + ((j + root) % p) * count, count);
            }
        }
    }
}
