package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Reduce_scatter by pairwise exchange: in step k a rank sends rank + k its contribution to that
 * rank's block and combines the contribution of rank - k into its own. Commutative operations.
 * Cost: (p-1) alpha + (p-1)/p n beta + (p-1)/p n gamma.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ReduceScatterPairwise implements ReduceScatterAlgorithm {
    @Override
    public String name() {
        return "pairwise";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessCommutative();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int[] counts, BasicType t, Combiner op) {
        int p = c.size;
        int me = c.rank;
        int[] displs = new int[p];
        for (int i = 1; i < p; i++) {
            displs[i] = displs[i - 1] + counts[i - 1];
        }
        Ctx.copy(s, so + displs[me], r, ro, counts[me]);
        Object tmp = Ctx.alloc(t, counts[me]);
        for (int k = 1; k < p; k++) {
            int dst = (me + k) % p;
            int src = (me - k + p) % p;
            c.sendrecv(s, so + displs[dst], counts[dst], dst, tmp, 0, counts[me], src, t);
            op.apply(tmp, 0, r, ro, counts[me], t);
        }
    }
}
