package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Allreduce for ranks that are threads of one JVM, on the communicator's {@link Board}: the ranks
 * publish references to their send and receive arrays (no data moves by message); rank i reduces
 * slice i of the vector (whole items) straight from every rank's send array, in rank order (so any
 * operation), into its own receive array and copies the result into every other rank's receive array;
 * then each rank waits until all are done (its arrays are read and written by the others until
 * then). Two synchronizations. Needs every member in this JVM and a primitive type. Cost: two
 * cache-line hand-offs + 2 (p-1)/p n beta_mem + (p-1)/p n gamma per rank, in parallel.
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

    /**
     * In place too: slice i of every array is read and written by rank i alone, so only rank i's own fold,
     * which would overwrite its send slice before reading it, goes through this member's scratch array.
     */
    @Override
    public boolean inPlace() {
        return true;
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        int p = c.size;
        Board.Member me = Board.member(c);
        long m = me.begin();
        me.publish(m, s, so, r, ro);
        me.declare(m, count, t, -1);
        me.reach(m, 1);
        me.awaitAll(m, 1);
        me.agreeAll(c, m, count, t, -1);
        int unit = op.unit();
        int from = slice(c.rank, p, count, unit);
        int n = slice(c.rank + 1, p, count, unit) - from;
        if (s == r && so == ro) {
            Object slice = me.temp(t, n);
            me.fold(m, false, p - 1, op, t, from, slice, 0, n);
            Ctx.copy(slice, 0, r, ro + from, n);
        } else {
            me.fold(m, false, p - 1, op, t, from, r, ro + from, n);
        }
        for (int j = 0; j < p; j++) {
            if (j != c.rank) {
                Object[] ref = me.refs(j, m);
                Ctx.copy(r, ro + from, ref[2], (int) ref[3] + from, n);
            }
        }
        me.reach(m, 3);
        me.awaitAll(m, 3); // every slice is in my receive array, nobody reads my send array any more
    }

    /** Start of slice {@code i} of {@code count} elements cut in {@code p} near-equal slices of whole items. */
    static int slice(int i, int p, int count, int unit) {
        return (int) ((long) (count / unit) * i / p) * unit;
    }
}
