package jmpi.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CountDownLatch;

import org.junit.jupiter.api.Test;

import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;
import jmpi.datatype.TypeMap;
import jmpi.spi.Frame;

/**
 * Messages received into a non-contiguous datatype straight through its plan, with no staging array: eager
 * bytes ({@link Delivery#deliver}), a small message in the transport's memory ({@link Delivery#fromSegment}),
 * rendezvous pieces over bytes cut anywhere, also inside an element ({@link ByteProtocol#write}); the split
 * same-JVM copy ({@link CopyJob#throughPlans}); and the pool of packed copies ({@link SendPacking}).
 */
class PlanDeliveryTest {
    private static final BasicType[] PRIMITIVE = {BasicType.BYTE, BasicType.BOOLEAN, BasicType.CHAR, BasicType.SHORT,
        BasicType.INT, BasicType.LONG, BasicType.FLOAT, BasicType.DOUBLE};
    private final Delivery delivery = new Delivery(getClass().getClassLoader(),
            info -> java.io.ObjectInputFilter.Status.ALLOWED);

    /** n doubles, one every {@code stride} (negative: from the end), received as one item. */
    private static RecvRequest vectorRecv(double[] user, int offset, int n, int stride) {
        PackPlan plan = PackPlan.compile(TypeMap.vector(n, 1, stride, TypeMap.of(BasicType.DOUBLE)));
        return RecvRequest.of(null, 0, Engine.ANY_SOURCE, Engine.ANY_TAG, user, offset, 1, BasicType.DOUBLE, plan);
    }

    private static byte[] raw(double[] values) {
        return MemorySegment.ofArray(values).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
    }

