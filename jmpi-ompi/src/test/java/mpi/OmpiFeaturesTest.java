package mpi;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.IntBuffer;
import java.time.Duration;
import java.util.Arrays;

import jmpi.launcher.JobResult;
import jmpi.testkit.MultiRank;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The Open MPI Java API beyond its first slice, on ranks as threads: java.nio buffers (direct, heap, slices,
 * views of another element type), requests and their array forms, persistent requests, derived datatypes in
 * Open MPI's units, the pair and complex types, user operations, v-collectives and prefix reductions,
 * communicators, groups and topologies, the error handlers. Each body checks its own results.
 */
class OmpiFeaturesTest {
    static void expect(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }

    static void expectEquals(Object want, Object got, String what) {
        boolean same = want instanceof int[] a && got instanceof int[] b ? Arrays.equals(a, b)
                : want instanceof double[] a && got instanceof double[] b ? Arrays.equals(a, b)
                : want.equals(got);
        if (!same) {
            throw new AssertionError(what + ": want " + str(want) + ", got " + str(got));
        }
    }

    private static String str(Object o) {
        return o instanceof int[] a ? Arrays.toString(a) : o instanceof double[] a ? Arrays.toString(a) : String.valueOf(o);
    }

    /** Buffers: arrays, direct and heap nio buffers, slices (arrayOffset counts, position does not), raw views. */
    public static class Buffers {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.getRank();
            int p = w.getSize();
            int next = (me + 1) % p;
            int prev = (me + p - 1) % p;
            // A direct IntBuffer around the ring; position is ignored.
            IntBuffer out = MPI.newIntBuffer(5);
            for (int i = 0; i < 5; i++) {
                out.put(i, me * 10 + i);
            }
            out.position(3);
            IntBuffer in = MPI.newIntBuffer(5);
            Status s = w.sendRecv(out, 5, MPI.INT, next, 1, in, 5, MPI.INT, prev, 1);
            for (int i = 0; i < 5; i++) {
                expect(in.get(i) == prev * 10 + i, "direct ring [" + i + "] = " + in.get(i));
            }
            expectEquals(5, s.getCount(MPI.INT), "count");
            expectEquals(prev, s.getSource(), "source");
            // Heap slices: data from arrayOffset.
            int[] big = new int[10];
            for (int i = 0; i < 10; i++) {
                big[i] = me * 100 + i;
            }
            int[] got = new int[10];
            w.sendRecv(MPI.slice(big, 4), 3, MPI.INT, next, 2, MPI.slice(got, 6), 3, MPI.INT, prev, 2);
            expectEquals(new int[] {0, 0, 0, 0, 0, 0, prev * 100 + 4, prev * 100 + 5, prev * 100 + 6, 0}, got, "slices");
            // One array behind both buffers of a sendRecv (two slices of it): the send reads the old values.
            int[] shared = new int[8];
            for (int i = 0; i < 8; i++) {
                shared[i] = me * 10 + i;
            }
            w.sendRecv(MPI.slice(shared, 0), 6, MPI.INT, next, 4, MPI.slice(shared, 2), 6, MPI.INT, prev, 4);
            for (int i = 0; i < 6; i++) {
                expect(shared[2 + i] == prev * 10 + i, "aliased sendRecv [" + (2 + i) + "] = " + shared[2 + i]);
            }
            // A ByteBuffer sent as MPI.INT (native order bytes), received into an int[].
            ByteBuffer bytes = MPI.newByteBuffer(12);
            bytes.asIntBuffer().put(new int[] {me, -me, 7});
            int[] three = new int[3];
            w.sendRecv(bytes, 3, MPI.INT, next, 3, three, 3, MPI.INT, prev, 3);
            expectEquals(new int[] {prev, -prev, 7}, three, "bytes as ints");
            // A heap DoubleBuffer view (no array of its own type behind it) in a collective.
            DoubleBuffer d = ByteBuffer.allocate(8 * 4).order(ByteOrder.nativeOrder()).asDoubleBuffer();
            for (int i = 0; i < 4; i++) {
                d.put(i, me + i * 0.5);
            }
            w.allReduce(d, 4, MPI.DOUBLE, MPI.SUM);
            for (int i = 0; i < 4; i++) {
                double want = p * (p - 1) / 2.0 + p * i * 0.5;
                expect(d.get(i) == want, "allReduce of a view [" + i + "] = " + d.get(i) + " want " + want);
            }
            // booleans
            boolean[] flags = new boolean[3];
            if (me == 0) {
                flags = new boolean[] {true, false, true};
            }
            w.bcast(flags, 3, MPI.BOOLEAN, 0);
            expect(flags[0] && !flags[1] && flags[2], "bcast of booleans");
            // MPI.BYTE's MAX compares unsigned, as Open MPI's does.
            byte[] b = {(byte) (me == 0 ? 200 : 1)};
            w.allReduce(b, 1, MPI.BYTE, MPI.MAX);
            expect((b[0] & 0xFF) == 200 || p == 1 && (b[0] & 0xFF) == 200, "unsigned byte MAX: " + (b[0] & 0xFF));
            // A direct buffer in bcast and gather, and a heap one in scatter.
            IntBuffer all = MPI.newIntBuffer(p * 2);
            w.gather(MPI.slice(new int[] {9, me, me * me}, 1), 2, MPI.INT, all, 2, MPI.INT, 0);
            if (me == 0) {
                for (int r = 0; r < p; r++) {
                    expect(all.get(2 * r) == r && all.get(2 * r + 1) == r * r, "gather of slices, rank " + r);
                }
            }
            MPI.Finalize();
        }
    }

    /** Requests: non-blocking point-to-point on direct buffers, every array form, persistent requests, cancel. */
    public static class Requests {
        public static void main(String[] args) throws MPIException {
            expect(MPI.InitThread(args, MPI.THREAD_MULTIPLE) == MPI.THREAD_MULTIPLE, "THREAD_MULTIPLE");
            Intracomm w = MPI.COMM_WORLD;
            int me = w.getRank();
            int p = w.getSize();
            int n = 4;
            IntBuffer[] ins = new IntBuffer[p];
            IntBuffer[] outs = new IntBuffer[p];
            Request[] reqs = new Request[2 * p];
            for (int r = 0; r < p; r++) {
                ins[r] = MPI.newIntBuffer(n);
                outs[r] = MPI.newIntBuffer(n);
                for (int i = 0; i < n; i++) {
                    outs[r].put(i, me * 1000 + r * 10 + i);
                }
                reqs[r] = w.iRecv(ins[r], n, MPI.INT, r, 5);
            }
            for (int r = 0; r < p; r++) {
                reqs[p + r] = w.iSend(outs[r], n, MPI.INT, r, 5);
            }
            Status[] all = Request.waitAllStatus(reqs);
            for (int r = 0; r < p; r++) {
                expect(all[r].getIndex() == r && all[r].getSource() == r && all[r].getTag() == 5, "status " + r);
                for (int i = 0; i < n; i++) {
                    expect(ins[r].get(i) == r * 1000 + me * 10 + i, "iRecv from " + r);
                }
                expect(reqs[r].isNull(), "a completed request is null");
            }
            // waitAny / waitSome / testAny over a mixed array with nulls.
            IntBuffer one = MPI.newIntBuffer(1);
            Request[] mixed = {null, MPI.REQUEST_NULL, w.iRecv(one, 1, MPI.INT, me, 6), null};
            expect(Request.testAny(mixed) == MPI.UNDEFINED, "nothing yet");
            IntBuffer v = MPI.newIntBuffer(1);
            v.put(0, 42);
            Request send = w.iSend(v, 1, MPI.INT, me, 6);
            Status any = Request.waitAnyStatus(mixed);
            expect(any.getIndex() == 2 && one.get(0) == 42, "waitAny index " + any.getIndex());
            send.waitFor();
            expect(Request.waitAny(mixed) == MPI.UNDEFINED, "waitAny of no active request");
            expect(Request.waitSome(mixed) == null, "waitSome of no active request");
            expect(Request.testSome(new Request[] {w.iRecv(one, 1, MPI.INT, me, 99)}).length == 0, "testSome of none");
            // The request above stays posted: cancel it. A cancelled receive, or one from PROC_NULL, leaves the
            // direct buffer as it was.
            one.put(0, -7);
            Request pending = w.iRecv(one, 1, MPI.INT, me, 77);
            pending.cancel();
            Status c = pending.waitStatus();
            expect(c.isCancelled() && one.get(0) == -7, "cancelled, buffer untouched: " + one.get(0));
            Status pn = w.iRecv(one, 1, MPI.INT, MPI.PROC_NULL, 5).waitStatus();
            expect(pn.getSource() == MPI.PROC_NULL && pn.getCount(MPI.INT) == 0 && one.get(0) == -7,
                    "PROC_NULL receive leaves the buffer");
            // Persistent requests: ten rounds of a ring.
            IntBuffer pin = MPI.newIntBuffer(1);
            IntBuffer pout = MPI.newIntBuffer(1);
            Prequest pr = w.recvInit(pin, 1, MPI.INT, (me + p - 1) % p, 8);
            Prequest ps = w.sendInit(pout, 1, MPI.INT, (me + 1) % p, 8);
            for (int round = 0; round < 10; round++) {
                pout.put(0, round * 100 + me);
                Prequest.startAll(new Prequest[] {pr, ps});
                Request.waitAll(new Request[] {pr, ps});
                expect(pin.get(0) == round * 100 + (me + p - 1) % p, "persistent round " + round);
                expect(!pr.isNull(), "a persistent request stays");
            }
            pr.free();
            ps.free();
            // Open MPI's check: non-blocking calls take direct buffers only.
            try {
                w.iSend(IntBuffer.allocate(1), 1, MPI.INT, me, 0);
                throw new AssertionError("a heap buffer in iSend");
            } catch (IllegalArgumentException e) {
                expect(e.getMessage().equals("The buffer must be direct."), e.getMessage());
            }
            // getStatus leaves the request as it is.
            IntBuffer g = MPI.newIntBuffer(1);
            Request gr = w.iRecv(g, 1, MPI.INT, me, 9);
            w.send(new int[] {5}, 1, MPI.INT, me, 9);
            Status gs = null;
            for (int i = 0; i < 1_000_000 && gs == null; i++) {
                gs = gr.getStatus();
            }
            expect(gs != null && !gr.isNull() && g.get(0) == 5, "getStatus");
            gr.waitFor();
            expect(gr.isNull(), "null after the wait");
            // A matched probe and its receive.
            w.send(new int[] {me, 1, 2}, 3, MPI.INT, me, 11);
            Message m = new Message();
            Status ms = m.mProbe(MPI.ANY_SOURCE, 11, w);
            int[] mr = new int[ms.getCount(MPI.INT)];
            m.mRecv(mr, mr.length, MPI.INT);
            expectEquals(new int[] {me, 1, 2}, mr, "mRecv");
            expect(m.isNull(), "consumed");
            // A matched probe takes the message out of matching: iProbe no longer sees it.
            w.send(new int[] {5}, 1, MPI.INT, me, 12);
            Message m2 = new Message();
            Status s2 = null;
            for (int i = 0; i < 1_000_000 && s2 == null; i++) {
                s2 = m2.imProbe(me, 12, w);
            }
            expect(s2 != null && w.iProbe(me, 12) == null, "imProbe takes the message");
            IntBuffer mb = MPI.newIntBuffer(1);
            m2.imRecv(mb, 1, MPI.INT).waitFor();
            expect(mb.get(0) == 5, "imRecv");
            // Two threads probe and receive from one queue: each message goes to exactly one of them.
            int msgs = 200;
            int[] got = new int[msgs];
            java.util.concurrent.atomic.AtomicReference<Throwable> trouble = new java.util.concurrent.atomic.AtomicReference<>();
            Runnable taker = () -> {
                try {
                    for (int i = 0; i < msgs / 2; i++) {
                        Message mm = new Message();
                        Status st = mm.mProbe(me, 13, w);
                        int[] value = new int[st.getCount(MPI.INT)];
                        mm.mRecv(value, value.length, MPI.INT);
                        synchronized (got) {
                            got[value[0]]++;
                        }
                    }
                } catch (Throwable t) {
                    trouble.set(t);
                }
            };
            Thread t1 = new Thread(taker);
            Thread t2 = new Thread(taker);
            t1.start();
            t2.start();
            for (int i = 0; i < msgs; i++) {
                w.send(new int[] {i}, 1, MPI.INT, me, 13);
            }
            try {
                t1.join(30_000);
                t2.join(30_000);
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            expect(trouble.get() == null && !t1.isAlive() && !t2.isAlive(), "threads: " + trouble.get());
            for (int i = 0; i < msgs; i++) {
                expect(got[i] == 1, "message " + i + " received " + got[i] + " times");
            }
            MPI.Finalize();
        }
    }

    /** Derived datatypes in Open MPI's units, through point-to-point and collectives. */
    public static class Datatypes {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.getRank();
            int p = w.getSize();
            Datatype vec = Datatype.createVector(3, 2, 4, MPI.INT);
            vec.commit();
            expect(vec.getSize() == 6 && vec.getExtent() == 10 && vec.getLb() == 0, "vector sizes");
            Datatype hvec = Datatype.createHVector(3, 2, 16, MPI.INT); // 16 bytes = 4 ints
            hvec.commit();
            expect(hvec.getExtent() == 10, "hvector in bytes: extent " + hvec.getExtent());
            Datatype resized = Datatype.createResized(MPI.INT, 0, 12);
            expect(resized.getExtent() == 3 && resized.getSize() == 1, "resized in bytes");
            Datatype hidx = Datatype.createHIndexed(new int[] {1, 2}, new int[] {8, 0}, MPI.DOUBLE);
            hidx.commit();
            expect(hidx.getSize() == 3 && hidx.getTrueExtent() == 2 && hidx.getExtent() == 2, "hindexed");
            int[] src = new int[12];
            for (int i = 0; i < 12; i++) {
                src[i] = me * 100 + i;
            }
            int[] dst = new int[6];
            w.sendRecv(src, 1, vec, me, 1, dst, 6, MPI.INT, me, 1);
            expectEquals(new int[] {me * 100, me * 100 + 1, me * 100 + 4, me * 100 + 5, me * 100 + 8, me * 100 + 9},
                    dst, "vector to contiguous");
            // Rank r's row of p values lands as column r of a p x p matrix: a resized vector (a classic).
            Datatype col = Datatype.createResized(Datatype.createVector(p, 1, p, MPI.INT), 0, 4);
            col.commit();
            int[] row = new int[p];
            for (int k = 0; k < p; k++) {
                row[k] = me * 10 + k;
            }
            int[] matrix = new int[p * p];
            w.allGather(row, p, MPI.INT, matrix, 1, col);
            for (int r = 0; r < p; r++) {
                for (int k = 0; k < p; k++) {
                    expect(matrix[k * p + r] == r * 10 + k, "column gather [" + k + "][" + r + "] = " + matrix[k * p + r]);
                }
            }
            // A struct of an int and a double in a ByteBuffer: C's padding makes the extent 16.
            Datatype st = Datatype.createStruct(new int[] {1, 1}, new int[] {0, 8}, new Datatype[] {MPI.INT, MPI.DOUBLE});
            st.commit();
            expect(st.getExtent() == 16 && st.getSize() == 12, "struct extent " + st.getExtent() + " size "
                    + st.getSize());
            ByteBuffer sb = MPI.newByteBuffer(32);
            sb.putInt(0, me);
            sb.putDouble(8, me * 1.5);
            sb.putInt(16, -me);
            sb.putDouble(24, -2.5);
            ByteBuffer rb = MPI.newByteBuffer(32);
            w.sendRecv(sb, 2, st, me, 2, rb, 2, st, me, 2);
            expect(rb.getInt(0) == me && rb.getDouble(8) == me * 1.5 && rb.getInt(16) == -me
                    && rb.getDouble(24) == -2.5, "struct round trip");
            // MAXLOC with the pair type and its Struct view.
            ByteBuffer pin = MPI.newByteBuffer(MPI.int2.getExtent() * 2);
            ByteBuffer pout = MPI.newByteBuffer(MPI.int2.getExtent() * 2);
            Int2.Data d0 = MPI.int2.getData(pin, 0);
            d0.putValue(me % 2 == 0 ? 50 : 10);
            d0.putIndex(me);
            Int2.Data d1 = MPI.int2.getData(pin, 1);
            d1.putValue(-me);
            d1.putIndex(me);
            w.allReduce(pin, pout, 2, MPI.INT2, MPI.MAXLOC);
            Int2.Data r0 = MPI.int2.getData(pout, 0);
            Int2.Data r1 = MPI.int2.getData(pout, 1);
            expect(r0.getValue() == 50 && r0.getIndex() == 0, "maxloc tie goes to the lowest index: " + r0.getValue()
                    + "@" + r0.getIndex());
            expect(r1.getValue() == 0 && r1.getIndex() == 0, "maxloc 2");
            ByteBuffer din = MPI.newByteBuffer(MPI.doubleInt.getExtent());
            ByteBuffer dout = MPI.newByteBuffer(MPI.doubleInt.getExtent());
            DoubleInt.Data dd = MPI.doubleInt.getData(din);
            dd.putValue(Math.abs(me - 1.2));
            dd.putIndex(me);
            w.allReduce(din, dout, 1, MPI.DOUBLE_INT, MPI.MINLOC);
            int want = p == 1 ? 0 : 1;
            DoubleInt.Data min = MPI.doubleInt.getData(dout);
            expect(min.getIndex() == want, "minloc of doubles: " + min.getIndex());
            // Complex product.
            double[] z = {0, 1}; // i
            double[] prod = new double[2];
            w.allReduce(z, prod, 1, MPI.DOUBLE_COMPLEX, MPI.PROD);
            double[][] powers = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
            expect(prod[0] == powers[p % 4][0] && prod[1] == powers[p % 4][1], "i^" + p + " = " + Arrays.toString(prod));
            // Pack / unpack with a derived type.
            byte[] packed = new byte[w.packSize(1, vec)];
            int pos = w.pack(src, 1, vec, packed, 0);
            expect(pos == 24, "packed 6 ints");
            int[] un = new int[6];
            w.unpack(packed, 0, un, 6, MPI.INT);
            expectEquals(dst, un, "unpack");
            Datatype dup = vec.dup();
            expect(dup.getExtent() == 10, "dup");
            dup.free();
            expect(dup.isNull(), "freed");
            MPI.Finalize();
        }
    }

    /** User operations (array and ByteBuffer forms, non-commutative), v-collectives, scans, reduceScatter. */
    public static class Reductions {
        /** 2x2 matrix product, row-major: not commutative. */
        static final class MatMul extends UserFunction {
            @Override
            public void call(Object inVec, Object inOutVec, int count, Datatype datatype) {
                long[] a = (long[]) inVec;
                long[] b = (long[]) inOutVec;
                for (int k = 0; k < count; k++) {
                    int o = 4 * k;
                    long c0 = a[o] * b[o] + a[o + 1] * b[o + 2];
                    long c1 = a[o] * b[o + 1] + a[o + 1] * b[o + 3];
                    long c2 = a[o + 2] * b[o] + a[o + 3] * b[o + 2];
                    long c3 = a[o + 2] * b[o + 1] + a[o + 3] * b[o + 3];
                    b[o] = c0;
                    b[o + 1] = c1;
                    b[o + 2] = c2;
                    b[o + 3] = c3;
                }
            }
        }

        /** Sum of ints on the raw bytes. */
        static final class ByteSum extends UserFunction {
            @Override
            public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) {
                for (int i = 0; i < count; i++) {
                    inOut.putInt(4 * i, inOut.getInt(4 * i) + in.getInt(4 * i));
                }
            }
        }

        /** [[r+1, 1], [1, 0]]: these do not commute. */
        static long[] mat(int r) {
            return new long[] {r + 1, 1, 1, 0};
        }

        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.getRank();
            int p = w.getSize();
            Datatype m22 = Datatype.createContiguous(4, MPI.LONG);
            m22.commit();
            Op mul = new Op(new MatMul(), false);
            expect(!mul.isCommutative(), "not commutative");
            long[] out = new long[4];
            w.allReduce(mat(me), out, 1, m22, mul);
            long[] want = mat(p - 1); // M0 * M1 * ... * M(p-1), in rank order
            for (int r = p - 2; r >= 0; r--) {
                long[] prod = mat(r);
                new MatMul().call(prod, want, 1, m22);
            }
            expect(Arrays.equals(out, want), "matmul in rank order " + Arrays.toString(out) + " want "
                    + Arrays.toString(want));
            Op bsum = new Op(new ByteSum(), true);
            int[] x = {me, 1};
            int[] y = new int[2];
            w.reduce(x, y, 2, MPI.INT, bsum, p - 1);
            if (me == p - 1) {
                expect(y[0] == p * (p - 1) / 2 && y[1] == p, "ByteBuffer user op " + Arrays.toString(y));
            }
            // scan / reduceScatterBlock / reduceLocal
            int[] sc = {me + 1};
            w.scan(sc, 1, MPI.INT, MPI.SUM);
            expect(sc[0] == (me + 1) * (me + 2) / 2, "scan in place");
            int[] vecIn = new int[p * 2];
            Arrays.fill(vecIn, me + 1);
            int[] block = new int[2];
            w.reduceScatterBlock(vecIn, block, 2, MPI.INT, MPI.SUM);
            expect(block[0] == p * (p + 1) / 2 && block[1] == block[0], "reduceScatterBlock");
            int[] a = {1, 2};
            int[] b = {10, 20};
            Comm.reduceLocal(a, b, 2, MPI.INT, MPI.SUM);
            expectEquals(new int[] {11, 22}, b, "reduceLocal");
            // gatherv with a zero count and non-monotone displacements, then scatterv back.
            int[] counts = new int[p];
            int[] displs = new int[p];
            int total = 0;
            for (int r = 0; r < p; r++) {
                counts[r] = r % 3;
                total += counts[r];
            }
            for (int r = p - 1, at = 0; r >= 0; r--) {
                displs[r] = at;
                at += counts[r];
            }
            int[] mineV = new int[counts[me]];
            Arrays.fill(mineV, me);
            int[] gathered = new int[total];
            w.gatherv(mineV, counts[me], MPI.INT, gathered, counts, displs, MPI.INT, 0);
            if (me == 0) {
                for (int r = 0; r < p; r++) {
                    for (int k = 0; k < counts[r]; k++) {
                        expect(gathered[displs[r] + k] == r, "gatherv rank " + r);
                    }
                }
            }
            int[] back = new int[counts[me]];
            w.scatterv(gathered, counts, displs, MPI.INT, back, counts[me], MPI.INT, 0);
            expectEquals(mineV, back, "scatterv");
            int[] everyone = new int[total];
            w.allGatherv(mineV, counts[me], MPI.INT, everyone, counts, displs, MPI.INT);
            for (int r = 0; r < p; r++) {
                for (int k = 0; k < counts[r]; k++) {
                    expect(everyone[displs[r] + k] == r, "allGatherv rank " + r);
                }
            }
            // allToAllv: rank i sends i+j+1 ... to j, counts j+1.
            int[] sc2 = new int[p];
            int[] sd = new int[p];
            int[] rc = new int[p];
            int[] rd = new int[p];
            int st = 0;
            int rt = 0;
            for (int j = 0; j < p; j++) {
                sc2[j] = j + 1;
                sd[j] = st;
                st += sc2[j];
                rc[j] = me + 1;
                rd[j] = rt;
                rt += rc[j];
            }
            int[] sbuf = new int[st];
            for (int j = 0; j < p; j++) {
                Arrays.fill(sbuf, sd[j], sd[j] + sc2[j], me * 100 + j);
            }
            int[] rbuf = new int[rt];
            w.allToAllv(sbuf, sc2, sd, MPI.INT, rbuf, rc, rd, MPI.INT);
            for (int j = 0; j < p; j++) {
                for (int k = 0; k < rc[j]; k++) {
                    expect(rbuf[rd[j] + k] == j * 100 + me, "allToAllv from " + j);
                }
            }
            MPI.Finalize();
        }
    }

    /** Communicators, groups, topologies, attributes, names. */
    public static class Communicators {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.getRank();
            int p = w.getSize();
            expect(w.getName().equals("MPI_COMM_WORLD"), "name");
            Intracomm d = w.dup();
            expect(Comm.compare(w, d) == MPI.CONGRUENT && Comm.compare(w, w) == MPI.IDENT, "compare");
            d.setName("mine");
            expect(d.getName().equals("mine"), "setName");
            int key = Comm.createKeyval();
            d.setAttr(key, "value of " + me);
            Intracomm dd = d.dup();
            expect(("value of " + me).equals(dd.getAttr(key)), "attribute copied by dup");
            dd.deleteAttr(key);
            expect(dd.getAttr(key) == null, "deleted");
            expect((Integer) w.getAttr(MPI.TAG_UB) >= 32767 && Boolean.FALSE.equals(w.getAttr(MPI.WTIME_IS_GLOBAL)),
                    "predefined attributes");
            Intracomm half = w.split(me % 2, -me);
            expect(half.getSize() == (p + 1 - me % 2) / 2, "split size");
            int[] members = new int[half.getSize()];
            half.allGather(new int[] {me}, 1, MPI.INT, members, 1, MPI.INT);
            for (int i = 1; i < members.length; i++) {
                expect(members[i] < members[i - 1], "split orders by key (descending ranks): " + Arrays.toString(members));
            }
            Intracomm none = w.split(me == 0 ? MPI.UNDEFINED : 1, 0);
            expect(none.isNull() == (me == 0), "UNDEFINED colour");
            Group g = w.getGroup();
            Group evens = g.rangeIncl(new int[][] {{0, p - 1, 2}});
            expect(evens.getSize() == (p + 1) / 2 && evens.getRank() == (me % 2 == 0 ? me / 2 : MPI.UNDEFINED),
                    "rangeIncl");
            Group odds = Group.difference(g, evens);
            expect(Group.union(evens, odds).getSize() == p && Group.intersection(evens, odds).getSize() == 0,
                    "union / intersection");
            expect(Group.compare(g, Group.union(evens, odds)) == (p > 2 ? MPI.SIMILAR : MPI.IDENT), "group compare");
            int[] tr = Group.translateRanks(evens, new int[] {0}, g);
            expect(tr[0] == 0, "translateRanks");
            Intracomm ev = w.create(evens);
            expect(ev.isNull() == (me % 2 == 1), "create");
            if (!ev.isNull()) {
                expect(ev.getRank() == me / 2, "create rank");
                ev.free();
                expect(ev.isNull(), "freed");
            }
            // createGroup: only the odd ranks call it.
            if (me % 2 == 1) {
                Intracomm odd = w.createGroup(odds, 7);
                expect(odd.getSize() == p / 2 && odd.getRank() == me / 2, "createGroup");
                int[] s = {me};
                odd.allReduce(s, 1, MPI.INT, MPI.SUM);
                expect(s[0] == (p / 2) * (p / 2), "allReduce over the odd ranks: " + s[0]);
                odd.free();
            }
            // Cartesian 2-D grid.
            int[] dims = new int[2];
            CartComm.createDims(p, dims);
            expect(dims[0] * dims[1] == p && dims[0] >= dims[1], "createDims " + Arrays.toString(dims));
            CartComm cart = w.createCart(dims, new boolean[] {true, false}, false);
            CartParms cp = cart.getTopo();
            int[] coords = cart.getCoords(cart.getRank());
            expect(cp.getCoord(0) == coords[0] && cart.getRank(coords) == cart.getRank(), "coords");
            ShiftParms sp = cart.shift(0, 1);
            int[] up = coords.clone();
            up[0] = (up[0] + 1) % dims[0];
            expect(sp.getRankDest() == cart.getRank(up), "periodic shift");
            ShiftParms edge = cart.shift(1, 1);
            expect(coords[1] < dims[1] - 1 || edge.getRankDest() == MPI.PROC_NULL, "non-periodic edge");
            expect(cart.getTopology() == MPI.CART, "topology");
            CartComm row = cart.sub(new boolean[] {false, true});
            expect(row.getSize() == dims[1], "sub");
            // A ring graph.
            int[] index = new int[p];
            int[] edges = new int[p == 1 ? 0 : 2 * p];
            if (p > 1) {
                for (int i = 0; i < p; i++) {
                    index[i] = 2 * (i + 1);
                    edges[2 * i] = (i + p - 1) % p;
                    edges[2 * i + 1] = (i + 1) % p;
                }
            }
            GraphComm ring = w.createGraph(index, edges, false);
            expect(ring.getTopology() == MPI.GRAPH && ring.getDims().getIndexCount() == p, "graph");
            if (p > 1) {
                expectEquals(new int[] {(me + p - 1) % p, (me + 1) % p}, ring.getNeighbors(me), "graph neighbours");
            }
            // A distributed graph: everyone points at rank 0.
            GraphComm star = w.createDistGraph(new int[] {me}, new int[] {1}, new int[] {0}, new int[] {me + 1},
                    MPI.INFO_NULL, false);
            DistGraphNeighbors nb = star.getDistGraphNeighbors();
            expect(nb.getOutDegree() == 1 && nb.getDestination(0) == 0 && nb.isWeighted(), "out");
            expect(nb.getInDegree() == (me == 0 ? p : 0), "in degree " + nb.getInDegree());
            // An inter-communicator between the halves, merged back.
            if (p > 1) {
                // Called on the peer communicator (the world). Each half is ordered by descending rank, so the
                // other half's leader (its rank 0) is the largest world rank of the other parity.
                int otherLeader = p - 1;
                while (otherLeader % 2 == me % 2) {
                    otherLeader--;
                }
                Intercomm inter = w.createIntercomm(half, 0, otherLeader, 33);
                expect(inter.getRemoteSize() == p - half.getSize(), "remote size");
                // Collectives across the two groups (MPI.ROOT / PROC_NULL in the root's group).
                boolean even = me % 2 == 0;
                int lr = half.getRank();
                int remote = inter.getRemoteSize();
                int[] bv = new int[2];
                if (even) {
                    if (lr == 0) {
                        bv = new int[] {31, 41};
                    }
                    inter.bcast(bv, 2, MPI.INT, lr == 0 ? MPI.ROOT : MPI.PROC_NULL);
                } else {
                    inter.bcast(bv, 2, MPI.INT, 0);
                    expect(bv[0] == 31 && bv[1] == 41, "inter bcast");
                }
                int otherSum = 0;
                for (int r = 0; r < p; r++) {
                    otherSum += r % 2 != me % 2 ? r : 0;
                }
                int[] as = new int[1];
                inter.allReduce(new int[] {me}, as, 1, MPI.INT, MPI.SUM);
                expect(as[0] == otherSum, "inter allReduce " + as[0] + " want " + otherSum);
                int[] rs = new int[1];
                if (even) {
                    inter.reduce(null, rs, 1, MPI.INT, MPI.SUM, lr == 0 ? MPI.ROOT : MPI.PROC_NULL);
                    expect(lr != 0 || rs[0] == otherSum, "inter reduce at the root");
                } else {
                    inter.reduce(new int[] {me}, null, 1, MPI.INT, MPI.SUM, 0);
                }
                int[] ag = new int[remote];
                inter.allGather(new int[] {me}, 1, MPI.INT, ag, 1, MPI.INT);
                int[] remoteMembers = new int[remote];
                int[] localMembers = new int[half.getSize()];
                half.allGather(new int[] {me}, 1, MPI.INT, localMembers, 1, MPI.INT);
                inter.allToAll(new int[remote == 0 ? 0 : remote], 0, MPI.INT, new int[remote], 0, MPI.INT);
                int[] sendAll = new int[remote];
                Arrays.fill(sendAll, me);
                inter.allToAll(sendAll, 1, MPI.INT, remoteMembers, 1, MPI.INT);
                expectEquals(remoteMembers, ag, "inter allGather = the other group's ranks in its order");
                int[] gat = new int[remote];
                if (!even) {
                    inter.gather(null, 0, MPI.INT, gat, 1, MPI.INT, lr == 0 ? MPI.ROOT : MPI.PROC_NULL);
                    if (lr == 0) {
                        expectEquals(remoteMembers, gat, "inter gather");
                    }
                    inter.scatter(gat, 1, MPI.INT, null, 0, MPI.INT, lr == 0 ? MPI.ROOT : MPI.PROC_NULL);
                } else {
                    inter.gather(new int[] {me}, 1, MPI.INT, null, 0, MPI.INT, 0);
                    int[] back = new int[1];
                    inter.scatter(null, 0, MPI.INT, back, 1, MPI.INT, 0);
                    expect(back[0] == me, "inter scatter sends each its own block back");
                }
                inter.barrier();
                Intracomm merged = inter.merge(me % 2 == 1);
                expect(merged.getSize() == p, "merge");
                int[] sum = {1};
                merged.allReduce(sum, 1, MPI.INT, MPI.SUM);
                expect(sum[0] == p, "allReduce on the merged communicator");
            }
            Info info = new Info();
            info.set("k", "v");
            expect("v".equals(info.dup().get("k")) && info.size() == 1 && info.getKey(0).equals("k"), "info");
            MPI.Finalize();
        }
    }

    /** Every non-blocking collective on direct buffers, several outstanding at once, in-place forms, neighbours. */
    public static class NonBlockingCollectives {
        static IntBuffer ints(int... v) {
            IntBuffer b = MPI.newIntBuffer(Math.max(1, v.length));
            for (int i = 0; i < v.length; i++) {
                b.put(i, v[i]);
            }
            return b;
        }

        static int[] get(IntBuffer b, int n) {
            int[] a = new int[n];
            for (int i = 0; i < n; i++) {
                a[i] = b.get(i);
            }
            return a;
        }

        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            Intracomm w = MPI.COMM_WORLD;
            int me = w.getRank();
            int p = w.getSize();
            int root = p - 1;
            // Several outstanding, completed in reverse order of starting.
            IntBuffer bc = ints(me == root ? new int[] {7, 8, 9} : new int[3]);
            Request rb = w.iBcast(bc, 3, MPI.INT, root);
            IntBuffer ar = ints(me, 1);
            IntBuffer arOut = MPI.newIntBuffer(2);
            Request ra = w.iAllReduce(ar, arOut, 2, MPI.INT, MPI.SUM);
            IntBuffer inPlace = ints(me + 1);
            Request rip = w.iAllReduce(inPlace, 1, MPI.INT, MPI.MAX);
            Request bar = w.iBarrier();
            Request.waitAll(new Request[] {bar, rip, ra, rb});
            expectEquals(new int[] {7, 8, 9}, get(bc, 3), "iBcast");
            expectEquals(new int[] {p * (p - 1) / 2, p}, get(arOut, 2), "iAllReduce");
            expectEquals(p, inPlace.get(0), "iAllReduce in place");
            // Overlap: compute while an iAllReduce is in flight, testing now and then.
            DoubleBuffer big = MPI.newDoubleBuffer(1 << 15);
            for (int i = 0; i < big.capacity(); i++) {
                big.put(i, me + i);
            }
            Request ov = w.iAllReduce(big, big.capacity(), MPI.DOUBLE, MPI.SUM);
            double sink = 0;
            for (int k = 0; k < 100 && !ov.test(); k++) {
                for (int i = 0; i < 10_000; i++) {
                    sink += Math.sqrt(i + k);
                }
            }
            ov.waitFor();
            expect(sink >= 0 && big.get(5) == p * (p - 1) / 2.0 + p * 5.0, "overlapped iAllReduce " + big.get(5));
            // Rooted ones.
            IntBuffer gathered = MPI.newIntBuffer(2 * p);
            w.iGather(ints(me, -me), 2, MPI.INT, gathered, 2, MPI.INT, root).waitFor();
            if (me == root) {
                for (int r = 0; r < p; r++) {
                    expect(gathered.get(2 * r) == r && gathered.get(2 * r + 1) == -r, "iGather " + r);
                }
            }
            IntBuffer sc = MPI.newIntBuffer(2);
            w.iScatter(gathered, 2, MPI.INT, sc, 2, MPI.INT, root).waitFor();
            expectEquals(new int[] {me, -me}, get(sc, 2), "iScatter");
            IntBuffer red = MPI.newIntBuffer(1);
            w.iReduce(ints(me), red, 1, MPI.INT, MPI.SUM, root).waitFor();
            if (me == root) {
                expectEquals(p * (p - 1) / 2, red.get(0), "iReduce");
            }
            IntBuffer redIn = ints(2);
            w.iReduce(redIn, 1, MPI.INT, MPI.PROD, 0).waitFor();
            if (me == 0) {
                expectEquals(1 << p, redIn.get(0), "iReduce in place");
            }
            IntBuffer gi = MPI.newIntBuffer(p);
            gi.put(me, me * 3);
            w.iAllGather(gi, 1, MPI.INT).waitFor();
            for (int r = 0; r < p; r++) {
                expect(gi.get(r) == r * 3, "iAllGather in place " + r);
            }
            IntBuffer a2a = MPI.newIntBuffer(p);
            IntBuffer a2aOut = MPI.newIntBuffer(p);
            for (int j = 0; j < p; j++) {
                a2a.put(j, me * 10 + j);
            }
            w.iAllToAll(a2a, 1, MPI.INT, a2aOut, 1, MPI.INT).waitFor();
            for (int i = 0; i < p; i++) {
                expect(a2aOut.get(i) == i * 10 + me, "iAllToAll " + i);
            }
            // v-forms: rank r gives r+1 items.
            int[] counts = new int[p];
            int[] displs = new int[p];
            int total = 0;
            for (int r = 0; r < p; r++) {
                counts[r] = r + 1;
                displs[r] = total;
                total += counts[r];
            }
            IntBuffer mine = MPI.newIntBuffer(me + 1);
            for (int k = 0; k <= me; k++) {
                mine.put(k, me);
            }
            IntBuffer gv = MPI.newIntBuffer(total);
            w.iAllGatherv(mine, me + 1, MPI.INT, gv, counts, displs, MPI.INT).waitFor();
            for (int r = 0; r < p; r++) {
                for (int k = 0; k < counts[r]; k++) {
                    expect(gv.get(displs[r] + k) == r, "iAllGatherv");
                }
            }
            IntBuffer gv0 = MPI.newIntBuffer(total);
            w.iGatherv(mine, me + 1, MPI.INT, gv0, counts, displs, MPI.INT, 0).waitFor();
            IntBuffer sv = MPI.newIntBuffer(me + 1);
            w.iScatterv(gv0, counts, displs, MPI.INT, sv, me + 1, MPI.INT, 0).waitFor();
            for (int k = 0; k <= me; k++) {
                expect(sv.get(k) == me, "iGatherv + iScatterv");
            }
            IntBuffer rsIn = MPI.newIntBuffer(total);
            for (int i = 0; i < total; i++) {
                rsIn.put(i, 1);
            }
            IntBuffer rsOut = MPI.newIntBuffer(me + 1);
            w.iReduceScatter(rsIn, rsOut, counts, MPI.INT, MPI.SUM).waitFor();
            for (int k = 0; k <= me; k++) {
                expect(rsOut.get(k) == p, "iReduceScatter");
            }
            IntBuffer scan = ints(me + 1);
            IntBuffer scanOut = MPI.newIntBuffer(1);
            IntBuffer ex = ints(-5);
            Request s1 = w.iScan(scan, scanOut, 1, MPI.INT, MPI.SUM);
            Request s2 = w.iExScan(ints(me + 1), ex, 1, MPI.INT, MPI.SUM);
            Request.waitAll(new Request[] {s2, s1});
            expectEquals((me + 1) * (me + 2) / 2, scanOut.get(0), "iScan");
            expectEquals(me == 0 ? -5 : me * (me + 1) / 2, ex.get(0), "iExScan (rank 0 untouched)");
            int[] exb = {me + 1};
            w.exScan(exb, 1, MPI.INT, MPI.PROD);
            if (me > 0) {
                int f = 1;
                for (int r = 1; r <= me; r++) {
                    f *= r;
                }
                expectEquals(f, exb[0], "exScan in place");
            }
            // alltoallw: to rank j one int at byte 4*j, and one double at byte 8*j of a byte buffer.
            Datatype[] its = new Datatype[p];
            int[] ones = new int[p];
            int[] d4 = new int[p];
            Arrays.fill(its, MPI.INT);
            Arrays.fill(ones, 1);
            for (int j = 0; j < p; j++) {
                d4[j] = 4 * j;
            }
            IntBuffer wIn = MPI.newIntBuffer(p);
            for (int j = 0; j < p; j++) {
                wIn.put(j, me * 100 + j);
            }
            IntBuffer wOut = MPI.newIntBuffer(p);
            w.iAllToAllw(wIn, ones, d4, its, wOut, ones, d4, its).waitFor();
            int[] wArr = new int[p];
            w.allToAllw(get(wIn, p), ones, d4, its, wArr, ones, d4, its);
            for (int i = 0; i < p; i++) {
                expect(wOut.get(i) == i * 100 + me && wArr[i] == i * 100 + me, "allToAllw from " + i);
            }
            // Neighbours on a 1-D non-periodic line: the ends have a PROC_NULL neighbour, whose block stays.
            CartComm line = w.createCart(new int[] {p}, new boolean[] {false}, false);
            IntBuffer nOut = ints(-1, -1);
            line.iNeighborAllGather(ints(me), 1, MPI.INT, nOut, 1, MPI.INT).waitFor();
            expectEquals(new int[] {me > 0 ? me - 1 : -1, me < p - 1 ? me + 1 : -1}, get(nOut, 2), "iNeighborAllGather");
            int[] n2 = {-1, -1};
            line.neighborAllToAll(new int[] {me * 10, me * 10 + 1}, 1, MPI.INT, n2, 1, MPI.INT);
            expectEquals(new int[] {me > 0 ? (me - 1) * 10 + 1 : -1, me < p - 1 ? (me + 1) * 10 : -1}, n2,
                    "neighborAllToAll");
            try {
                w.iAllReduce(DoubleBuffer.allocate(1), 1, MPI.DOUBLE, MPI.SUM);
                throw new AssertionError("a heap buffer in iAllReduce");
            } catch (IllegalArgumentException e) {
                expect(e.getMessage().equals("The buffer must be direct."), e.getMessage());
            }
            MPI.Finalize();
        }
    }

    /** The default handler: an MPI error ends the job. */
    public static class Fatal {
        public static void main(String[] args) throws MPIException {
            MPI.Init(args);
            if (MPI.COMM_WORLD.getRank() == 1) {
                MPI.COMM_WORLD.send(new int[1], 1, MPI.INT, 99, 0);
            }
            MPI.COMM_WORLD.barrier();
            MPI.Finalize();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void buffers(int np) {
        MultiRank.runOk(np, Buffers.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4})
    void requests(int np) {
        MultiRank.runOk(np, Requests.class, Duration.ofSeconds(120));
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void datatypes(int np) {
        MultiRank.runOk(np, Datatypes.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5})
    void reductions(int np) {
        MultiRank.runOk(np, Reductions.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 6})
    void communicators(int np) {
        MultiRank.runOk(np, Communicators.class);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 7})
    void nonBlockingCollectives(int np) {
        MultiRank.runOk(np, NonBlockingCollectives.class);
    }

    @Test
    void anErrorUnderTheDefaultHandlerEndsTheJobNamingTheRank() {
        JobResult r = MultiRank.run(3, Fatal.class, Duration.ofSeconds(60));
        assertFalse(r.ok(), r.describe());
        assertTrue(r.describe().contains("rank 1"), r.describe());
        assertTrue(r.describe().contains("ERRORS_ARE_FATAL"), r.describe());
    }
}
