package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Allgather by recursive doubling: in step k partners 2^k apart swap the 2^k blocks each holds.
 * Power-of-two sizes only. Cost: log2 p alpha + (p-1) n beta.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllgatherRecursiveDoubling implements AllgatherAlgorithm {
    @Override
    public String name() {
        return "recursive_doubling";
    }

    @Override
    public String unusable(Problem p) {
        return p.powerOfTwo() ? null : "needs a power-of-two number of ranks, not " + p.size();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        int me = c.rank;
        Ctx.copy(s, so, r, ro + me * count, count);
        for (int mask = 1; mask < c.size; mask <<= 1) {
            int partner = me ^ mask;
            int mine = me & ~(mask - 1);
            int theirs = partner & ~(mask - 1);
            c.sendrecv(r, ro + mine * count, mask * count, partner, r, ro + theirs * count, mask * count, partner, t);
        }
    }
}
