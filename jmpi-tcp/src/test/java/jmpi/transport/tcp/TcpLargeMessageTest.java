package jmpi.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import jmpi.core.CoreRequest;
import jmpi.core.Engine;
import jmpi.core.Envelope;
import jmpi.core.ErrorClass;
import jmpi.core.Message;
import jmpi.core.RecvRequest;
import jmpi.core.SendMode;
import jmpi.core.SendRequest;
import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;
import jmpi.datatype.TypeMap;
import jmpi.spi.Endpoint;
import jmpi.tck.LocalBootstrap;
import jmpi.tck.TestRankEnv;

/**
 * Rendezvous messages over tcp through the real engine, with the payloads going straight between the
 * socket and the users' arrays ({@code jmpi.tcp.direct=true}: this module's tests enable native
 * access) and through the staging and read buffers ({@code false}), with the OS's socket buffers and
 * with small ones (64 KiB: a 3 MB exchange is many partial writes and short reads). Sizes sit on both sides of
 * every limit of the path: the direct read minimum (16 KiB), the eager limit
 * (32 KiB), the small-message limit (64 KiB), the DATA piece and the staging / read buffers
 * (256 KiB, also plus one header), the size from which a DATA frame goes direct (256 KiB), the size above
 * which a direct piece is written in 256 KiB system calls (1 MiB), the direct piece (4 MiB), and several pieces
 * with an odd tail.
 */
@Timeout(120)
class TcpLargeMessageTest {
    private static final int[] SIZES = {0, 1, 16_383, 16_384, 16_385, 32_767, 32_768, 32_769, 65_535, 65_536, 65_537,
            262_143, 262_144, 262_145, 262_208, 524_287, 524_288, 524_289, 1_048_575, 1_048_576, 1_048_577, 3_000_007,
            4_194_304, 4_194_305,
            9_000_011};

    /** Byte {@code i} of the message numbered {@code seed}. */
    private static byte pattern(int seed, int i) {
        return (byte) (i * 31 + seed * 7 + (i >>> 9));
    }

    private static byte[] message(int n, int seed, int at, int length) {
        byte[] b = new byte[length];
        java.util.Arrays.fill(b, (byte) 0x5A);
        for (int i = 0; i < n; i++) {
            b[at + i] = pattern(seed, i);
        }
        return b;
    }

