package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Barrier by a binomial tree: empty messages gathered to rank 0, then a binomial broadcast of an
 * empty message. Any size. Cost: 2 ceil(log2 p) alpha.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BarrierTree implements BarrierAlgorithm {
    @Override
    public String name() {
        return "tree";
    }

    @Override
    public void run(Ctx c) {
        int p = c.size;
        int me = c.rank;
        int mask = 1;
        while (mask < p) {
            if ((me & mask) != 0) {
                c.send(null, 0, 0, BasicType.BYTE, me - mask);
                break;
            }
            if (me + mask < p) {
                c.recv(null, 0, 0, BasicType.BYTE, me + mask);
            }
            mask <<= 1;
        }
        new BcastBinomial().run(c, null, 0, 0, BasicType.BYTE, 0);
    }
}
