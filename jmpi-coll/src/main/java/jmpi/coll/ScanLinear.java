package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Inclusive scan along a chain: rank i combines rank i-1's prefix with its own and passes it on. Any operation. Cost: (p-1)(alpha + n beta + n gamma).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ScanLinear implements ScanAlgorithm {
    @Override
    public String name() {
        return "linear";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        Ctx.copy(s, so, r, ro, count);
        if (c.rank > 0) {
            Object prefix = Ctx.alloc(t, count);
            c.recv(prefix, 0, count, t, c.rank - 1);
            op.apply(prefix, 0, r, ro, count, t);
        }
        if (c.rank + 1 < c.size) {
            c.send(r, ro, count, t, c.rank + 1);
        }
    }
}
