package jmpi.coll;

import jmpi.core.CollectiveTags;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.datatype.ReduceOp;

/**
 * The deep check of {@code -Djmpi.coll.check=true}: before a collective runs, its ranks agree that their
 * calls describe the same collective, root, basic type, element count and operation, and for the vector
 * collectives that every block is sent and received with the same count. When anything differs, every
 * rank throws the same error (the collective is {@code ERR_OTHER}, the root {@code ERR_ROOT}, the type
 * {@code ERR_TYPE}, counts {@code ERR_COUNT}, the operation {@code ERR_OP}) naming what differs and the
 * values, and no data has moved, so the communicator stays usable.
 *
 * <p>The exchange cannot itself deadlock on mismatched calls: it is an allreduce (MAX over longs, by
 * recursive doubling) of a vector whose length depends only on the communicator's size, on the call's
 * own tag under {@link Collective#CHECK}, the same on every rank whatever the arguments. Minimum and maximum of
 * each field come out of one MAX (a field and its negation). The vector collectives' per-block
 * comparison is a second exchange, made only once all ranks know they run the same collective with the
 * same root. Cost: floor(log2 p) exchanges of 80 bytes per call, two more when p is not a power of two;
 * the vector collectives add as many of 16 p bytes (alltoallv: 16 p^2).
 *
 * <p>Stateless: each call runs on the calling rank's thread.
 */
final class Agreement {
    /** Fields of the first exchange: collective, root, basic type, count, operation. */
    private static final int FIELDS = 5;
    /** Above this size, {@code alltoallv}'s p x p counts are not compared (the vector would be too long). */
    static final int PAIR_LIMIT = 128;
    private static final Combiner MAX = Combiner.of(ReduceOp.MAX);
    private static final long NONE = Long.MIN_VALUE;

    private Agreement() {
    }

    /**
     * The ranks agree on {@code collective}, {@code root} (-1: none), {@code type}, {@code count}
     * (-1: compared separately) and {@code op} (null: none).
     */
    static void check(Ctx c, Collective collective, int root, BasicType type, long count, Combiner op) {
        long[] mine = {collective.ordinal(), root, type.code(), count, op == null ? 0 : op.id()};
        long[] v = new long[2 * FIELDS];
        for (int i = 0; i < FIELDS; i++) {
            v[i] = -mine[i];
            v[FIELDS + i] = mine[i];
        }
        long[] all = exchange(c, v);
        long[] min = new long[FIELDS];
        long[] max = new long[FIELDS];
        for (int i = 0; i < FIELDS; i++) {
            min[i] = -all[i];
            max[i] = all[FIELDS + i];
        }
        String what = c.collective + " (rank " + c.rank + ", checked by jmpi.coll.check)";
        if (min[0] != max[0]) {
            throw new MpiError(ErrorClass.ERR_OTHER, what + ": the ranks call different collectives on this"
                    + " communicator (" + Collective.nameOf((int) min[0]) + " and " + Collective.nameOf((int) max[0])
                    + "): every rank must call the same collectives in the same order");
        }
        if (min[1] != max[1]) {
            throw new MpiError(ErrorClass.ERR_ROOT, what + ": the ranks name different roots (" + min[1] + " and "
                    + max[1] + "; this rank: " + root + ")");
        }
        if (min[2] != max[2]) {
            throw new MpiError(ErrorClass.ERR_TYPE, what + ": the ranks' datatypes carry different basic types ("
                    + BasicType.ofCode((int) min[2]) + " and " + BasicType.ofCode((int) max[2]) + "; this rank: " + type
                    + ")");
        }
        if (min[3] != max[3]) {
            throw new MpiError(ErrorClass.ERR_COUNT, what + ": the ranks describe different sizes ("
                    + Ctx.describe(min[3], type) + " and " + Ctx.describe(max[3], type) + "; this rank: "
                    + Ctx.describe(count, type) + ")");
        }
        if (min[4] != max[4]) {
            throw new MpiError(ErrorClass.ERR_OP, what + ": the ranks pass different operations (" + opName(min[4])
                    + " and " + opName(max[4]) + "; this rank: " + op + ")");
        }
    }

