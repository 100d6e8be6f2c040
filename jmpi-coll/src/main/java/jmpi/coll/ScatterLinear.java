package jmpi.coll;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Scatter: the root sends every block at once. Any size. Cost: (p-1)(alpha + n beta) at the root. Also
 * serves MPI_Scatterv ({@link #scatterv}).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ScatterLinear implements ScatterAlgorithm {
    @Override
    public String name() {
        return "linear";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, int root) {
        scatterv(c, s, so, Blocks.counts(c.size, count), Blocks.displs(c.size, count), r, ro, count, t, root);
    }

    /** Block i ({@code scounts[i]} elements at {@code displs[i]} of the root's {@code s}) to rank i's {@code r}. */
    static void scatterv(Ctx c, Object s, int so, int[] scounts, int[] displs, Object r, int ro, int rcount, BasicType t,
                         int root) {
        if (c.rank != root) {
            c.recv(r, ro, rcount, t, root);
            return;
        }
        CoreRequest[] reqs = new CoreRequest[c.size - 1];
        for (int i = 0, dst = 0; dst < c.size; dst++) {
            if (dst == root) {
                Ctx.copy(s, so + displs[dst], r, ro, scounts[dst]);
            } else {
                reqs[i++] = c.isend(s, so + displs[dst], scounts[dst], t, dst);
            }
        }
        c.waitAll(reqs);
    }
}
