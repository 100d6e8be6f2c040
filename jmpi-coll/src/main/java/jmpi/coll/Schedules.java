package jmpi.coll;

import java.util.IdentityHashMap;
import java.util.Map;

import jmpi.datatype.BasicType;

/**
 * The algorithms of the non-blocking collectives, each written as the rounds of a {@link Schedule}
 * (the flat conventions are {@link NonBlocking}'s). A builder runs at the call's start: it allocates the
 * temporary buffers and decides, as it goes, which buffer holds what after each round (so a "swap" of
 * accumulator and scratch costs nothing at run time). Every rank builds the same structure of
 * messages per pair of ranks, in the same order, so one tag per call suffices.
 *
 * <p>Pure functions of their arguments: safe from any thread.
 */
final class Schedules {
    private Schedules() {
    }

    /** The smallest power of two at least {@code p}. */
    private static int ceilPow2(int p) {
        int k = Integer.highestOneBit(p);
        return k == p ? p : k << 1;
    }

    /** Dissemination: in round k every rank signals rank + 2^k and hears from rank - 2^k. ceil(log2 p) rounds. */
    static void barrier(Schedule s) {
        int p = s.size();
        int me = s.rank();
        for (int k = 1; k < p; k <<= 1) {
            s.recv(null, 0, 0, BasicType.BYTE, (me - k + p) % p);
            s.send(null, 0, 0, BasicType.BYTE, (me + k) % p);
            s.round();
        }
    }

    /** Binomial tree from the root: receive from the parent, then send to every child at once (largest subtree first). */
    static void bcast(Schedule s, Object buf, int off, int n, BasicType t, int root) {
        int p = s.size();
        int rel = (s.rank() - root + p) % p;
        int low = rel == 0 ? ceilPow2(p) : Integer.lowestOneBit(rel);
        if (rel != 0) {
            s.recv(buf, off, n, t, (rel - low + root) % p);
            s.round();
        }
        for (int m = low >> 1; m >= 1; m >>= 1) {
            if (rel + m < p) {
                s.send(buf, off, n, t, (rel + m + root) % p);
            }
        }
    }

    /**
     * Binomial reduce. Each rank of the tree (rooted at the root for a commutative operation, at rank 0
     * otherwise, which then sends the result to the root) receives its children's partial results at
     * once, combines them in rank order ({@code child = mine op child}: a rank's run of ranks lies just
     * below its child's) and sends the result to its parent. Reads {@code sb} in place (no copy of the
     * contribution); writes {@code r} only at the end.
     */
    static void reduce(Schedule s, Object sb, int so, Object r, int ro, int n, BasicType t, Combiner op, int root) {
        int p = s.size();
        int me = s.rank();
        int top = op.commutative() ? root : 0;
        int rel = (me - top + p) % p;
        int low = rel == 0 ? ceilPow2(p) : Integer.lowestOneBit(rel);
        Object acc = sb;
        int accOff = so;
        int kids = 0;
        Object[] child = new Object[Integer.numberOfTrailingZeros(low) + 1];
        for (int m = 1; m < low && rel + m < p; m <<= 1) {
            child[kids] = Ctx.alloc(t, n);
            s.recv(child[kids++], 0, n, t, (rel + m + top) % p);
        }
        for (int k = 0; k < kids; k++) {
            s.combine(op, acc, accOff, child[k], 0, n, t); // child = acc op child: lower ranks first
            acc = child[k];
            accOff = 0;
        }
        s.round();
        if (rel != 0) {
            s.send(acc, accOff, n, t, (rel - low + top) % p);
            s.round();
        }
        if (top == root) {
            if (me == root) {
                s.copy(acc, accOff, r, ro, n);
            }
        } else if (me == top) {
            s.send(acc, accOff, n, t, root);
        } else if (me == root) {
            s.recv(r, ro, n, t, top);
        }
    }