    /** Runs {@code body(engine, rank)} on two ranks (threads) over tcp endpoints opened with {@code props}. */
    private static void twoRanks(Map<String, String> props, BiConsumer<Engine, Integer> body) throws Exception {
        Endpoint[] eps = TestJob.open(2, new LocalBootstrap(2), props);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            List<CompletableFuture<Void>> ranks = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                int me = r;
                ranks.add(CompletableFuture.runAsync(() -> {
                    Engine engine = new Engine(new TestRankEnv(me, 2, eps[me]), TcpLargeMessageTest.class.getClassLoader());
                    body.accept(engine, me);
                }, threads));
            }
            for (CompletableFuture<Void> r : ranks) {
                r.get(100, TimeUnit.SECONDS);
            }
        } finally {
            threads.shutdownNow();
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    private static Map<String, String> props(boolean direct, int socketBuffer) {
        Map<String, String> p = new HashMap<>();
        p.put(TcpConfig.DIRECT, Boolean.toString(direct));
        if (socketBuffer > 0) {
            p.put(TcpConfig.SNDBUF, Integer.toString(socketBuffer));
            p.put(TcpConfig.RCVBUF, Integer.toString(socketBuffer));
        }
        return p;
    }

    /** Every size around the path's limits ({@link #exchangeEach}). */
    @ParameterizedTest(name = "direct={0}, socket buffers={1}")
    @CsvSource({"true, 0", "false, 0", "true, 65536", "false, 65536"})
    void bytesAroundEveryLimitBothWaysAtOnce(boolean direct, int socketBuffer) throws Exception {
        twoRanks(props(direct, socketBuffer), (engine, me) -> exchangeEach(SIZES, engine, me));
    }

    /**
     * For each size in turn, both ranks send to each other at once, from an offset into the sender's array into
     * an offset of the receiver's: all bytes arrive, and none outside the receive's range changes.
     */
    private static void exchangeEach(int[] sizes, Engine engine, int me) {
        int other = 1 - me;
        for (int k = 0; k < sizes.length; k++) {
            int n = sizes[k];
            byte[] out = message(n, 2 * k + me, 3, n + 7);
            byte[] in = new byte[n + 11];
            java.util.Arrays.fill(in, (byte) 0x5A);
            RecvRequest r = engine.irecv(engine.world(), Envelope.of(engine.world(), other, k),
                    Message.of(in, 5, n, BasicType.BYTE));
            SendRequest s = engine.isend(engine.world(), Envelope.of(engine.world(), other, k),
                    Message.of(out, 3, n, BasicType.BYTE), SendMode.STANDARD);
            engine.awaitAll(new CoreRequest[] {r, s});
            r.throwIfFailed();
            s.throwIfFailed();
            assertEquals(n, r.count());
            assertArrayEquals(message(n, 2 * k + other, 5, n + 11), in, "size " + n + " at rank " + me);
        }
    }

    /**
     * A largest frame ({@code jmpi.tcp.maxFrame}) below the 4 MiB direct piece and the 256 KiB buffered one: the
     * writers cut their pieces to it, and messages of several such pieces arrive whole both ways.
     */
    @ParameterizedTest(name = "direct={0}")
    @CsvSource({"true", "false"})
    void piecesStayWithinASmallLargestFrame(boolean direct) throws Exception {
        Map<String, String> p = props(direct, 0);
        p.put(TcpConfig.MAX_FRAME, Integer.toString(200_000));
        int[] sizes = {200_001, 1_048_576, 5_000_003};
        twoRanks(p, (engine, me) -> exchangeEach(sizes, engine, me));
    }

    /**
     * Many messages in flight in both directions at once: each rank posts its receives in reverse
     * order, then all its sends (mixed sizes, int elements from an offset), then waits for everything.
     */
    @ParameterizedTest(name = "direct={0}, socket buffers={1}")
    @CsvSource({"true, 0", "false, 0", "true, 65536"})
    void manyMessagesInFlightBothWays(boolean direct, int socketBuffer) throws Exception {
        int[] counts = {70_000, 9, 8_193, 65_536, 0, 131_072, 4_097, 250_001, 16_384, 100_003, 1, 65_535};
        twoRanks(props(direct, socketBuffer), (engine, me) -> {
            int other = 1 - me;
            int[][] got = new int[counts.length][];
            CoreRequest[] all = new CoreRequest[2 * counts.length];
            for (int t = counts.length - 1; t >= 0; t--) {
                got[t] = new int[counts[t] + 2];
                all[t] = engine.irecv(engine.world(), Envelope.of(engine.world(), other, t),
                        Message.of(got[t], 1, counts[t], BasicType.INT));
            }
            for (int t = 0; t < counts.length; t++) {
                int[] v = new int[counts[t] + 4];
                for (int i = 0; i < counts[t]; i++) {
                    v[4 + i] = (me * 1_000_003) ^ (t << 24) ^ i;
                }
                all[counts.length + t] = engine.isend(engine.world(), Envelope.of(engine.world(), other, t),
                        Message.of(v, 4, counts[t], BasicType.INT), SendMode.STANDARD);
            }
            engine.awaitAll(all);
            for (int t = 0; t < counts.length; t++) {
                ((RecvRequest) all[t]).throwIfFailed();
                assertEquals(0, got[t][0], "before message " + t);
                assertEquals(0, got[t][counts[t] + 1], "after message " + t);
                for (int i = 0; i < counts[t]; i++) {
                    int want = (other * 1_000_003) ^ (t << 24) ^ i;
                    if (got[t][1 + i] != want) {
                        throw new AssertionError("message " + t + " element " + i + " at rank " + me + ": "
                                + got[t][1 + i] + ", expected " + want);
                    }
                }
            }
        });
    }

    /**
     * Receives the direct path must leave to the byte protocol: into a derived datatype (a vector of
     * doubles with gaps), into a buffer shorter than the message (truncation), and of booleans (staged).
     */
    @ParameterizedTest(name = "direct={0}")
    @CsvSource({"true", "false"})
    void receivesThatCannotTakeTheBytesStraight(boolean direct) throws Exception {
        int n = 40_000; // 320 KB of doubles: rendezvous, two pieces
        twoRanks(props(direct, 0), (engine, me) -> {
            int other = 1 - me;
            if (me == 0) {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = i + 0.5;
                }
                send(engine, other, 1, Message.of(v, 0, n, BasicType.DOUBLE));
                send(engine, other, 2, Message.of(v, 0, n, BasicType.DOUBLE));
                boolean[] b = new boolean[n];
                for (int i = 0; i < n; i++) {
                    b[i] = i % 3 == 0;
                }
                send(engine, other, 3, Message.of(b, 0, n, BasicType.BOOLEAN));
                return;
            }
            // a vector: one double every second slot
            double[] gappy = new double[2 * n];
            PackPlan plan = PackPlan.compile(TypeMap.vector(n, 1, 2, TypeMap.of(BasicType.DOUBLE)));
            RecvRequest r = engine.irecv(engine.world(), Envelope.of(engine.world(), other, 1),
                    new Message(gappy, 0, 1, BasicType.DOUBLE, plan));
            engine.await(r);
            r.throwIfFailed();
            for (int i = 0; i < n; i++) {
                assertEquals(i + 0.5, gappy[2 * i], "vector element " + i);
                assertEquals(0.0, gappy[2 * i + 1], "gap " + i);
            }
            // truncation: room for 10 001 of the 40 000
            double[] shorter = new double[10_002];
            RecvRequest t = engine.irecv(engine.world(), Envelope.of(engine.world(), other, 2),
                    Message.of(shorter, 1, 10_001, BasicType.DOUBLE));
            engine.await(t);
            assertSame(ErrorClass.ERR_TRUNCATE, t.error());
            assertEquals(0.0, shorter[0]);
            for (int i = 0; i < 10_001; i++) {
                assertEquals(i + 0.5, shorter[1 + i], "truncated element " + i);
            }
            boolean[] b = new boolean[n];
            RecvRequest rb = engine.irecv(engine.world(), Envelope.of(engine.world(), other, 3),
                    Message.of(b, 0, n, BasicType.BOOLEAN));
            engine.await(rb);
            rb.throwIfFailed();
            for (int i = 0; i < n; i++) {
                assertEquals(i % 3 == 0, b[i], "boolean " + i);
            }
        });
    }

    private static void send(Engine engine, int dest, int tag, Message m) {
        SendRequest s = engine.isend(engine.world(), Envelope.of(engine.world(), dest, tag), m, SendMode.STANDARD);
        engine.await(s);
        s.throwIfFailed();
    }
}