    /** Every rank passes the same {@code counts} (reduce_scatter's recvcounts, allgatherv's recvcount). */
    static void sameCounts(Ctx c, String name, int[] counts) {
        int p = c.size;
        long[] v = new long[2 * p];
        for (int i = 0; i < p; i++) {
            v[i] = -counts[i];
            v[p + i] = counts[i];
        }
        long[] all = exchange(c, v);
        for (int i = 0; i < p; i++) {
            if (-all[i] != all[p + i]) {
                throw new MpiError(ErrorClass.ERR_COUNT, c.collective + " (rank " + c.rank + ", checked by"
                        + " jmpi.coll.check): the ranks pass different " + name + "[" + i + "] (" + -all[i] + " and "
                        + all[p + i] + "; this rank: " + counts[i] + ")");
            }
        }
    }

    /**
     * The root's {@code counts[i]} (gatherv's recvcount, scatterv's sendcount) equals rank i's own
     * {@code count} (what it {@code verb}).
     */
    static void rootCounts(Ctx c, int root, String name, int[] counts, int count, String verb) {
        int p = c.size;
        long[] v = new long[2 * p];
        java.util.Arrays.fill(v, NONE);
        v[c.rank] = count; // slot i: rank i's own count; slot p + i: the root's counts[i]
        if (c.rank == root) {
            for (int i = 0; i < p; i++) {
                v[p + i] = counts[i];
            }
        }
        long[] all = exchange(c, v);
        for (int i = 0; i < p; i++) {
            if (all[i] != all[p + i]) {
                throw new MpiError(ErrorClass.ERR_COUNT, c.collective + " (rank " + c.rank + ", checked by"
                        + " jmpi.coll.check): rank " + i + " " + verb + " " + all[i] + " elements where the root's "
                        + name + "[" + i + "] is " + all[p + i]);
            }
        }
    }

    /** What rank i sends rank j ({@code scounts[j]} on rank i) is what rank j receives from rank i. */
    static void pairCounts(Ctx c, int[] scounts, int[] rcounts) {
        int p = c.size;
        if (p > PAIR_LIMIT) {
            return;
        }
        long[] v = new long[2 * p * p];
        java.util.Arrays.fill(v, NONE);
        int me = c.rank;
        for (int j = 0; j < p; j++) {
            v[me * p + j] = scounts[j];         // slot i*p+j: what i sends j, from i
            v[p * p + j * p + me] = rcounts[j]; // slot p*p + i*p+j: what j receives from i, from j
        }
        long[] all = exchange(c, v);
        for (int k = 0; k < p * p; k++) {
            if (all[k] != all[p * p + k]) {
                throw new MpiError(ErrorClass.ERR_COUNT, c.collective + " (rank " + c.rank + ", checked by"
                        + " jmpi.coll.check): rank " + k / p + " sends rank " + k % p + " " + all[k]
                        + " elements (its sendcount[" + k % p + "]) where rank " + k % p + " receives "
                        + all[p * p + k] + " (its recvcount[" + k / p + "])");
            }
        }
    }

    /** The elementwise maximum of every rank's {@code v} (same length on every rank). */
    private static long[] exchange(Ctx c, long[] v) {
        Ctx check = new Ctx(c.comm, CollectiveTags.call(Collective.CHECK.ordinal(), -1, c.call),
                c.collective + " (jmpi.coll.check)", c.call);
        long[] out = new long[v.length];
        new AllreduceRecursiveDoubling().run(check, v, 0, out, 0, v.length, BasicType.LONG, MAX);
        return out;
    }

    /** An operation's name from its {@link Combiner#id()}. */
    private static String opName(long id) {
        if (id == 0) {
            return "none";
        }
        if (id > 0 && id <= ReduceOp.values().length) {
            return "MPI." + ReduceOp.values()[(int) id - 1].name();
        }
        return "a user operation";
    }
}