    /**
     * Recursive doubling in {@code r}: partners 2^k apart swap whole vectors and combine, the lower rank's
     * operand first, so every rank combines the same operands in the same order (any operation, the
     * same result everywhere); ranks beyond the largest power of two fold into their upper neighbour
     * first and receive the result last. log2 p rounds (+2).
     */
    static void allreduce(Schedule s, Object sb, int so, Object r, int ro, int n, BasicType t, Combiner op) {
        int p = s.size();
        int me = s.rank();
        s.copy(sb, so, r, ro, n);
        if (p == 1) {
            return;
        }
        int pof2 = Integer.highestOneBit(p);
        int rem = p - pof2;
        Object acc = r;
        int accOff = ro;
        Object tmp = Ctx.alloc(t, n);
        int tmpOff = 0;
        int newRank;
        if (me < 2 * rem) {
            if (me % 2 == 0) {
                s.send(r, ro, n, t, me + 1);
                s.round();
                newRank = -1;
            } else {
                s.recv(tmp, 0, n, t, me - 1);
                s.combine(op, tmp, 0, r, ro, n, t); // mine = theirs op mine
                s.round();
                newRank = me / 2;
            }
        } else {
            newRank = me - rem;
        }
        if (newRank >= 0) {
            for (int mask = 1; mask < pof2; mask <<= 1) {
                int newDst = newRank ^ mask;
                int dst = newDst < rem ? 2 * newDst + 1 : newDst + rem;
                s.recv(tmp, tmpOff, n, t, dst);
                s.send(acc, accOff, n, t, dst);
                if (dst < me) {
                    s.combine(op, tmp, tmpOff, acc, accOff, n, t); // acc = theirs op mine
                } else {
                    s.combine(op, acc, accOff, tmp, tmpOff, n, t); // tmp = mine op theirs: it is the new acc
                    Object x = acc;
                    int xo = accOff;
                    acc = tmp;
                    accOff = tmpOff;
                    tmp = x;
                    tmpOff = xo;
                }
                s.round();
            }
        }
        if (me < 2 * rem) {
            if (me % 2 == 1) {
                s.send(acc, accOff, n, t, me - 1);
                s.round();
            } else {
                s.recv(r, ro, n, t, me + 1);
            }
        }
        s.copy(acc, accOff, r, ro, n);
    }

    /** Linear: the root posts every receive at once; rank i's block lands at {@code displs[i]}. */
    static void gatherv(Schedule s, Object sb, int so, int scount, Object r, int ro, int[] rcounts, int[] displs,
                        BasicType t, int root) {
        int p = s.size();
        int me = s.rank();
        if (me != root) {
            s.send(sb, so, scount, t, root);
            return;
        }
        for (int k = 1; k < p; k++) {
            int src = (root + k) % p;
            s.recv(r, ro + displs[src], rcounts[src], t, src);
        }
        s.selfCopy(sb, so, scount, t, r, ro + displs[me], rcounts[me], t);
    }

    /** Linear: the root posts every send at once; block i from {@code displs[i]}. */
    static void scatterv(Schedule s, Object sb, int so, int[] scounts, int[] displs, Object r, int ro, int rcount,
                         BasicType t, int root) {
        int p = s.size();
        int me = s.rank();
        if (me != root) {
            s.recv(r, ro, rcount, t, root);
            return;
        }
        for (int k = 1; k < p; k++) {
            int dst = (root + k) % p;
            s.send(sb, so + displs[dst], scounts[dst], t, dst);
        }
        s.selfCopy(sb, so + displs[me], scounts[me], t, r, ro, rcount, t);
    }

    /** Linear, in one round: every rank sends its block to every other and receives every other's. */
    static void allgatherv(Schedule s, Object sb, int so, int scount, Object r, int ro, int[] rcounts, int[] displs,
                           BasicType t) {
        int p = s.size();
        int me = s.rank();
        for (int k = 1; k < p; k++) {
            int src = (me - k + p) % p;
            s.recv(r, ro + displs[src], rcounts[src], t, src);
            s.send(sb, so, scount, t, (me + k) % p);
        }
        s.selfCopy(sb, so, scount, t, r, ro + displs[me], rcounts[me], t);
    }

