package jmpi.coll;

import jmpi.datatype.BasicType;

/** Allgather on a ring: p - 1 steps, each passing on the block received in the step before. Any size. Cost: (p-1)(alpha + n beta). */
final class AllgatherRing implements AllgatherAlgorithm {
    @Override
    public String name() {
        return "ring";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        int p = c.size;
        int me = c.rank;
        Ctx.copy(s, so, r, ro + me * count, count);
        int right = (me + 1) % p;
        int left = (me - 1 + p) % p;
        for (int step = 0; step < p - 1; step++) {
            int sendBlock = (me - step + p) % p;
            int recvBlock = (me - step - 1 + p) % p;
            c.sendrecv(r, ro + sendBlock * count, count, right, r, ro + recvBlock * count, count, left, t);
        }
    }
}
