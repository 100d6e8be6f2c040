package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Reduce_scatter as a binomial reduce of the whole vector to rank 0 (rank order kept: any
 * operation) followed by a scatter of the blocks. Cost: log2 p (alpha + n beta + n gamma) + (p-1)(alpha + n/p beta).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ReduceScatterReduceScatterv implements ReduceScatterAlgorithm {
    @Override
    public String name() {
        return "reduce_scatterv";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int[] counts, BasicType t, Combiner op) {
        int total = 0;
        for (int n : counts) {
            total += n;
        }
        Object all = c.rank == 0 ? Ctx.alloc(t, total) : null;
        new ReduceBinomial().run(c, s, so, all, 0, total, t, op, 0);
        int[] displs = new int[counts.length];
        for (int i = 1; i < counts.length; i++) {
            displs[i] = displs[i - 1] + counts[i - 1];
        }
        ScatterLinear.scatterv(c, all, 0, counts, displs, r, ro, counts[c.rank], t, 0);
    }
}
