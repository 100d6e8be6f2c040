package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * The shared steps of Rabenseifner's algorithms: fold the ranks beyond the largest power of two
 * (pof2) into their neighbours, reduce-scatter by recursive halving among pof2 ranks (each ends
 * with one fully reduced block), and the matching recursive-doubling allgather. Blocks are the
 * count split in pof2 near-equal parts. Commutative operations only. One instance per call, used by
 * the calling rank's thread only; the static arithmetic is pure.
 */
final class Halving {
    final Ctx c;
    final int pof2;
    final int rem;
    /** This rank among the pof2 (-1: folded away). */
    final int newRank;
    final int[] cnts;
    final int[] disps;
    /** After {@link #reduceScatter}: the block range this rank holds. */
    int sendIdx;
    int lastIdx;

    /** The restrictions of the algorithms built on halving: commutative, at least one element per block. */
    static String unusable(Problem p) {
        if (!p.commutative()) {
            return p.unlessCommutative();
        }
        int pof2 = Integer.highestOneBit(Math.max(1, p.size()));
        return p.count() < pof2 ? "needs at least " + pof2 + " elements (one per block), not " + p.count() : null;
    }

    /** @param unit elements per item: blocks are cut at multiples of it */
    Halving(Ctx c, int count, int unit) {
        this.c = c;
        int p = c.size;
        this.pof2 = Integer.highestOneBit(p);
        this.rem = p - pof2;
        int me = c.rank;
        this.newRank = newRank(me, rem);
        cnts = blockCounts(count, unit, pof2);
        disps = Blocks.displs(cnts);
    }

    /** Rank {@code me}'s rank among the pof2 once the first {@code 2 rem} ranks are folded in pairs (-1: folded away). */
    static int newRank(int me, int rem) {
        return me < 2 * rem ? (me % 2 == 0 ? -1 : me / 2) : me - rem;
    }

    /** {@code count} elements cut in {@code pof2} near-equal blocks at multiples of {@code unit} (the first ones larger). */
    static int[] blockCounts(int count, int unit, int pof2) {
        int[] cnts = new int[pof2];
        int units = count / unit;
        for (int i = 0; i < pof2; i++) {
            cnts[i] = (units / pof2 + (i < units % pof2 ? 1 : 0)) * unit;
        }
        return cnts;
    }

    /** World rank (in the communicator) of new rank {@code n}. */
    int rankOf(int n) {
        return rankOf(n, rem);
    }

    /** The rank of new rank {@code n} when the first {@code 2 rem} ranks were folded ({@link #newRank}'s inverse). */
    static int rankOf(int n, int rem) {
        return n < rem ? 2 * n + 1 : n + rem;
    }

    /** Even ranks below 2 rem hand their data to the odd rank above; {@code buf} (count elements) is combined. */
    void fold(Object buf, int count, BasicType t, Combiner op) {
        int me = c.rank;
        if (me < 2 * rem) {
            if (me % 2 == 0) {
                c.send(buf, 0, count, t, me + 1);
            } else {
                Object tmp = Ctx.alloc(t, count);
                c.recv(tmp, 0, count, t, me - 1);
                op.apply(tmp, 0, buf, 0, count, t);
            }
        }
    }

    /** Odd ranks below 2 rem give the result back to the even rank below. */
    void unfold(Object buf, int count, BasicType t) {
        int me = c.rank;
        if (me < 2 * rem) {
            if (me % 2 == 1) {
                c.send(buf, 0, count, t, me - 1);
            } else {
                c.recv(buf, 0, count, t, me + 1);
            }
        }
    }

    /** Recursive halving on {@code buf}; afterwards blocks [sendIdx, lastIdx) hold the reduced data. */
    void reduceScatter(Object buf, BasicType t, Combiner op) {
        Object tmp = Ctx.alloc(t, cnts.length == 0 ? 0 : cnts[0]);
        int recvIdx = 0;
        sendIdx = 0;
        lastIdx = pof2;
        for (int mask = 1; mask < pof2; mask <<= 1) {
            int newDst = newRank ^ mask;
            int dst = rankOf(newDst);
            int sendCnt = 0;
            int recvCnt = 0;
            if (newRank < newDst) {
                sendIdx = recvIdx + pof2 / (mask * 2);
                for (int i = sendIdx; i < lastIdx; i++) {
                    sendCnt += cnts[i];
                }
                for (int i = recvIdx; i < sendIdx; i++) {
                    recvCnt += cnts[i];
                }
            } else {
                recvIdx = sendIdx + pof2 / (mask * 2);
                for (int i = sendIdx; i < recvIdx; i++) {
                    sendCnt += cnts[i];
                }
                for (int i = recvIdx; i < lastIdx; i++) {
                    recvCnt += cnts[i];
                }
            }
            if (java.lang.reflect.Array.getLength(tmp) < recvCnt) {
                tmp = Ctx.alloc(t, recvCnt);
            }
            c.sendrecv(buf, disps[sendIdx], sendCnt, dst, tmp, 0, recvCnt, dst, t);
            op.apply(tmp, 0, buf, disps[recvIdx], recvCnt, t);
            sendIdx = recvIdx;
            if (mask * 2 < pof2) {
                lastIdx = recvIdx + pof2 / (mask * 2);
            }
        }
    }

    /** Recursive doubling: from the state {@link #reduceScatter} left, every rank gets every block. */
    void allgather(Object buf, BasicType t) {
        int recvIdx;
        for (int mask = pof2 >> 1; mask > 0; mask >>= 1) {
            int newDst = newRank ^ mask;
            int dst = rankOf(newDst);
            int sendCnt = 0;
            int recvCnt = 0;
            if (newRank < newDst) {
                if (mask != pof2 / 2) {
                    lastIdx = lastIdx + pof2 / (mask * 2);
                }
                recvIdx = sendIdx + pof2 / (mask * 2);
                for (int i = sendIdx; i < recvIdx; i++) {
                    sendCnt += cnts[i];
                }
                for (int i = recvIdx; i < lastIdx; i++) {
                    recvCnt += cnts[i];
                }
            } else {
                recvIdx = sendIdx - pof2 / (mask * 2);
                for (int i = sendIdx; i < lastIdx; i++) {
                    sendCnt += cnts[i];
                }
                for (int i = recvIdx; i < sendIdx; i++) {
                    recvCnt += cnts[i];
                }
            }
            c.sendrecv(buf, disps[sendIdx], sendCnt, dst, buf, disps[recvIdx], recvCnt, dst, t);
            if (newRank > newDst) {
                sendIdx = recvIdx;
            }
        }
    }
}
