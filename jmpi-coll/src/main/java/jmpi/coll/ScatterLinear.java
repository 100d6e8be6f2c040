package jmpi.coll;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/** Scatter: the root sends every block at once. Any size. Cost: (p-1)(alpha + n beta) at the root. */
final class ScatterLinear implements ScatterAlgorithm {
    @Override
    public String name() {
        return "linear";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        if (c.rank != root) {
            c.recv(r, ro, count, t, root);
            return;
        }
        CoreRequest[] reqs = new CoreRequest[c.size - 1];
        for (int i = 0, dst = 0; dst < c.size; dst++) {
            if (dst == root) {
                Ctx.copy(s, so + dst * count, r, ro, count);
            } else {
                reqs[i++] = c.isend(s, so + dst * count, count, t, dst);
            }
        }
        c.waitAll(reqs);
    }
}
