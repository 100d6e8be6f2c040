package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Allgather on a ring: p - 1 steps, each passing on the block received in the step before. Any size.
 * Cost: (p-1)(alpha + n beta). Also serves MPI_Allgatherv ({@link #allgatherv}).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllgatherRing implements AllgatherAlgorithm {
    @Override
    public String name() {
        return "ring";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        allgatherv(c, s, so, count, r, ro, Blocks.counts(c.size, count), Blocks.displs(c.size, count), t);
    }

    /** Rank i's {@code scount} elements to every rank's {@code r} at {@code displs[i]}. */
    static void allgatherv(Ctx c, Object s, int so, int scount, Object r, int ro, int[] rcounts, int[] displs,
                           BasicType t) {
        int p = c.size;
        int me = c.rank;
        Ctx.copy(s, so, r, ro + displs[me], scount);
        int right = (me + 1) % p;
        int left = (me - 1 + p) % p;
        for (int step = 0; step < p - 1; step++) {
            int sb = (me - step + p) % p;
            int rb = (me - step - 1 + p) % p;
            c.sendrecv(r, ro + displs[sb], rcounts[sb], right, r, ro + displs[rb], rcounts[rb], left, t);
        }
    }
}
