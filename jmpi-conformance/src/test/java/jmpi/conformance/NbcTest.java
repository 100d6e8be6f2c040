package jmpi.conformance;

import static jmpi.conformance.NbcData.alloc;
import static jmpi.conformance.NbcData.block;
import static jmpi.conformance.NbcData.expect;
import static jmpi.conformance.NbcData.put;
import static jmpi.conformance.NbcData.span;
import static jmpi.conformance.NbcData.vcounts;
import static jmpi.conformance.NbcData.vdispls;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import jmpi.coll.Coll;
import jmpi.coll.CollRequest;
import jmpi.coll.Combiner;
import jmpi.coll.NonBlocking;
import jmpi.core.CoreComm;
import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.datatype.ReduceOp;
import jmpi.testkit.MultiRank;

/**
 * The non-blocking collectives of {@link NonBlocking} on ranks as threads, 1 to 8 ranks: every call, every
 * root, counts 0, 1, 7 and past 64 KiB (rendezvous), every basic type for data movement, several
 * operations for reductions (two of them non-commutative, so rank order shows), in place, v-forms with
 * zero counts and non-monotone displacements, neighbour lists with duplicates and the rank itself;
 * results against sequential computations (and the blocking {@link Coll} for allreduce). Then several
 * calls outstanding at once on two communicators, completed in reverse order or by testing, among
 * blocking collectives and point-to-point; a count or type mismatch failing the receiving rank's
 * request; and a completed request that keeps no buffer. Every rank body ends with the engine's
 * Finalize, which also checks that the ranks made the same collective calls and left no message.
 */
