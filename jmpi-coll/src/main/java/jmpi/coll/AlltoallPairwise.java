package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Alltoall by pairwise exchange: in step k send to rank + k and receive from rank - k. Any size. Cost: (p-1)(alpha + n beta).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AlltoallPairwise implements AlltoallAlgorithm {
    @Override
    public String name() {
        return "pairwise";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        int p = c.size;
        int me = c.rank;
        Ctx.copy(s, so + me * count, r, ro + me * count, count);
        for (int k = 1; k < p; k++) {
            int dst = (me + k) % p;
            int src = (me - k + p) % p;
            c.sendrecv(s, so + dst * count, count, dst, r, ro + src * count, count, src, t);
        }
    }
}
