package jmpi.tck;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;

/**
 * The contract every transport's {@link Endpoint} passes (extend it and implement {@link #open}):
 * frames arrive complete and in order per sender, with their sender's world rank; rendezvous data
 * arrives through {@code deliverData}; acks are called once; sending never blocks on a receiver
 * that does not poll; parks end when something arrives or on {@code wake}. Ranks are threads of
 * the test's JVM, each endpoint used by one thread at a time.
 */
@Timeout(120)
public abstract class EndpointContract {
    /** Opens the endpoints of {@code n} ranks of one job (rank i at index i). */
    protected abstract Endpoint[] open(int n) throws Exception;

    private static final Duration LIMIT = Duration.ofSeconds(60);

    private static Frame eager(int seed, int bytes) {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.context = 10 + seed % 7;
        f.source = seed % 5;
        f.tag = seed;
        f.typeCode = seed % 9;
        f.count = bytes;
        f.sync = seed % 3 == 0;
        f.sendId = 1000L + seed;
        f.data = MemorySegment.ofArray(content(seed, bytes));
        return f;
    }

    static byte[] content(int seed, int bytes) {
        byte[] b = new byte[bytes];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Polls {@code ep} into {@code sink} until {@code done}, failing after the time limit. */
    protected static void pollUntil(Endpoint ep, RecordingSink sink, BooleanSupplier done) {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!done.getAsBoolean()) {
            if (ep.poll(sink) == 0) {
                Thread.onSpinWait();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("transport did not deliver within " + LIMIT.toSeconds() + " s: "
                        + sink.frames.size() + " frames so far");
            }
        }
    }

