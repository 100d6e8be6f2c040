package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Allreduce as a binomial reduce to rank 0 followed by a binomial broadcast. Keeps rank order (any
 * operation). Cost: 2 log2 p (alpha + n beta) + log2 p n gamma.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllreduceReduceBcast implements AllreduceAlgorithm {
    @Override
    public String name() {
        return "reduce_bcast";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        new ReduceBinomial().run(c, s, so, r, ro, count, t, op, 0);
        new BcastBinomial().run(c, r, ro, count, t, 0);
    }
}
