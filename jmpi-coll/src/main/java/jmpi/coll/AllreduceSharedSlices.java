package jmpi.coll;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Allreduce for ranks that are threads of one JVM, through shared memory: the ranks swap references
 * to their send and receive arrays (no data moves by message), then rank i reduces slice i of the
 * vector straight from every rank's send array into its own receive array, in rank order (so any
 * operation, commutative or not), then copies every other slice from the rank that reduced it. Two
 * barriers keep the arrays in place while others read them. Needs every member in this JVM and a
 * primitive type. Cost: 2 (p-1)/p n beta_mem + (p-1)/p n gamma, no per-step messages of data, plus
 * the reference exchange and two barriers (about 4 log2 p alpha). The references carry each rank's
 * count and type: when they differ, every rank fails before anything is read ({@link Ctx#differs}).
 */
final class AllreduceSharedSlices implements AllreduceAlgorithm {
    @Override
    public String name() {
        return "shared_slices";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessShared();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        int p = c.size;
        int me = c.rank;
        // Everyone's (send array, send offset, receive array, receive offset), by reference.
        Object[] mine = {s, so, r, ro, count, t};
        Object[][] all = new Object[p][];
        all[me] = mine;
        CoreRequest[] reqs = new CoreRequest[2 * (p - 1)];
        Object[][] boxes = new Object[p][];
        for (int i = 0, k = 0; i < p; i++) {
            if (i != me) {
                boxes[i] = new Object[1];
                reqs[k++] = c.engine.irecvShared(c.comm, boxes[i], i, c.tag);
                reqs[k++] = c.engine.isendShared(c.comm, mine, i, c.tag);
            }
        }
        c.waitAll(reqs);
        for (int i = 0; i < p; i++) {
            if (i != me) {
                all[i] = (Object[]) boxes[i][0];
            }
        }
        for (int i = 0; i < p; i++) {
            if ((int) all[i][4] != count || all[i][5] != t) { // every rank sees a difference: all fail, none waits
                throw c.differs((int) all[i][4], (BasicType) all[i][5], count, t, i);
            }
        }
        int unit = op.unit();
        int from = slice(me, p, count, unit);
        int n = slice(me + 1, p, count, unit) - from;
        if (n > 0) {
            // Rank order: acc = s_0 op s_1 op ... op s_(p-1), built into my receive array's slice.
            Ctx.copy(all[0][0], (int) all[0][1] + from, r, ro + from, n);
            Object tmp = p > 1 && !op.commutative() ? Ctx.alloc(t, n) : null;
            for (int j = 1; j < p; j++) {
                if (op.commutative()) {
                    op.apply(all[j][0], (int) all[j][1] + from, r, ro + from, n, t); // r = s_j op r, straight from s_j
                } else {
                    // inout = in op inout with in = the lower ranks' result: copy s_j aside, combine, move back.
                    Ctx.copy(all[j][0], (int) all[j][1] + from, tmp, 0, n);
                    op.apply(r, ro + from, tmp, 0, n, t);
                    Ctx.copy(tmp, 0, r, ro + from, n);
                }
            }
        }
        new BarrierDissemination().run(c); // every slice reduced; nobody writes its receive array any more
        for (int j = 0; j < p; j++) {
            if (j != me) {
                int f = slice(j, p, count, unit);
                Ctx.copy(all[j][2], (int) all[j][3] + f, r, ro + f, slice(j + 1, p, count, unit) - f);
            }
        }
        new BarrierDissemination().run(c); // nobody reads my arrays any more: the caller may reuse them
    }

    /** Start of slice {@code i} of {@code count} elements cut in {@code p} near-equal slices of whole items. */
    private static int slice(int i, int p, int count, int unit) {
        return (int) ((long) (count / unit) * i / p) * unit;
    }
}