    /** Polls the sender too while waiting (transports may move queued frames only when polled). */
    private static void pollBoth(Endpoint sender, Endpoint receiver, RecordingSink sink, BooleanSupplier done) {
        RecordingSink senderSide = new RecordingSink(0);
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!done.getAsBoolean()) {
            int n = receiver.poll(sink) + sender.poll(senderSide);
            if (n == 0) {
                Thread.onSpinWait();
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("transport did not deliver within " + LIMIT.toSeconds() + " s");
            }
        }
        assertEquals(0, senderSide.frames.size(), "frames delivered to the sender");
    }

    private static void closeAll(Endpoint[] eps) {
        for (Endpoint e : eps) {
            e.close();
        }
    }

    @Test
    void eagerFramesArriveCompleteAndInOrder() throws Exception {
        Endpoint[] eps = open(2);
        try {
            Random sizes = new Random(42);
            int n = 2000;
            int[] size = new int[n];
            AtomicInteger acks = new AtomicInteger();
            for (int i = 0; i < n; i++) {
                size[i] = i % 50 == 0 ? 70_000 + sizes.nextInt(100_000) : sizes.nextInt(300);
                Frame f = eager(i, size[i]);
                f.ack = err -> acks.incrementAndGet();
                eps[0].send(1, f);
            }
            RecordingSink sink = new RecordingSink(0);
            pollBoth(eps[0], eps[1], sink, () -> sink.frames.size() == n);
            for (int i = 0; i < n; i++) {
                Frame f = sink.frames.get(i);
                Frame want = eager(i, size[i]);
                assertEquals(Frame.EAGER, f.kind);
                assertEquals(want.tag, f.tag, "frame " + i + " out of order");
                assertEquals(want.context, f.context);
                assertEquals(want.source, f.source);
                assertEquals(want.typeCode, f.typeCode);
                assertEquals(want.count, f.count);
                assertEquals(want.sync, f.sync);
                assertEquals(want.sendId, f.sendId);
                assertEquals(0, f.sender, "sender's world rank");
                assertArrayEquals(content(i, size[i]), RecordingSink.payloadOf(f), "payload of frame " + i);
            }
            pollBoth(eps[0], eps[1], sink, () -> acks.get() == n);
            assertEquals(n, acks.get(), "every ack called once");
        } finally {
            closeAll(eps);
        }
    }

    @Test
    void controlFramesKeepTheirFields() throws Exception {
        Endpoint[] eps = open(3);
        try {
            byte[] kinds = {Frame.RTS, Frame.CTS, Frame.ACK};
            for (int i = 0; i < kinds.length; i++) {
                Frame f = new Frame();
                f.kind = kinds[i];
                f.context = 4;
                f.source = 2;
                f.tag = 77 + i;
                f.typeCode = 7;
                f.count = 1_000_000;
                f.sendId = Long.MAX_VALUE - i;
                f.recvId = 1L << 40;
                f.offset = 123_456_789_012L;
                eps[2].send(0, f);
            }
            RecordingSink sink = new RecordingSink(0);
            pollBoth(eps[2], eps[0], sink, () -> sink.frames.size() == kinds.length);
            for (int i = 0; i < kinds.length; i++) {
                Frame f = sink.frames.get(i);
                assertEquals(kinds[i], f.kind);
                assertEquals(77 + i, f.tag);
                assertEquals(4, f.context);
                assertEquals(2, f.source);
                assertEquals(7, f.typeCode);
                assertEquals(1_000_000, f.count);
                assertEquals(Long.MAX_VALUE - i, f.sendId);
                assertEquals(1L << 40, f.recvId);
                assertEquals(123_456_789_012L, f.offset);
                assertEquals(2, f.sender);
            }
        } finally {
            closeAll(eps);
        }
    }

    @Test
    void dataArrivesThroughDeliverDataAndIsAcked() throws Exception {
        Endpoint[] eps = open(2);
        try {
            int[] sizes = {1, 100_000, 1 << 20, 10 << 20};
            AtomicInteger acks = new AtomicInteger();
            for (int i = 0; i < sizes.length; i++) {
                Frame f = new Frame();
                f.kind = Frame.DATA;
                f.recvId = 500 + i;
                f.data = MemorySegment.ofArray(content(i, sizes[i]));
                f.ack = err -> acks.incrementAndGet();
                eps[0].send(1, f);
            }
            RecordingSink sink = new RecordingSink(10 << 20);
            pollBoth(eps[0], eps[1], sink, () -> {
                for (int i = 0; i < sizes.length; i++) {
                    if (sink.delivered.getOrDefault(500L + i, 0L) < sizes[i]) {
                        return false;
                    }
                }
                return acks.get() == sizes.length;
            });
            assertEquals(0, sink.frames.size(), "DATA must not arrive as frames");
            for (int i = 0; i < sizes.length; i++) {
                assertEquals(sizes[i], sink.delivered.get(500L + i), "bytes delivered for receive " + (500 + i));
                byte[] got = java.util.Arrays.copyOf(sink.data.get(500L + i), sizes[i]);
                assertArrayEquals(content(i, sizes[i]), got, "data of receive " + (500 + i));
            }
        } finally {
            closeAll(eps);
        }
    }

    @Test
    void sendNeverBlocksOnAReceiverThatDoesNotPoll() throws Exception {
        Endpoint[] eps = open(2);
        try {
            int n = 200;
            CompletableFuture<Void> sending = CompletableFuture.runAsync(() -> {
                for (int i = 0; i < n; i++) {
                    eps[0].send(1, eager(i, 256 * 1024));
                }
            });
            sending.get(20, TimeUnit.SECONDS); // the receiver has not polled at all
            RecordingSink sink = new RecordingSink(0);
            pollBoth(eps[0], eps[1], sink, () -> sink.frames.size() == n);
            for (int i = 0; i < n; i++) {
                assertEquals(i, sink.frames.get(i).tag);
            }
        } finally {
            closeAll(eps);
        }
    }

    @Test
    void manySendersToOneKeepEachSendersOrder() throws Exception {
        int ranks = 4;
        int perSender = 500;
        Endpoint[] eps = open(ranks);
        try {
            List<CompletableFuture<Void>> senders = new ArrayList<>();
            for (int r = 1; r < ranks; r++) {
                int rank = r;
                senders.add(CompletableFuture.runAsync(() -> {
                    RecordingSink own = new RecordingSink(0);
                    for (int i = 0; i < perSender; i++) {
                        Frame f = eager(i, i % 10 == 0 ? 50_000 : 16);
                        f.tag = i;
                        eps[rank].send(0, f);
                        eps[rank].poll(own);
                    }
                }));
            }
            RecordingSink sink = new RecordingSink(0);
            long deadline = System.nanoTime() + LIMIT.toNanos();
            while (sink.frames.size() < (ranks - 1) * perSender) {
                eps[0].poll(sink);
                for (CompletableFuture<Void> s : senders) {
                    if (s.isCompletedExceptionally()) {
                        s.join();
                    }
                }
                assertTrue(System.nanoTime() < deadline, "frames missing after " + LIMIT.toSeconds() + " s");
            }
            int[] next = new int[ranks];
            for (Frame f : sink.frames) {
                assertEquals(next[f.sender], f.tag, "order of sender " + f.sender);
                next[f.sender]++;
            }
        } finally {
            closeAll(eps);
        }
    }

    /**
     * Sharing a host is an equivalence the ranks answer alike (the collectives group ranks by it), and
     * ranks that share memory share a host.
     */
    @Test
    void sharingAHostIsAnEquivalenceAnsweredAlike() throws Exception {
        Endpoint[] eps = open(3);
        try {
            for (int i = 0; i < eps.length; i++) {
                assertTrue(eps[i].sharesHostWith(i), "rank " + i + " shares its own host");
                for (int j = 0; j < eps.length; j++) {
                    assertEquals(eps[i].sharesHostWith(j), eps[j].sharesHostWith(i), "ranks " + i + " and " + j);
                    if (eps[i].sharesMemoryWith(j)) {
                        assertTrue(eps[i].sharesHostWith(j), "ranks " + i + " and " + j + " share memory, not a host");
                    }
                    for (int k = 0; k < eps.length; k++) {
                        if (eps[i].sharesHostWith(j) && eps[j].sharesHostWith(k)) {
                            assertTrue(eps[i].sharesHostWith(k), "ranks " + i + ", " + j + ", " + k);
                        }
                    }
                }
            }
        } finally {
            closeAll(eps);
        }
    }

    /**
     * Sharing a cluster is an equivalence the ranks answer alike (the collectives cross between clusters
     * first), and ranks that share a host share a cluster.
     */
    @Test
    void sharingAClusterIsAnEquivalenceAnsweredAlike() throws Exception {
        Endpoint[] eps = open(3);
        try {
            for (int i = 0; i < eps.length; i++) {
                assertTrue(eps[i].sharesClusterWith(i), "rank " + i + " shares its own cluster");
                for (int j = 0; j < eps.length; j++) {
                    assertEquals(eps[i].sharesClusterWith(j), eps[j].sharesClusterWith(i), "ranks " + i + " and " + j);
                    if (eps[i].sharesHostWith(j)) {
                        assertTrue(eps[i].sharesClusterWith(j), "ranks " + i + " and " + j + " share a host, not a cluster");
                    }
                    for (int k = 0; k < eps.length; k++) {
                        if (eps[i].sharesClusterWith(j) && eps[j].sharesClusterWith(k)) {
                            assertTrue(eps[i].sharesClusterWith(k), "ranks " + i + ", " + j + ", " + k);
                        }
                    }
                }
            }
        } finally {
            closeAll(eps);
        }
    }

    @Test
    void sendToSelfArrives() throws Exception {
        Endpoint[] eps = open(2);
        try {
            eps[1].send(1, eager(5, 1000));
            RecordingSink sink = new RecordingSink(0);
            pollUntil(eps[1], sink, () -> sink.frames.size() == 1);
            assertEquals(1, sink.frames.getFirst().sender);
            assertArrayEquals(content(5, 1000), RecordingSink.payloadOf(sink.frames.getFirst()));
        } finally {
            closeAll(eps);
        }
    }

    @Test
    void parkEndsWhenAFrameArrivesOrOnWake() throws Exception {
        Endpoint[] eps = open(2);
        try {
            RecordingSink sink = new RecordingSink(0);
            CompletableFuture<Long> parked = CompletableFuture.supplyAsync(() -> {
                long t0 = System.nanoTime();
                while (sink.frames.isEmpty() && System.nanoTime() - t0 < 20_000_000_000L) {
                    eps[1].park(10_000_000_000L, () -> false);
                    eps[1].poll(sink); // byte transports may need a poll to see arrivals
                }
                return (System.nanoTime() - t0) / 1_000_000;
            });
            Thread.sleep(200);
            eps[0].send(1, eager(1, 8));
            long ms = parked.get(30, TimeUnit.SECONDS);
            assertTrue(ms < 5_000, "park lasted " + ms + " ms after a frame arrived");

            CompletableFuture<Long> woken = CompletableFuture.supplyAsync(() -> {
                long t0 = System.nanoTime();
                eps[1].park(10_000_000_000L, () -> false);
                return (System.nanoTime() - t0) / 1_000_000;
            });
            Thread.sleep(200);
            eps[1].wake();
            long wokenMs = woken.get(30, TimeUnit.SECONDS);
            assertTrue(wokenMs < 5_000, "park lasted " + wokenMs + " ms after wake");
        } finally {
            closeAll(eps);
        }
    }
}
