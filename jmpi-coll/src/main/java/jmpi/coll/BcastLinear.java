package jmpi.coll;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Broadcast: the root sends to every rank at once (non-blocking). Any size. Cost: (p-1)(alpha + n beta) at the root.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BcastLinear implements BcastAlgorithm {
    @Override
    public String name() {
        return "linear";
    }

    @Override
    public void run(Ctx c, Object buf, int off, int count, BasicType t, int root) {
        if (c.rank != root) {
            c.recv(buf, off, count, t, root);
            return;
        }
        CoreRequest[] sends = new CoreRequest[c.size - 1];
        for (int i = 0, r = 0; r < c.size; r++) {
            if (r != root) {
                sends[i++] = c.isend(buf, off, count, t, r);
            }
        }
        c.waitAll(sends);
    }
}
