package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Rabenseifner's allreduce: reduce-scatter by recursive halving, allgather by recursive doubling;
 * a non-power-of-two size folds the extra ranks into neighbours first and hands them the result
 * last (as Rabenseifner and Traeff describe). Commutative operations, at least one element per
 * block. Cost: 2 log2 p alpha + 2 (p-1)/p n beta + (p-1)/p n gamma.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllreduceRabenseifner implements AllreduceAlgorithm {
    @Override
    public String name() {
        return "rabenseifner";
    }

    @Override
    public String unusable(Problem p) {
        return Halving.unusable(p);
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        Object buf = Ctx.alloc(t, count);
        Ctx.copy(s, so, buf, 0, count);
        Halving h = new Halving(c, count, op.unit());
        h.fold(buf, count, t, op);
        if (h.newRank >= 0) {
            h.reduceScatter(buf, t, op);
            h.allgather(buf, t);
        }
        h.unfold(buf, count, t);
        Ctx.copy(buf, 0, r, ro, count);
    }
}