    private static double[] values(int n) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = 1.5 + i;
        }
        return v;
    }

    /** {@code user} with {@code v[e]} at {@code offset + e * stride}, the rest NaN. */
    private static double[] expected(int length, int offset, int stride, double[] v, int n) {
        double[] want = new double[length];
        Arrays.fill(want, Double.NaN);
        for (int e = 0; e < n; e++) {
            want[offset + e * stride] = v[e];
        }
        return want;
    }

    private static Frame eager(BasicType type, int count, byte[] bytes) {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.typeCode = type.code();
        f.count = count;
        f.bytes = bytes;
        return f;
    }

    @Test
    void eagerBytesLandInAVectorInPlaceAndATruncatedMessageFillsWhatFits() {
        for (int stride : new int[] {8, 3, -8}) {
            int n = 50;
            int length = 8 * n + 1;
            int offset = stride < 0 ? length - 1 : 0; // the vector reaches either end of the array
            double[] user = new double[length];
            Arrays.fill(user, Double.NaN);
            RecvRequest r = vectorRecv(user, offset, n, stride);
            double[] v = values(n);
            delivery.deliver(r, eager(BasicType.DOUBLE, n, raw(v)));
            assertNull(r.plan, "delivered in place");
            r.finish();
            assertSame(ErrorClass.SUCCESS, r.error());
            assertArrayEquals(expected(length, offset, stride, v, n), user, "stride " + stride);

            Arrays.fill(user, Double.NaN);
            RecvRequest shorter = vectorRecv(user, offset, n - 7, stride);
            delivery.deliver(shorter, eager(BasicType.DOUBLE, n, raw(v)));
            shorter.finish();
            assertSame(ErrorClass.ERR_TRUNCATE, shorter.error());
            assertEquals(n - 7, shorter.count());
            assertArrayEquals(expected(length, offset, stride, v, n - 7), user, "truncated, stride " + stride);
        }
    }

    @Test
    void aSmallMessageInTheTransportsMemoryLandsInAVector() {
        MemorySegment ring = java.lang.foreign.Arena.ofAuto().allocate(256, 8);
        double[] v = values(5);
        MemorySegment.copy(MemorySegment.ofArray(v), 0, ring, 24, 40);
        double[] user = new double[33];
        Arrays.fill(user, Double.NaN);
        RecvRequest r = vectorRecv(user, 0, 5, 8);
        Delivery.fromSegment(r, 1, 2, BasicType.DOUBLE.code(), 5, ring, 24);
        r.finish(); // (staged, scattered here)
        assertSame(ErrorClass.SUCCESS, r.error());
        assertArrayEquals(expected(33, 0, 8, v, 5), user);
    }

    /**
     * Scattered straight from the transport's memory (threads): strides 8, 3 and -8 reaching either end of the array,
     * a vector of bytes, a truncated message (what fits), a buffer too small (the receive's error, nothing written)
     * and another type (ERR_TYPE, nothing written); no staging array is made.
     */
    @Test
    void aSmallMessageScatteredStraightFromTransportMemoryLandsInAVector() {
        MemorySegment ring = java.lang.foreign.Arena.ofAuto().allocate(1024, 8);
        int n = 40;
        double[] v = values(n);
        MemorySegment.copy(MemorySegment.ofArray(v), 0, ring, 32, 8L * n);
        for (int stride : new int[] {8, 3, -8}) {
            int length = Math.abs(stride) * (n - 1) + 1;
            int offset = stride < 0 ? length - 1 : 0;
            double[] user = new double[length];
            Arrays.fill(user, Double.NaN);
            RecvRequest r = vectorRecv(user, offset, n, stride);
            assertTrue(Delivery.scattersFromSegment(r));
            Delivery.scatterFromSegment(r, 1, 2, BasicType.DOUBLE.code(), n, ring, 32);
            assertFalse(r.hasBuffer(), "no staging array");
            r.finish();
            assertSame(ErrorClass.SUCCESS, r.error());
            assertEquals(n, r.count());
            assertEquals(1, r.source());
            assertArrayEquals(expected(length, offset, stride, v, n), user, "stride " + stride);

            Arrays.fill(user, Double.NaN);
            RecvRequest shorter = vectorRecv(user, offset, n - 7, stride);
            Delivery.scatterFromSegment(shorter, 1, 2, BasicType.DOUBLE.code(), n, ring, 32);
            shorter.finish();
            assertSame(ErrorClass.ERR_TRUNCATE, shorter.error());
            assertEquals(n - 7, shorter.count());
            assertArrayEquals(expected(length, offset, stride, v, n - 7), user, "truncated, stride " + stride);
        }
        // every segmentable type scatters in place: a vector of 4 bytes 64 apart, from an odd offset
        PackPlan bytes = PackPlan.compile(TypeMap.vector(4, 1, 64, TypeMap.of(BasicType.BYTE)));
        byte[] into = new byte[200];
        RecvRequest rb = RecvRequest.of(null, 0, Engine.ANY_SOURCE, Engine.ANY_TAG, into, 3, 1, BasicType.BYTE, bytes);
        assertTrue(Delivery.scattersFromSegment(rb));
        MemorySegment.copy(MemorySegment.ofArray(new byte[] {11, 22, 33, 44}), 0, ring, 901, 4);
        Delivery.scatterFromSegment(rb, 1, 2, BasicType.BYTE.code(), 4, ring, 901);
        rb.finish();
        assertSame(ErrorClass.SUCCESS, rb.error());
        byte[] wantBytes = new byte[200];
        wantBytes[3] = 11;
        wantBytes[67] = 22;
        wantBytes[131] = 33;
        wantBytes[195] = 44;
        assertArrayEquals(wantBytes, into);
        double[] small = new double[10]; // a vector of 5 every 8 needs 33
        Arrays.fill(small, Double.NaN);
        RecvRequest r = vectorRecv(small, 0, 5, 8);
        Delivery.scatterFromSegment(r, 1, 2, BasicType.DOUBLE.code(), 5, ring, 32);
        r.finish();
        assertSame(ErrorClass.ERR_BUFFER, r.error());
        assertTrue(Arrays.stream(small).allMatch(Double::isNaN));

        double[] user = new double[33];
        Arrays.fill(user, Double.NaN);
        RecvRequest ints = vectorRecv(user, 0, 5, 8);
        Delivery.scatterFromSegment(ints, 1, 2, BasicType.INT.code(), 10, ring, 32);
        ints.finish();
        assertSame(ErrorClass.ERR_TYPE, ints.error());
        assertTrue(Arrays.stream(user).allMatch(Double::isNaN));
    }

    @Test
    void aVectorBufferTooSmallIsTheReceivesErrorAndNothingIsWritten() {
        double[] user = new double[10]; // a vector of 5 every 8 needs 33
        Arrays.fill(user, Double.NaN);
        RecvRequest r = vectorRecv(user, 0, 5, 8);
        delivery.deliver(r, eager(BasicType.DOUBLE, 5, raw(values(5))));
        r.finish();
        assertSame(ErrorClass.ERR_BUFFER, r.error());
        assertTrue(Arrays.stream(user).allMatch(Double::isNaN));
    }

    /** Rendezvous pieces cut at random byte positions (inside elements too), every type, with and without truncation. */
    @Test
    void rendezvousPiecesCutAnywhereLandInAVectorOfEveryType() {
        Random rnd = new Random(5);
        for (BasicType t : PRIMITIVE) {
            for (int stride : new int[] {2, 8, -3}) {
                for (int trial = 0; trial < 20; trial++) {
                    int n = 1 + rnd.nextInt(300);
                    int room = trial % 3 == 0 ? Math.max(0, n - 1 - rnd.nextInt(5)) : n; // sometimes truncated
                    int length = Math.abs(stride) * Math.max(n, room) + 2;
                    int offset = stride < 0 ? length - 1 : 1;
                    Object sent = randomArray(t, n, rnd);
                    byte[] stream = t.bytesCopy(sent, 0, n);
                    Object user = randomArray(t, length, rnd);
                    Object want = copy(user);
                    for (int e = 0; e < Math.min(n, room); e++) {
                        System.arraycopy(sent, e, want, offset + e * stride, 1);
                    }
                    PackPlan plan = PackPlan.compile(TypeMap.vector(room, 1, stride, TypeMap.of(t)));
                    RecvRequest r = RecvRequest.of(null, 0, Engine.ANY_SOURCE, Engine.ANY_TAG, user, offset, 1, t, plan);
                    if (t == BasicType.BOOLEAN) {
                        r.rare().staging = new byte[stream.length]; // as ByteProtocol.matchedRts stages booleans
                    }
                    r.rare().totalBytes = stream.length;
                    r.count = n;
                    long at = 0;
                    boolean all = stream.length == 0;
                    while (at < stream.length) {
                        long piece = Math.min(stream.length - at, 1 + rnd.nextInt(3 * t.size() + 20));
                        MemorySegment src = MemorySegment.ofArray(new byte[(int) piece + 7]);
                        MemorySegment.copy(MemorySegment.ofArray(stream), at, src, 7, piece);
                        all = ByteProtocol.write(r, at, src, 7, piece);
                        at += piece;
                    }
                    assertTrue(all, "every byte counted");
                    if (r.rare().staging != null) { // booleans: stored at finish, as ByteProtocol.finish does
                        t.copyFromBytes(r.rare().staging, r.buffer(), r.offset, Math.min(n, room));
                        r.rare().staging = null;
                    }
                    r.finish();
                    String what = t + " stride " + stride + " n " + n + " room " + room;
                    assertEquals(-1, firstDifference(want, user), what);
                }
            }
        }
    }

    @Test
    void aPieceThatContinuesAnElementNoPieceBeganIsRefused() {
        double[] user = new double[80];
        RecvRequest r = vectorRecv(user, 0, 10, 8);
        r.rare().totalBytes = 80;
        byte[] stream = raw(values(10));
        ByteProtocol.write(r, 0, MemorySegment.ofArray(stream), 0, 12); // element 1 begun: 4 of its 8 bytes
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ByteProtocol.write(r, 20, MemorySegment.ofArray(stream), 20, 10));
        assertTrue(e.getMessage().contains("out of order"), e.getMessage());
    }

    @Test
    void twoThreadsCopyASplitJobThroughBothPlans() throws InterruptedException {
        for (int chunk : new int[] {8, 1000, 16 * 1024}) {
            int n = 20_011;
            PackPlan src = PackPlan.compile(TypeMap.vector(n, 1, 8, TypeMap.of(BasicType.DOUBLE)));
            PackPlan dst = PackPlan.compile(TypeMap.vector(n, 1, -3, TypeMap.of(BasicType.DOUBLE)));
            double[] from = new double[8 * n];
            for (int i = 0; i < from.length; i++) {
                from[i] = i;
            }
            double[] want = new double[3 * n + 5];
            double[] got = new double[3 * n + 5];
            PackPlan.copy(from, 0, 1, src, want, 3 * n, 1, dst);
            CopyJob job = CopyJob.throughPlans(from, 0, 1, src, got, 3 * n, 1, dst, n, 8, chunk);
            assertEquals((n * 8 + chunk - 1) / chunk, job.chunks());
            CountDownLatch go = new CountDownLatch(1);
            Thread helper = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                job.work();
            });
            helper.start();
            go.countDown();
            job.work();
            helper.join();
            assertTrue(job.finished());
            assertArrayEquals(want, got, "chunk " + chunk);
        }
    }

    @Test
    void aPipelinedCopyGathersOnTheSendersThreadAndScattersOnTheReceiversOrAllOnTheReceiversAlone()
            throws InterruptedException {
        for (boolean helped : new boolean[] {true, false}) {
            for (int chunk : new int[] {8, 4096, 1 << 20}) {
                for (int n : new int[] {1, 4097, 20_011}) {
                    PackPlan src = PackPlan.compile(TypeMap.vector(n, 1, 8, TypeMap.of(BasicType.DOUBLE)));
                    PackPlan dst = PackPlan.compile(TypeMap.vector(n, 1, -3, TypeMap.of(BasicType.DOUBLE)));
                    double[] from = new double[8 * n];
                    for (int i = 0; i < from.length; i++) {
                        from[i] = i;
                    }
                    double[] want = new double[3 * n + 5];
                    double[] got = new double[3 * n + 5];
                    PackPlan.copy(from, 0, 1, src, want, 3 * n, 1, dst);
                    CopyJob job = CopyJob.pipelined(from, 0, 1, src, got, 3 * n, 1, dst, n, BasicType.DOUBLE, chunk);
                    Thread sender = new Thread(job::work);
                    if (helped) {
                        sender.start();
                    }
                    job.runAsReceiver();
                    assertTrue(job.finished());
                    if (helped) {
                        sender.join();
                    }
                    assertArrayEquals(want, got, (helped ? "helped" : "alone") + ", chunk " + chunk + ", n " + n);
                }
            }
        }
    }

    @Test
    void largePackedCopiesAreReusedOnceReleasedAndSmallOnesAreNot() {
        int n = (int) (SendPacking.POOL_MIN_BYTES / 8) + 3;
        PackPlan plan = PackPlan.compile(TypeMap.vector(n, 1, 2, TypeMap.of(BasicType.DOUBLE)));
        double[] user = new double[2 * n];
        for (int i = 0; i < user.length; i++) {
            user[i] = i;
        }
        Object a = SendPacking.gather(user, 0, 1, plan, n, BasicType.DOUBLE);
        assertFalse(SendPacking.claim(new double[n]), "only the array just gathered can be claimed");
        assertTrue(SendPacking.claim(a));
        assertFalse(SendPacking.claim(a), "claimed once");
        SendPacking.release(a);
        Object b = SendPacking.gather(user, 0, 1, plan, n, BasicType.DOUBLE);
        assertSame(a, b, "the released array is taken again");
        for (int e = 0; e < n; e++) {
            assertEquals(2.0 * e, ((double[]) b)[e]);
        }
        Object c = SendPacking.gather(user, 0, 1, plan, n, BasicType.DOUBLE);
        assertNotSame(b, c, "an array is lent to one send at a time");

        int m = (int) (SendPacking.CLAIM_MIN_BYTES / 8);
        PackPlan small = PackPlan.compile(TypeMap.vector(m, 1, 2, TypeMap.of(BasicType.DOUBLE)));
        Object d = SendPacking.gather(user, 0, 1, small, m, BasicType.DOUBLE);
        assertTrue(SendPacking.claim(d), "claimed from " + SendPacking.CLAIM_MIN_BYTES + " bytes on");
        SendPacking.release(d);
        assertNotSame(d, SendPacking.gather(user, 0, 1, small, m, BasicType.DOUBLE), "small copies are not pooled");
        assertEquals(2.0 * (m - 1), ((double[]) d)[m - 1]);
        PackPlan tiny = PackPlan.compile(TypeMap.vector(m - 1, 1, 2, TypeMap.of(BasicType.DOUBLE)));
        Object e = SendPacking.gather(user, 0, 1, tiny, m - 1, BasicType.DOUBLE);
        assertFalse(SendPacking.claim(e), "below " + SendPacking.CLAIM_MIN_BYTES + " bytes a copy is not worth claiming");
    }

    private static Object randomArray(BasicType t, int n, Random rnd) {
        return switch (t) {
            case BYTE -> { byte[] a = new byte[n]; rnd.nextBytes(a); yield a; }
            case BOOLEAN -> { boolean[] a = new boolean[n]; for (int i = 0; i < n; i++) { a[i] = rnd.nextBoolean(); } yield a; }
            case CHAR -> { char[] a = new char[n]; for (int i = 0; i < n; i++) { a[i] = (char) rnd.nextInt(); } yield a; }
            case SHORT -> { short[] a = new short[n]; for (int i = 0; i < n; i++) { a[i] = (short) rnd.nextInt(); } yield a; }
            case INT -> rnd.ints(n).toArray();
            case LONG -> rnd.longs(n).toArray();
            case FLOAT -> { float[] a = new float[n]; for (int i = 0; i < n; i++) { a[i] = rnd.nextFloat(); } yield a; }
            case DOUBLE -> rnd.doubles(n).toArray();
            default -> throw new IllegalArgumentException(t.name());
        };
    }

    private static Object copy(Object a) {
        Object c = java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), java.lang.reflect.Array.getLength(a));
        System.arraycopy(a, 0, c, 0, java.lang.reflect.Array.getLength(a));
        return c;
    }

    /** The first index where the arrays differ (boxed equality: bit patterns for floating point), or -1. */
    private static int firstDifference(Object a, Object b) {
        int n = java.lang.reflect.Array.getLength(a);
        assertEquals(n, java.lang.reflect.Array.getLength(b));
        for (int i = 0; i < n; i++) {
            if (!java.lang.reflect.Array.get(a, i).equals(java.lang.reflect.Array.get(b, i))) {
                return i;
            }
        }
        return -1;
    }
}
