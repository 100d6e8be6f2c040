package jmpi.coll;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Gather: every rank sends to the root, which receives all at once. Any size. Cost: (p-1)(alpha + n beta)
 * at the root. Also serves MPI_Gatherv ({@link #gatherv}).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class GatherLinear implements GatherAlgorithm {
    @Override
    public String name() {
        return "linear";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        gatherv(c, s, so, count, r, ro, Blocks.counts(c.size, count), Blocks.displs(c.size, count), t, root);
    }

    /** Rank i's {@code scount} elements to the root's {@code r} at {@code displs[i]} ({@code rcounts} at the root only). */
    static void gatherv(Ctx c, Object s, int so, int scount, Object r, int ro, int[] rcounts, int[] displs, BasicType t,
                        int root) {
        if (c.rank != root) {
            c.send(s, so, scount, t, root);
            return;
        }
        CoreRequest[] reqs = new CoreRequest[c.size - 1];
        for (int i = 0, src = 0; src < c.size; src++) {
            if (src == root) {
                Ctx.copy(s, so, r, ro + displs[src], scount);
            } else {
                reqs[i++] = c.irecv(r, ro + displs[src], rcounts[src], t, src);
            }
        }
        c.waitAll(reqs);
    }
}