    /**
     * Every exchange in one round; the own block copied. When the send and receive arrays are one array
     * (in place), the send blocks are copied out first, at the start.
     */
    static void alltoallv(Schedule s, Object sb, int so, int[] scounts, int[] sdispls, Object r, int ro, int[] rcounts,
                          int[] rdispls, BasicType t) {
        int p = s.size();
        int me = s.rank();
        if (sb != null && sb == r) {
            int[] packed = Blocks.displs(scounts);
            Object copy = Ctx.alloc(t, packed[p - 1] + scounts[p - 1]);
            for (int j = 0; j < p; j++) {
                Ctx.copy(sb, so + sdispls[j], copy, packed[j], scounts[j]);
            }
            sb = copy;
            so = 0;
            sdispls = packed;
        }
        for (int k = 1; k < p; k++) {
            int src = (me - k + p) % p;
            int dst = (me + k) % p;
            s.recv(r, ro + rdispls[src], rcounts[src], t, src);
            s.send(sb, so + sdispls[dst], scounts[dst], t, dst);
        }
        s.selfCopy(sb, so + sdispls[me], scounts[me], t, r, ro + rdispls[me], rcounts[me], t);
    }

    /**
     * Alltoallw with one (array, offset, count, type) per peer on each side: every exchange in one round,
     * the own block copied (same type and count required). A send block whose array is also a receive
     * array is copied out at the start.
     */
    static void alltoallw(Schedule s, Object[] sbufs, int[] soffs, int[] scounts, BasicType[] stypes, Object[] rbufs,
                          int[] roffs, int[] rcounts, BasicType[] rtypes) {
        int p = s.size();
        int me = s.rank();
        Object[] sb = unaliased(sbufs, soffs, scounts, stypes, rbufs, p);
        int[] so = sb == sbufs ? soffs : new int[p];
        for (int k = 1; k < p; k++) {
            int src = (me - k + p) % p;
            int dst = (me + k) % p;
            s.recv(rbufs[src], roffs[src], rcounts[src], rtypes[src], src);
            s.send(sb[dst], so[dst], scounts[dst], stypes[dst], dst);
        }
        s.selfCopy(sb[me], so[me], scounts[me], stypes[me], rbufs[me], roffs[me], rcounts[me], rtypes[me]);
    }

    /**
     * {@code sbufs}, or (when any send array is also a receive array) a copy of it where every block is
     * a private array from offset 0 (offsets then all 0; the caller checks by identity).
     */
    private static Object[] unaliased(Object[] sbufs, int[] soffs, int[] scounts, BasicType[] stypes, Object[] rbufs,
                                      int n) {
        Map<Object, Boolean> received = new IdentityHashMap<>();
        for (int i = 0; i < rbufs.length; i++) {
            if (rbufs[i] != null) {
                received.put(rbufs[i], Boolean.TRUE);
            }
        }
        boolean any = false;
        for (int j = 0; j < n && !any; j++) {
            any = sbufs[j] != null && received.containsKey(sbufs[j]);
        }
        if (!any) {
            return sbufs;
        }
        Object[] copy = new Object[n];
        for (int j = 0; j < n; j++) {
            copy[j] = Ctx.alloc(stypes[j], scounts[j]);
            Ctx.copy(sbufs[j], soffs[j], copy[j], 0, scounts[j]);
        }
        return copy;
    }

    /**
     * Reduce_scatter directly, in one round: rank j gets block j of every rank's vector and folds them in
     * rank order ({@code x0 op (x1 op (... op x(p-1)))}, any operation). Each rank sends and receives
     * p - 1 blocks; writes {@code r} only at the end (so the vector may be given in place).
     */
    static void reduceScatter(Schedule s, Object sb, int so, Object r, int ro, int[] counts, BasicType t,
                              Combiner op) {
        int p = s.size();
        int me = s.rank();
        int[] displs = Blocks.displs(counts);
        int n = counts[me];
        Object[] from = new Object[p];
        for (int k = 1; k < p; k++) {
            int src = (me - k + p) % p;
            int dst = (me + k) % p;
            from[src] = Ctx.alloc(t, n);
            s.recv(from[src], 0, n, t, src);
            s.send(sb, so + displs[dst], counts[dst], t, dst);
        }
        Object acc;
        if (me == p - 1) {
            if (p == 1) {
                s.copy(sb, so, r, ro, n);
                return;
            }
            acc = Ctx.alloc(t, n);
            s.copy(sb, so + displs[me], acc, 0, n);
        } else {
            acc = from[p - 1];
        }
        for (int i = p - 2; i >= 0; i--) {
            if (i == me) {
                s.combine(op, sb, so + displs[me], acc, 0, n, t);
            } else {
                s.combine(op, from[i], 0, acc, 0, n, t);
            }
        }
        s.copy(acc, 0, r, ro, n);
    }

