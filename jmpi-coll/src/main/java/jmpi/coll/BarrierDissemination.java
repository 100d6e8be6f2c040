package jmpi.coll;

import jmpi.core.RecvRequest;
import jmpi.core.SendRequest;
import jmpi.datatype.BasicType;

/**
 * Barrier by dissemination: in round k every rank signals rank + 2^k and waits for rank - 2^k.
 * Any size. Cost: ceil(log2 p) alpha.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BarrierDissemination implements BarrierAlgorithm {
    @Override
    public String name() {
        return "dissemination";
    }

    @Override
    public void run(Ctx c) {
        int p = c.size;
        for (int k = 1; k < p; k <<= 1) {
            RecvRequest r = c.irecv(null, 0, 0, BasicType.BYTE, (c.rank - k + p) % p);
            SendRequest s = c.isend(null, 0, 0, BasicType.BYTE, (c.rank + k) % p);
            c.waitAll(s, r);
        }
    }
}
