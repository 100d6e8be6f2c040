package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Reduce_scatter by recursive halving: partners half the communicator apart swap the halves of the
 * vector the other one keeps and combine, until each rank holds its own block. Commutative
 * operations, power-of-two sizes. Cost: log2 p alpha + (p-1)/p n beta + (p-1)/p n gamma.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ReduceScatterRecursiveHalving implements ReduceScatterAlgorithm {
    @Override
    public String name() {
        return "recursive_halving";
    }

    @Override
    public String unusable(Problem p) {
        if (!p.commutative()) {
            return p.unlessCommutative();
        }
        return p.powerOfTwo() ? null : "needs a power-of-two number of ranks, not " + p.size();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int[] counts, BasicType t, Combiner op) {
        int p = c.size;
        int me = c.rank;
        int[] displs = new int[p + 1];
        for (int i = 0; i < p; i++) {
            displs[i + 1] = displs[i] + counts[i];
        }
        Object buf = Ctx.alloc(t, displs[p]);
        Ctx.copy(s, so, buf, 0, displs[p]);
        Object tmp = Ctx.alloc(t, displs[p]);
        // This rank keeps the blocks [lo, hi); each step halves the range.
        int lo = 0;
        int hi = p;
        for (int half = p / 2; half > 0; half /= 2) {
            int partner = me ^ half;
            int mid = lo + half;
            int keepLo = me < partner ? lo : mid;
            int keepHi = me < partner ? mid : hi;
            int giveLo = me < partner ? mid : lo;
            int giveHi = me < partner ? hi : mid;
            int keepN = displs[keepHi] - displs[keepLo];
            c.sendrecv(buf, displs[giveLo], displs[giveHi] - displs[giveLo], partner, tmp, 0, keepN, partner, t);
            op.apply(tmp, 0, buf, displs[keepLo], keepN, t);
            lo = keepLo;
            hi = keepHi;
        }
        Ctx.copy(buf, displs[me], r, ro, counts[me]);
    }
}
