package jmpi.coll;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/** Gather: every rank sends to the root, which receives all at once. Any size. Cost: (p-1)(alpha + n beta) at the root. */
final class GatherLinear implements GatherAlgorithm {
    @Override
    public String name() {
        return "linear";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        if (c.rank != root) {
            c.send(s, so, count, t, root);
            return;
        }
        CoreRequest[] reqs = new CoreRequest[c.size - 1];
        for (int i = 0, src = 0; src < c.size; src++) {
            if (src == root) {
                Ctx.copy(s, so, r, ro + src * count, count);
            } else {
                reqs[i++] = c.irecv(r, ro + src * count, count, t, src);
            }
        }
        c.waitAll(reqs);
    }
}