    /**
     * Inclusive scan by recursive doubling, in rank order: partners 2^k apart swap the combination of
     * their aligned blocks of 2^k ranks; the higher one prepends the lower's to its prefix and its block.
     * The prefix is built in {@code r}, after {@code sb} was copied out. log2 p rounds.
     */
    static void scan(Schedule s, Object sb, int so, Object r, int ro, int n, BasicType t, Combiner op) {
        int p = s.size();
        int me = s.rank();
        if (p == 1) {
            s.copy(sb, so, r, ro, n);
            return;
        }
        Object partial = Ctx.alloc(t, n);
        Object tmp = Ctx.alloc(t, n);
        s.copy(sb, so, partial, 0, n);
        s.copy(sb, so, r, ro, n);
        for (int mask = 1; mask < p; mask <<= 1) {
            int dst = me ^ mask;
            if (dst >= p) {
                continue;
            }
            s.recv(tmp, 0, n, t, dst);
            s.send(partial, 0, n, t, dst);
            if (me > dst) {
                s.combine(op, tmp, 0, partial, 0, n, t);
                s.combine(op, tmp, 0, r, ro, n, t);
            } else {
                s.combine(op, partial, 0, tmp, 0, n, t); // tmp = mine op theirs: the new partial
                Object x = partial;
                partial = tmp;
                tmp = x;
            }
            s.round();
        }
    }

    /**
     * Exclusive scan by recursive doubling, in rank order, as {@link #scan} but the prefix leaves out
     * the rank's own contribution; rank 0's {@code r} is not written. log2 p rounds.
     */
    static void exscan(Schedule s, Object sb, int so, Object r, int ro, int n, BasicType t, Combiner op) {
        int p = s.size();
        int me = s.rank();
        if (p == 1) {
            return;
        }
        Object partial = Ctx.alloc(t, n);
        Object tmp = Ctx.alloc(t, n);
        s.copy(sb, so, partial, 0, n);
        boolean has = false;
        for (int mask = 1; mask < p; mask <<= 1) {
            int dst = me ^ mask;
            if (dst >= p) {
                continue;
            }
            s.recv(tmp, 0, n, t, dst);
            s.send(partial, 0, n, t, dst);
            if (me > dst) {
                if (has) {
                    s.combine(op, tmp, 0, r, ro, n, t);
                } else {
                    s.copy(tmp, 0, r, ro, n);
                    has = true;
                }
                s.combine(op, tmp, 0, partial, 0, n, t);
            } else {
                s.combine(op, partial, 0, tmp, 0, n, t);
                Object x = partial;
                partial = tmp;
                tmp = x;
            }
            s.round();
        }
    }

    /** One round: block {@code i} ({@code rcounts[i]} at {@code rdispls[i]}) from {@code sources[i]}; one block to each destination. */
    static void neighborAllgatherv(Schedule s, int[] sources, int[] destinations, Object sb, int so, int scount,
                                   Object r, int ro, int[] rcounts, int[] rdispls, BasicType t) {
        for (int i = 0; i < sources.length; i++) {
            s.recv(r, ro + rdispls[i], rcounts[i], t, sources[i]);
        }
        for (int dst : destinations) {
            s.send(sb, so, scount, t, dst);
        }
    }

    /** One round: block {@code i} from {@code sources[i]}, block {@code j} to {@code destinations[j]}. */
    static void neighborAlltoallw(Schedule s, int[] sources, int[] destinations, Object[] sbufs, int[] soffs,
                                  int[] scounts, BasicType[] stypes, Object[] rbufs, int[] roffs, int[] rcounts,
                                  BasicType[] rtypes) {
        for (int i = 0; i < sources.length; i++) {
            s.recv(rbufs[i], roffs[i], rcounts[i], rtypes[i], sources[i]);
        }
        for (int j = 0; j < destinations.length; j++) {
            s.send(sbufs[j], soffs[j], scounts[j], stypes[j], destinations[j]);
        }
    }
}