@Timeout(1200)
class NbcTest {
    private static final Duration T = Duration.ofSeconds(300);
    /** Offsets of the send and receive regions in their arrays. */
    static final int O = 3;
    static final int R = 5;

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void dataMovement(int np) {
        MultiRank.runOk(np, Movement.class, T);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7, 8})
    void reductions(int np) {
        MultiRank.runOk(np, Reductions.class, T);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 3, 4, 7})
    void manyOutstandingAmongBlockingCollectivesAndPointToPoint(int np) {
        MultiRank.runOk(np, Outstanding.class, T);
    }

    @Test
    void ranksCompletingInDifferentOrdersDoNotWaitForEachOther() {
        MultiRank.runOk(6, CrossOrder.class, T);
    }

    @Test
    void aCountOrTypeMismatchFailsTheReceivingRanksRequest() {
        MultiRank.runOk(3, Mismatch.class, T);
    }

    @Test
    void aCompletedRequestKeepsNoBuffer() {
        MultiRank.runOk(2, Released.class, T);
    }

    /** Completes {@code q} in one of three ways (chosen by {@code k}) and throws its failure. */
    static void finish(Engine e, CollRequest q, long k) {
        switch ((int) (k % 3)) {
            case 0 -> q.await();
            case 1 -> {
                while (!q.test()) {
                    Thread.yield();
                }
                q.throwIfFailed();
            }
            default -> {
                e.await(q);
                q.throwIfFailed();
            }
        }
    }

    static long pair(long salt, int to) {
        return salt * 64 + to;
    }

    // ---------------------------------------------------------------- data movement

    public static class Movement {
        public static void main(String[] args) {
            Engine e = NbcData.engine(Movement.class, args);
            CoreComm c = e.world();
            long salt = 0;
            for (BasicType t : NbcData.MOVE_TYPES) {
                int large = 70_000 / t.size() + 1;
                int[] counts = t == BasicType.OBJECT ? new int[] {0, 1, 7} : new int[] {0, 1, 7, large};
                for (int n : counts) {
                    salt++;
                    String at = t + " count " + n + " on " + c.size() + " ranks";
                    for (int root = 0; root < c.size(); root++) {
                        bcast(e, c, t, n, salt + root, root, at);
                        gather(e, c, t, n, salt + root, root, at);
                        gatherv(e, c, t, n, salt + root, root, at);
                        scatter(e, c, t, n, salt + root, root, at);
                        scatterv(e, c, t, n, salt + root, root, at);
                    }
                    allgather(e, c, t, n, salt, at);
                    allgatherv(e, c, t, n, salt, at);
                    alltoall(e, c, t, n, salt, at);
                    alltoallv(e, c, t, n, salt, at);
                    alltoallw(e, c, t, n, salt, at);
                    neighbours(e, c, t, n, salt, at);
                }
            }
            finish(e, NonBlocking.ibarrier(c), 0);
            finish(e, NonBlocking.ibarrier(c), 1);
            e.finish();
        }

        static void bcast(Engine e, CoreComm c, BasicType t, int n, long salt, int root, String at) {
            Object buf = alloc(t, R + n + 1);
            if (c.rank() == root) {
                put(block(t, n, root, salt), buf, R);
            }
            finish(e, NonBlocking.ibcast(c, buf, R, n, t, root), salt);
            expect("ibcast root " + root + " " + at, block(t, n, root, salt), buf, R);
        }

        static void gather(Engine e, CoreComm c, BasicType t, int n, long salt, int root, String at) {
            int p = c.size();
            int me = c.rank();
            Object s = alloc(t, O + n);
            put(block(t, n, me, salt), s, O);
            Object r = me == root ? alloc(t, R + p * n) : null;
            Object sb = s;
            int so = O;
            boolean inPlace = salt % 2 == 0;
            if (me == root && inPlace) {
                put(block(t, n, me, salt), r, R + root * n);
                sb = r;
                so = R + root * n;
            }
            finish(e, NonBlocking.igather(c, sb, so, r, R, n, t, root), salt);
            if (me == root) {
                for (int j = 0; j < p; j++) {
                    expect("igather" + (inPlace ? " in place" : "") + " root " + root + " block " + j + " " + at,
                            block(t, n, j, salt), r, R + j * n);
                }
            }
        }

        static void gatherv(Engine e, CoreComm c, BasicType t, int n, long salt, int root, String at) {
            int p = c.size();
            int me = c.rank();
            int[] vc = vcounts(p, n, salt);
            int[] vd = vdispls(vc);
            Object s = alloc(t, O + vc[me]);
            put(block(t, vc[me], me, salt), s, O);
            Object r = me == root ? alloc(t, R + span(vc, vd)) : null;
            Object sb = s;
            int so = O;
            boolean inPlace = salt % 2 == 1;
            if (me == root && inPlace) {
                put(block(t, vc[me], me, salt), r, R + vd[me]);
                sb = r;
                so = R + vd[me];
            }
            finish(e, NonBlocking.igatherv(c, sb, so, vc[me], r, R, vc, vd, t, root), salt);
            if (me == root) {
                for (int j = 0; j < p; j++) {
                    expect("igatherv" + (inPlace ? " in place" : "") + " root " + root + " block " + j + " " + at,
                            block(t, vc[j], j, salt), r, R + vd[j]);
                }
            }
        }

        static void scatter(Engine e, CoreComm c, BasicType t, int n, long salt, int root, String at) {
            int p = c.size();
            int me = c.rank();
            Object s = null;
            if (me == root) {
                s = alloc(t, O + p * n);
                for (int j = 0; j < p; j++) {
                    put(block(t, n, j, salt), s, O + j * n);
                }
            }
            Object r = alloc(t, R + n);
            int ro = R;
            boolean inPlace = salt % 2 == 0;
            if (me == root && inPlace) {
                r = s;
                ro = O + root * n;
            }
            finish(e, NonBlocking.iscatter(c, s, O, r, ro, n, t, root), salt);
            expect("iscatter" + (inPlace ? " in place" : "") + " root " + root + " " + at, block(t, n, me, salt), r, ro);
        }

        static void scatterv(Engine e, CoreComm c, BasicType t, int n, long salt, int root, String at) {
            int p = c.size();
            int me = c.rank();
            int[] vc = vcounts(p, n, salt + 1);
            int[] vd = vdispls(vc);
            Object s = null;
            if (me == root) {
                s = alloc(t, O + span(vc, vd));
                for (int j = 0; j < p; j++) {
                    put(block(t, vc[j], j, salt), s, O + vd[j]);
                }
            }
            Object r = alloc(t, R + vc[me]);
            int ro = R;
            boolean inPlace = salt % 2 == 1;
            if (me == root && inPlace) {
                r = s;
                ro = O + vd[me];
            }
            finish(e, NonBlocking.iscatterv(c, s, O, vc, vd, r, ro, vc[me], t, root), salt);
            expect("iscatterv" + (inPlace ? " in place" : "") + " root " + root + " " + at, block(t, vc[me], me, salt),
                    r, ro);
        }

        static void allgather(Engine e, CoreComm c, BasicType t, int n, long salt, String at) {
            int p = c.size();
            int me = c.rank();
            Object r = alloc(t, R + p * n);
            Object s = alloc(t, O + n);
            put(block(t, n, me, salt), s, O);
            Object sb = s;
            int so = O;
            boolean inPlace = salt % 2 == 0;
            if (inPlace) {
                put(block(t, n, me, salt), r, R + me * n);
                sb = r;
                so = R + me * n;
            }
            finish(e, NonBlocking.iallgather(c, sb, so, r, R, n, t), salt);
            for (int j = 0; j < p; j++) {
                expect("iallgather" + (inPlace ? " in place" : "") + " block " + j + " " + at, block(t, n, j, salt), r,
                        R + j * n);
            }
        }

        static void allgatherv(Engine e, CoreComm c, BasicType t, int n, long salt, String at) {
            int p = c.size();
            int me = c.rank();
            int[] vc = vcounts(p, n, salt + 2);
            int[] vd = vdispls(vc);
            Object r = alloc(t, R + span(vc, vd));
            Object s = alloc(t, O + vc[me]);
            put(block(t, vc[me], me, salt), s, O);
            Object sb = s;
            int so = O;
            boolean inPlace = salt % 2 == 1;
            if (inPlace) {
                put(block(t, vc[me], me, salt), r, R + vd[me]);
                sb = r;
                so = R + vd[me];
            }
            finish(e, NonBlocking.iallgatherv(c, sb, so, vc[me], r, R, vc, vd, t), salt);
            for (int j = 0; j < p; j++) {
                expect("iallgatherv" + (inPlace ? " in place" : "") + " block " + j + " " + at, block(t, vc[j], j, salt),
                        r, R + vd[j]);
            }
        }

        static void alltoall(Engine e, CoreComm c, BasicType t, int n, long salt, String at) {
            int p = c.size();
            int me = c.rank();
            boolean inPlace = salt % 2 == 0;
            Object r = alloc(t, R + p * n);
            Object s = inPlace ? r : alloc(t, O + p * n);
            int so = inPlace ? R : O;
            for (int j = 0; j < p; j++) {
                put(block(t, n, me, pair(salt, j)), s, so + j * n);
            }
            finish(e, NonBlocking.ialltoall(c, s, so, r, R, n, t), salt);
            for (int i = 0; i < p; i++) {
                expect("ialltoall" + (inPlace ? " in place" : "") + " block " + i + " " + at,
                        block(t, n, i, pair(salt, me)), r, R + i * n);
            }
        }

        /** Elements rank a sends rank b in the v and w tests (zero for some pairs). */
        static int cnt(int a, int b, int n, long salt) {
            return (a + 2 * b + salt) % 4 == 0 ? 0 : n + (a + b) % 3;
        }

        static void alltoallv(Engine e, CoreComm c, BasicType t, int n, long salt, String at) {
            int p = c.size();
            int me = c.rank();
            int[] sc = new int[p];
            int[] rc = new int[p];
            for (int j = 0; j < p; j++) {
                sc[j] = cnt(me, j, n, salt);
                rc[j] = cnt(j, me, n, salt);
            }
            int[] sd = vdispls(sc);
            int[] rd = vdispls(rc);
            boolean inPlace = salt % 2 == 1;
            Object r = alloc(t, R + Math.max(span(rc, rd), span(sc, sd)));
            Object s = inPlace ? r : alloc(t, O + span(sc, sd));
            int so = inPlace ? R : O;
            for (int j = 0; j < p; j++) {
                put(block(t, sc[j], me, pair(salt, j)), s, so + sd[j]);
            }
            finish(e, NonBlocking.ialltoallv(c, s, so, sc, sd, r, R, rc, rd, t), salt);
            for (int i = 0; i < p; i++) {
                expect("ialltoallv" + (inPlace ? " in place" : "") + " block " + i + " " + at,
                        block(t, rc[i], i, pair(salt, me)), r, R + rd[i]);
            }
        }

        /** The type rank a sends rank b in the w test: {@code t} or INT, mixed in one call. */
        static BasicType type(int a, int b, BasicType t) {
            return (a + b) % 2 == 0 ? t : BasicType.INT;
        }

        static void alltoallw(Engine e, CoreComm c, BasicType t, int n, long salt, String at) {
            int p = c.size();
            int me = c.rank();
            Object[] sb = new Object[p];
            int[] so = new int[p];
            int[] sc = new int[p];
            BasicType[] st = new BasicType[p];
            Object[] rb = new Object[p];
            int[] ro = new int[p];
            int[] rc = new int[p];
            BasicType[] rt = new BasicType[p];
            // Receive arrays: one shared by the peers sending t, one by those sending INT, blocks in reverse order.
            int[] used = new int[2];
            for (int i = p - 1; i >= 0; i--) {
                rt[i] = type(i, me, t);
                rc[i] = cnt(i, me, n, salt);
                int k = rt[i] == t ? 0 : 1;
                ro[i] = 1 + used[k];
                used[k] += rc[i] + 1;
            }
            Object[] shared = {alloc(t, used[0] + 2), alloc(BasicType.INT, used[1] + 2)};
            for (int i = 0; i < p; i++) {
                rb[i] = shared[rt[i] == t ? 0 : 1];
                st[i] = type(me, i, t);
                sc[i] = cnt(me, i, n, salt);
                sb[i] = alloc(st[i], 2 + sc[i]);
                so[i] = 2;
                put(block(st[i], sc[i], me, pair(salt, i)), sb[i], 2);
            }
            if (salt % 3 == 0) {
                Coll.alltoallw(c, sb, so, sc, st, rb, ro, rc, rt);
            } else {
                finish(e, NonBlocking.ialltoallw(c, sb, so, sc, st, rb, ro, rc, rt), salt);
            }
            for (int i = 0; i < p; i++) {
                expect("ialltoallw block " + i + " " + at, block(rt[i], rc[i], i, pair(salt, me)), rb[i], ro[i]);
            }
            // In place: one array, block i both sent to and received from rank i (symmetric counts), type t.
            int[] pos = new int[p];
            int[] cs = new int[p];
            int len = 1;
            for (int i = p - 1; i >= 0; i--) {
                cs[i] = (i + me + salt) % 4 == 0 ? 0 : n + (i + me) % 3;
                pos[i] = len;
                len += cs[i] + 1;
            }
            Object buf = alloc(t, len);
            Object[] bufs = new Object[p];
            BasicType[] ts = new BasicType[p];
            for (int i = 0; i < p; i++) {
                bufs[i] = buf;
                ts[i] = t;
                put(block(t, cs[i], me, pair(salt, i)), buf, pos[i]);
            }
            finish(e, NonBlocking.ialltoallw(c, bufs, pos, cs, ts, bufs, pos, cs, ts), salt + 1);
            for (int i = 0; i < p; i++) {
                expect("ialltoallw in place block " + i + " " + at, block(t, cs[i], i, pair(salt, me)), buf, pos[i]);
            }
        }

        /** Elements rank {@code who} sends along relation {@code rel} of the neighbour lists (zero for some). */
        static int ncnt(int who, int rel, int n, long salt) {
            return (who + rel + salt) % 3 == 0 ? 0 : n + rel % 2;
        }

        static void neighbours(Engine e, CoreComm c, BasicType t, int n, long salt, String at) {
            int me = c.rank();
            int[] src = NbcData.sources(c);
            int[] dst = NbcData.destinations(c);
            int k = src.length;
            // allgather
            Object s = alloc(t, O + n);
            put(block(t, n, me, salt), s, O);
            Object r = alloc(t, R + k * n);
            if (salt % 2 == 0) {
                finish(e, NonBlocking.ineighborAllgather(c, src, dst, s, O, r, R, n, t), salt);
            } else {
                Coll.neighborAllgather(c, src, dst, s, O, r, R, n, t);
            }
            for (int i = 0; i < k; i++) {
                expect("ineighborAllgather block " + i + " " + at, block(t, n, src[i], salt), r, R + i * n);
            }
            // allgatherv: each rank its own count
            int mine = (me + salt) % 3 == 0 ? 0 : n + 1;
            Object sv = alloc(t, O + mine);
            put(block(t, mine, me, salt), sv, O);
            int[] rc = new int[k];
            for (int i = 0; i < k; i++) {
                rc[i] = (src[i] + salt) % 3 == 0 ? 0 : n + 1;
            }
            int[] rd = vdispls(rc);
            Object rv = alloc(t, R + span(rc, rd));
            finish(e, NonBlocking.ineighborAllgatherv(c, src, dst, sv, O, mine, rv, R, rc, rd, t), salt);
            for (int i = 0; i < k; i++) {
                expect("ineighborAllgatherv block " + i + " " + at, block(t, rc[i], src[i], salt), rv, R + rd[i]);
            }
            // alltoall: block j to dst[j]; block i from src[i] is what src[i] sent along relation i
            Object sa = alloc(t, O + k * n);
            for (int j = 0; j < k; j++) {
                put(block(t, n, me, pair(salt, j)), sa, O + j * n);
            }
            Object ra = alloc(t, R + k * n);
            if (salt % 2 == 1) {
                finish(e, NonBlocking.ineighborAlltoall(c, src, dst, sa, O, ra, R, n, t), salt);
            } else {
                Coll.neighborAlltoall(c, src, dst, sa, O, ra, R, n, t);
            }
            for (int i = 0; i < k; i++) {
                expect("ineighborAlltoall block " + i + " " + at, block(t, n, src[i], pair(salt, i)), ra, R + i * n);
            }
            // alltoallv
            int[] sc = new int[k];
            int[] rcv = new int[k];
            for (int j = 0; j < k; j++) {
                sc[j] = ncnt(me, j, n, salt);
                rcv[j] = ncnt(src[j], j, n, salt);
            }
            int[] sd = vdispls(sc);
            int[] rdv = vdispls(rcv);
            Object sx = alloc(t, O + span(sc, sd));
            for (int j = 0; j < k; j++) {
                put(block(t, sc[j], me, pair(salt, j)), sx, O + sd[j]);
            }
            Object rx = alloc(t, R + span(rcv, rdv));
            finish(e, NonBlocking.ineighborAlltoallv(c, src, dst, sx, O, sc, sd, rx, R, rcv, rdv, t), salt);
            for (int i = 0; i < k; i++) {
                expect("ineighborAlltoallv block " + i + " " + at, block(t, rcv[i], src[i], pair(salt, i)), rx, R + rdv[i]);
            }
            // alltoallw: relation j's type is t for even j, LONG for odd
            Object[] sb = new Object[k];
            int[] so = new int[k];
            BasicType[] st = new BasicType[k];
            Object[] rb = new Object[k];
            int[] ro = new int[k];
            BasicType[] rt = new BasicType[k];
            for (int j = 0; j < k; j++) {
                st[j] = j % 2 == 0 ? t : BasicType.LONG;
                rt[j] = st[j];
                sb[j] = alloc(st[j], 1 + sc[j]);
                so[j] = 1;
                put(block(st[j], sc[j], me, pair(salt, j)), sb[j], 1);
                rb[j] = alloc(rt[j], 2 + rcv[j]);
                ro[j] = 2;
            }
            finish(e, NonBlocking.ineighborAlltoallw(c, src, dst, sb, so, sc, st, rb, ro, rcv, rt), salt);
            for (int i = 0; i < k; i++) {
                expect("ineighborAlltoallw block " + i + " " + at, block(rt[i], rcv[i], src[i], pair(salt, i)), rb[i], 2);
            }
        }
    }

    // ---------------------------------------------------------------- reductions

    record Red(BasicType type, Combiner op) {
    }

    static final Red[] REDUCTIONS = {
        new Red(BasicType.INT, Combiner.of(ReduceOp.SUM)),
        new Red(BasicType.DOUBLE, Combiner.of(ReduceOp.SUM)),
        new Red(BasicType.FLOAT, Combiner.of(ReduceOp.MAX)),
        new Red(BasicType.BYTE, Combiner.of(ReduceOp.BXOR)),
        new Red(BasicType.LONG, NbcData.COMPOSE),
        new Red(BasicType.INT, NbcData.KEEP_LEFT),
    };

    public static class Reductions {
        public static void main(String[] args) {
            Engine e = NbcData.engine(Reductions.class, args);
            CoreComm c = e.world();
            int p = c.size();
            int me = c.rank();
            long salt = 0;
            for (Red red : REDUCTIONS) {
                BasicType t = red.type();
                Combiner op = red.op();
                int unit = op.unit();
                for (int n0 : new int[] {0, 1, 7, 70_000 / t.size() + 1}) {
                    int n = n0 - n0 % unit;
                    salt++;
                    String at = op + " on " + t + " count " + n + " on " + p + " ranks";
                    Object[] xs = new Object[p];
                    for (int i = 0; i < p; i++) {
                        xs[i] = block(t, n, i, salt);
                    }
                    Object all = NbcData.fold(xs, p, n, t, op);
                    // reduce, every root, in place at even roots
                    for (int root = 0; root < p; root++) {
                        boolean inPlace = root % 2 == 0;
                        Object r = me == root ? alloc(t, R + n) : null;
                        Object s = alloc(t, O + n);
                        put(xs[me], s, O);
                        Object sb = s;
                        int so = O;
                        if (me == root && inPlace) {
                            put(xs[me], r, R);
                            sb = r;
                            so = R;
                        }
                        finish(e, NonBlocking.ireduce(c, sb, so, r, R, n, t, op, root), salt + root);
                        if (me == root) {
                            expect("ireduce" + (inPlace ? " in place" : "") + " root " + root + " " + at, all, r, R);
                        }
                    }
                    // allreduce, and the blocking one for comparison
                    for (boolean inPlace : new boolean[] {false, true}) {
                        Object r = alloc(t, R + n);
                        Object s = r;
                        int so = R;
                        if (inPlace) {
                            put(xs[me], r, R);
                        } else {
                            s = alloc(t, O + n);
                            put(xs[me], s, O);
                            so = O;
                        }
                        finish(e, NonBlocking.iallreduce(c, s, so, r, R, n, t, op), salt);
                        expect("iallreduce" + (inPlace ? " in place" : "") + " " + at, all, r, R);
                    }
                    Object blocking = alloc(t, n);
                    Coll.allreduce(c, xs[me], 0, blocking, 0, n, t, op);
                    expect("Coll.allreduce " + at, blocking, NbcData.fold(xs, p, n, t, op), 0);
                    // scan and exscan
                    for (boolean inPlace : new boolean[] {false, true}) {
                        Object r = alloc(t, R + n);
                        Object s = r;
                        int so = R;
                        if (inPlace) {
                            put(xs[me], r, R);
                        } else {
                            s = alloc(t, O + n);
                            put(xs[me], s, O);
                            so = O;
                        }
                        finish(e, NonBlocking.iscan(c, s, so, r, R, n, t, op), salt);
                        expect("iscan" + (inPlace ? " in place" : "") + " " + at, NbcData.fold(xs, me + 1, n, t, op), r, R);

                        Object sentinel = block(t, n, 99, salt);
                        Object rx = alloc(t, R + n);
                        Object sx = rx;
                        int sxo = R;
                        if (inPlace) {
                            put(xs[me], rx, R);
                        } else {
                            put(sentinel, rx, R);
                            sx = alloc(t, O + n);
                            put(xs[me], sx, O);
                            sxo = O;
                        }
                        if (inPlace && salt % 2 == 0) {
                            Coll.exscan(c, sx, sxo, rx, R, n, t, op);
                        } else {
                            finish(e, NonBlocking.iexscan(c, sx, sxo, rx, R, n, t, op), salt);
                        }
                        expect("iexscan" + (inPlace ? " in place" : "") + " " + at,
                                me == 0 ? (inPlace ? xs[0] : sentinel) : NbcData.fold(xs, me, n, t, op), rx, R);
                    }
                    reduceScatter(e, c, t, op, n, salt, at);
                }
            }
            e.finish();
        }

        static void reduceScatter(Engine e, CoreComm c, BasicType t, Combiner op, int n, long salt, String at) {
            int p = c.size();
            int me = c.rank();
            int unit = op.unit();
            int[] counts = new int[p];
            int total = 0;
            for (int i = 0; i < p; i++) {
                counts[i] = (i + salt) % 3 == 0 ? 0 : (n / unit + i % 2) * unit;
                total += counts[i];
            }
            int[] displs = new int[p]; // blocks laid end to end, as MPI_Reduce_scatter lays them
            for (int i = 1; i < p; i++) {
                displs[i] = displs[i - 1] + counts[i - 1];
            }
            Object[] xs = new Object[p];
            for (int i = 0; i < p; i++) {
                xs[i] = block(t, total, i, salt + 5);
            }
            Object all = NbcData.fold(xs, p, total, t, op);
            Object want = alloc(t, counts[me]);
            System.arraycopy(all, displs[me], want, 0, counts[me]);
            for (boolean inPlace : new boolean[] {false, true}) {
                Object r = alloc(t, R + Math.max(total, counts[me]));
                Object s = r;
                int so = R;
                if (inPlace) {
                    put(xs[me], r, R);
                } else {
                    s = alloc(t, O + total);
                    put(xs[me], s, O);
                    so = O;
                }
                finish(e, NonBlocking.ireduceScatter(c, s, so, r, R, counts, t, op), salt);
                expect("ireduceScatter" + (inPlace ? " in place" : "") + " " + at, want, r, R);
            }
            // block form
            int b = n - n % unit;
            Object[] ys = new Object[p];
            for (int i = 0; i < p; i++) {
                ys[i] = block(t, p * b, i, salt + 9);
            }
            Object ally = NbcData.fold(ys, p, p * b, t, op);
            Object wanty = alloc(t, b);
            System.arraycopy(ally, me * b, wanty, 0, b);
            Object ry = alloc(t, R + b);
            if (salt % 2 == 0) {
                Coll.reduceScatterBlock(c, ys[me], 0, ry, R, b, t, op);
            } else {
                finish(e, NonBlocking.ireduceScatterBlock(c, ys[me], 0, ry, R, b, t, op), salt);
            }
            expect("ireduceScatterBlock " + at, wanty, ry, R);
        }
    }

    // ---------------------------------------------------------------- many at once

    /**
     * Per iteration: seven calls started on the world and a duplicate of it, with a blocking allreduce,
     * a blocking bcast and a point-to-point ring exchange in between; then completed in reverse order
     * (even iterations) or by testing all of them round-robin (odd ones); every result checked.
     */
    public static class Outstanding {
        public static void main(String[] args) {
            Engine e = NbcData.engine(Outstanding.class, args);
            CoreComm w = e.world();
            CoreComm d = e.dup(w);
            int p = w.size();
            int me = w.rank();
            for (int it = 0; it < 12; it++) {
                long salt = 1000 + it;
                int big = 20_000 + it;
                int broot = it % p;
                CollRequest[] q = new CollRequest[7];
                q[0] = NonBlocking.ibarrier(w);
                long[] bb = me == broot ? (long[]) block(BasicType.LONG, big, broot, salt) : new long[big];
                q[1] = NonBlocking.ibcast(w, bb, 0, big, BasicType.LONG, broot);
                int cn = 2 * (3 + it);
                Object[] xs = new Object[p];
                for (int i = 0; i < p; i++) {
                    xs[i] = block(BasicType.LONG, cn, i, salt);
                }
                long[] ar = new long[cn];
                q[2] = NonBlocking.iallreduce(d, xs[me], 0, ar, 0, cn, BasicType.LONG, NbcData.COMPOSE);
                // point-to-point ring on the world's own context, while those are outstanding
                int[] in = new int[9000];
                var rr = e.irecv(w, jmpi.core.Envelope.of(w, (me - 1 + p) % p, it),
                        jmpi.core.Message.of(in, 0, in.length, BasicType.INT));
                var sr = e.isend(w, jmpi.core.Envelope.of(w, (me + 1) % p, it),
                        jmpi.core.Message.of(block(BasicType.INT, in.length, me, salt), 0, in.length, BasicType.INT),
                        jmpi.core.SendMode.STANDARD);
                // a blocking collective on the same communicator
                long[] sum = new long[5];
                Coll.allreduce(w, block(BasicType.LONG, 5, me, salt), 0, sum, 0, 5, BasicType.LONG,
                        Combiner.of(ReduceOp.SUM));
                int[] sc = new int[p];
                int[] rc = new int[p];
                for (int j = 0; j < p; j++) {
                    sc[j] = Movement.cnt(me, j, 3000, salt);
                    rc[j] = Movement.cnt(j, me, 3000, salt);
                }
                int[] sd = vdispls(sc);
                int[] rd = vdispls(rc);
                double[] sv = new double[span(sc, sd)];
                for (int j = 0; j < p; j++) {
                    put(block(BasicType.DOUBLE, sc[j], me, pair(salt, j)), sv, sd[j]);
                }
                double[] rv = new double[span(rc, rd)];
                q[3] = NonBlocking.ialltoallv(w, sv, 0, sc, sd, rv, 0, rc, rd, BasicType.DOUBLE);
                long[] scan = new long[64];
                q[4] = NonBlocking.iscan(d, block(BasicType.LONG, 64, me, salt), 0, scan, 0, 64, BasicType.LONG,
                        Combiner.of(ReduceOp.SUM));
                int groot = (it * 3) % p;
                int[] gathered = me == groot ? new int[p * 5000] : null;
                q[5] = NonBlocking.igather(w, block(BasicType.INT, 5000, me, salt), 0, gathered, 0, 5000, BasicType.INT,
                        groot);
                // a blocking bcast on the duplicate
                long[] bc = me == 0 ? (long[]) block(BasicType.LONG, 100, 0, salt) : new long[100];
                Coll.bcast(d, bc, 0, 100, BasicType.LONG, 0);
                long[] ex = new long[cn];
                q[6] = NonBlocking.iexscan(w, xs[me], 0, ex, 0, cn, BasicType.LONG, NbcData.COMPOSE);

                e.await(rr);
                e.await(sr);
                rr.throwIfFailed();
                sr.throwIfFailed();
                expect("ring it " + it, block(BasicType.INT, in.length, (me - 1 + p) % p, salt), in, 0);
                long[] sumWant = new long[5];
                for (int i = 0; i < p; i++) {
                    long[] x = (long[]) block(BasicType.LONG, 5, i, salt);
                    for (int k = 0; k < 5; k++) {
                        sumWant[k] += x[k];
                    }
                }
                expect("blocking allreduce it " + it, sumWant, sum, 0);
                expect("blocking bcast it " + it, block(BasicType.LONG, 100, 0, salt), bc, 0);

                if (it % 2 == 0) {
                    for (int k = q.length - 1; k >= 0; k--) {
                        q[k].await();
                    }
                } else {
                    boolean all;
                    do {
                        all = true;
                        for (CollRequest x : q) {
                            all &= x.test();
                        }
                        Thread.yield();
                    } while (!all);
                    for (CollRequest x : q) {
                        x.throwIfFailed();
                    }
                }
                expect("ibcast it " + it, block(BasicType.LONG, big, broot, salt), bb, 0);
                expect("iallreduce it " + it, NbcData.fold(xs, p, cn, BasicType.LONG, NbcData.COMPOSE), ar, 0);
                for (int i = 0; i < p; i++) {
                    expect("ialltoallv it " + it + " block " + i, block(BasicType.DOUBLE, rc[i], i, pair(salt, me)), rv,
                            rd[i]);
                }
                Object[] ys = new Object[p];
                for (int i = 0; i < p; i++) {
                    ys[i] = block(BasicType.LONG, 64, i, salt);
                }
                expect("iscan it " + it, NbcData.fold(ys, me + 1, 64, BasicType.LONG, Combiner.of(ReduceOp.SUM)), scan, 0);
                if (me == groot) {
                    for (int j = 0; j < p; j++) {
                        expect("igather it " + it + " block " + j, block(BasicType.INT, 5000, j, salt), gathered, j * 5000);
                    }
                }
                if (me > 0) {
                    expect("iexscan it " + it, NbcData.fold(xs, me, cn, BasicType.LONG, NbcData.COMPOSE), ex, 0);
                }
            }
            e.free(d);
            e.finish();
        }
    }

    /**
     * Odd and even ranks wait for two outstanding calls in opposite orders: each call needs the other
     * ranks to forward or combine (large binomial broadcast, recursive-doubling allreduce), so this only
     * ends because waiting for one call advances the other.
     */
    public static class CrossOrder {
        public static void main(String[] args) {
            Engine e = NbcData.engine(CrossOrder.class, args);
            CoreComm w = e.world();
            int me = w.rank();
            int n = 50_000;
            for (int it = 0; it < 4; it++) {
                long[] b = me == 0 ? (long[]) block(BasicType.LONG, n, 0, it) : new long[n];
                CollRequest q1 = NonBlocking.ibcast(w, b, 0, n, BasicType.LONG, 0);
                long[] r = new long[n];
                CollRequest q2 = NonBlocking.iallreduce(w, block(BasicType.LONG, n, me, it), 0, r, 0, n, BasicType.LONG,
                        Combiner.of(ReduceOp.SUM));
                if ((me + it) % 2 == 0) {
                    q1.await();
                    q2.await();
                } else {
                    q2.await();
                    q1.await();
                }
                expect("ibcast", block(BasicType.LONG, n, 0, it), b, 0);
                Object[] xs = new Object[w.size()];
                for (int i = 0; i < xs.length; i++) {
                    xs[i] = block(BasicType.LONG, n, i, it);
                }
                expect("iallreduce", NbcData.fold(xs, xs.length, n, BasicType.LONG, Combiner.of(ReduceOp.SUM)), r, 0);
            }
            e.finish();
        }
    }

    /** Rank 1 sends the gather's root one element more, then one fewer, then another type: the root's request fails. */
    public static class Mismatch {
        public static void main(String[] args) {
            Engine e = NbcData.engine(Mismatch.class, args);
            CoreComm w = e.world();
            int me = w.rank();
            int[] own = {5, 3, 4};
            ErrorClass[] want = {ErrorClass.ERR_TRUNCATE, ErrorClass.ERR_COUNT, ErrorClass.ERR_TYPE};
            for (int k = 0; k < 3; k++) {
                int n = me == 1 ? own[k] : 4;
                BasicType t = me == 1 && k == 2 ? BasicType.LONG : BasicType.INT;
                Object s = alloc(t, n);
                int[] r = me == 0 ? new int[3 * 4] : null;
                CollRequest q = NonBlocking.igather(w, s, 0, r, 0, n, t, 0);
                if (me == 0) {
                    try {
                        q.await();
                        throw new AssertionError("a mismatched igather completed without error (case " + k + ")");
                    } catch (MpiError x) {
                        if (x.errorClass() != want[k] || !x.getMessage().contains("igather")
                                || !x.getMessage().contains("rank 1")) {
                            throw new AssertionError("case " + k + ": wrong failure " + x, x);
                        }
                    }
                    if (!q.isDone() || q.failure() == null) {
                        throw new AssertionError("a failed request is not done with its failure");
                    }
                } else {
                    q.await();
                }
            }
            // the communicator goes on working after a failed call
            long[] b = new long[3];
            if (me == 2) {
                b[0] = 7;
            }
            NonBlocking.ibcast(w, b, 0, 3, BasicType.LONG, 2).await();
            if (b[0] != 7) {
                throw new AssertionError("ibcast after a failed call");
            }
            e.finish();
        }
    }

    /** Once done, a request no longer reaches the call's buffers (the collector takes them). */
    public static class Released {
        public static void main(String[] args) {
            Engine e = NbcData.engine(Released.class, args);
            CoreComm w = e.world();
            java.lang.ref.WeakReference<Object>[] refs = new java.lang.ref.WeakReference[3];
            CollRequest[] kept = new CollRequest[3];
            start(e, w, refs, kept);
            for (int i = 0; i < 50 && (refs[0].get() != null || refs[1].get() != null || refs[2].get() != null); i++) {
                System.gc();
                try {
                    Thread.sleep(10);
                } catch (InterruptedException x) {
                    Thread.currentThread().interrupt();
                }
            }
            for (int i = 0; i < 3; i++) {
                if (refs[i].get() != null) {
                    throw new AssertionError("a completed request still holds buffer " + i + ": " + kept[i]);
                }
                if (!kept[i].isDone()) {
                    throw new AssertionError("not done");
                }
            }
            e.finish();
        }

        private static void start(Engine e, CoreComm w, java.lang.ref.WeakReference<Object>[] refs, CollRequest[] kept) {
            long[] s = new long[40_000];
            long[] r = new long[40_000];
            kept[0] = NonBlocking.iallreduce(w, s, 0, r, 0, s.length, BasicType.LONG, Combiner.of(ReduceOp.SUM));
            double[] a = new double[2 * 30_000];
            double[] b = new double[2 * 30_000];
            kept[1] = NonBlocking.ialltoall(w, a, 0, b, 0, 30_000, BasicType.DOUBLE);
            kept[2] = NonBlocking.ireduceScatterBlock(w, s, 0, r, 0, 20_000, BasicType.LONG, Combiner.of(ReduceOp.SUM));
            for (CollRequest q : kept) {
                q.await();
            }
            refs[0] = new java.lang.ref.WeakReference<>(s);
            refs[1] = new java.lang.ref.WeakReference<>(a);
            refs[2] = new java.lang.ref.WeakReference<>(b);
        }
    }
}
