package jmpi.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.TransportFactory;
import jmpi.tck.LocalBootstrap;
import jmpi.tck.RecordingSink;

/** tcp-specific behaviour beyond the shared contract. */
@Timeout(30)
class TcpEndpointTest {
    private static Frame eager(int tag, int bytes) {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.tag = tag;
        byte[] b = new byte[bytes];
        java.util.Arrays.fill(b, (byte) tag);
        f.data = MemorySegment.ofArray(b);
        return f;
    }

    private static void until(BooleanSupplier done, Runnable step) {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (!done.getAsBoolean()) {
            step.run();
            assertTrue(System.nanoTime() < deadline, "not done within 20 s");
        }
    }

    @Test
    void factoryIsFoundByName() {
        assertTrue(ServiceLoader.load(TransportFactory.class).stream()
                .anyMatch(p -> p.get().name().equals("tcp") && p.get() instanceof TcpTransportFactory));
    }

    /** Ranks share a host when the launcher named their hosts alike; unknown names share none but one's own. */
    @Test
    void sharesHostWithFollowsTheLaunchersHostNames() throws Exception {
        Endpoint[] named = TestJob.open(3, new LocalBootstrap(3),
                Map.of("test.host.0", "a", "test.host.1", "a", "test.host.2", "b"));
        try {
            assertTrue(named[0].sharesHostWith(1));
            assertTrue(named[1].sharesHostWith(0));
            assertFalse(named[0].sharesHostWith(2));
            assertFalse(named[2].sharesHostWith(1));
            assertTrue(named[2].sharesHostWith(2));
        } finally {
            for (Endpoint e : named) {
                e.close();
            }
        }
        Endpoint[] unnamed = TestJob.open(2);
        try {
            assertTrue(unnamed[0].sharesHostWith(0));
            assertFalse(unnamed[0].sharesHostWith(1));
        } finally {
            for (Endpoint e : unnamed) {
                e.close();
            }
        }
    }

    /** Ranks share a cluster when the launcher named their clusters alike; ranks without a name form one cluster. */
    @Test
    void sharesClusterWithFollowsTheLaunchersClusterNames() throws Exception {
        Endpoint[] named = TestJob.open(4, new LocalBootstrap(4), Map.of("test.host.0", "a", "test.host.1", "b",
                "test.host.2", "c", "test.host.3", "d", "test.cluster.0", "x", "test.cluster.1", "x",
                "test.cluster.2", "y"));
        try {
            assertTrue(named[0].sharesClusterWith(1));
            assertTrue(named[1].sharesClusterWith(0));
            assertFalse(named[0].sharesClusterWith(2));
            assertFalse(named[2].sharesClusterWith(0));
            assertFalse(named[2].sharesClusterWith(3), "a named cluster and none differ");
            assertFalse(named[3].sharesClusterWith(1));
            for (int r = 0; r < 4; r++) {
                assertTrue(named[r].sharesClusterWith(r));
            }
        } finally {
            for (Endpoint e : named) {
                e.close();
            }
        }
        Endpoint[] unnamed = TestJob.open(2);
        try {
            assertTrue(unnamed[0].sharesClusterWith(1), "no names: one cluster");
            assertTrue(unnamed[1].sharesClusterWith(0));
        } finally {
            for (Endpoint e : unnamed) {
                e.close();
            }
        }
    }

    @Test
    void badPropertiesFailOpen() {
        for (Map<String, String> bad : List.of(Map.of(TcpConfig.ADDRESS, "0.0.0.0"), Map.of(TcpConfig.NODELAY, "yes"),
                Map.of(TcpConfig.SNDBUF, "-1"), Map.of(TcpConfig.MAX_FRAME, "0"),
                Map.of(TcpConfig.HANDSHAKE_MILLIS, "x"))) {
            TestJob.Context ctx = new TestJob.Context(0, 1, TestJob.JOB, TestJob.SECRET, new LocalBootstrap(1), bad);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> new TcpTransportFactory().open(ctx));
            assertTrue(e.getMessage().contains(bad.keySet().iterator().next()), e.getMessage());
        }
    }

    @Test
    void aSingleRankJobTalksToItself() throws Exception {
        Endpoint[] eps = TestJob.open(1);
        try {
            assertFalse(eps[0].sharesMemoryWith(0));
            assertEquals(FrameWriter.SMALL_LIMIT, eps[0].smallMessageLimit());
            AtomicInteger acks = new AtomicInteger();
            Frame d = new Frame();
            d.kind = Frame.DATA;
            d.recvId = 3;
            d.offset = 10;
            d.data = MemorySegment.ofArray(new byte[] {1, 2, 3, 4});
            d.ack = err -> acks.incrementAndGet();
            eps[0].send(0, d);
            assertEquals(1, acks.get(), "loopback data is copied at send");
            assertTrue(eps[0].hasIncoming());
            RecordingSink sink = new RecordingSink(64);
            assertEquals(1, eps[0].poll(sink));
            assertEquals(4L, sink.delivered.get(3L));
            assertArrayEquals(new byte[] {1, 2, 3, 4}, java.util.Arrays.copyOfRange(sink.data.get(3L), 10, 14));
        } finally {
            eps[0].close();
            eps[0].close(); // idempotent
        }
    }

    @Test
    void aLargeDataFrameDoesNotHoldBackALaterSmallFrame() throws Exception {
        Endpoint[] eps = TestJob.open(2, new LocalBootstrap(2),
                Map.of(TcpConfig.SNDBUF, "65536", TcpConfig.RCVBUF, "65536"));
        try {
            int big = 16 << 20;
            Frame d = new Frame();
            d.kind = Frame.DATA;
            d.recvId = 1;
            d.data = MemorySegment.ofArray(new byte[big]);
            eps[0].send(1, d);
            eps[0].send(1, eager(9, 100));
            long[] deliveredWhenEagerArrived = {-1};
            RecordingSink sink = new RecordingSink(0);
            RecordingSink probe = new RecordingSink(big);
            jmpi.spi.FrameSink watching = new jmpi.spi.FrameSink() {
                @Override
                public void accept(Frame f) {
                    deliveredWhenEagerArrived[0] = probe.delivered.getOrDefault(1L, 0L);
                    probe.accept(f);
                }

                @Override
                public boolean tryDeliver(int c, int s, int t, int ty, int n, MemorySegment m, long o, int b) {
                    return false;
                }

                @Override
                public void deliverData(long r, long mo, MemorySegment s, long so, long b) {
                    probe.deliverData(r, mo, s, so, b);
                }
            };
            RecordingSink own = sink;
            until(() -> probe.delivered.getOrDefault(1L, 0L) == big && probe.frames.size() == 1, () -> {
                eps[1].poll(watching);
                eps[0].poll(own);
            });
            assertTrue(deliveredWhenEagerArrived[0] < big / 2,
                    "the small frame waited for " + deliveredWhenEagerArrived[0] + " bytes of DATA");
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    @Test
    void threadsOfOneRankSendConcurrentlyWhileItPolls() throws Exception {
        Endpoint[] eps = TestJob.open(2);
        try {
            int threads = 3;
            int each = 400;
            AtomicInteger acks = new AtomicInteger();
            List<CompletableFuture<Void>> senders = new ArrayList<>();
            // Own threads: the common pool may have a single worker on two cores.
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads + 1);
            for (int t = 0; t < threads; t++) {
                int id = t;
                senders.add(CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < each; i++) {
                        Frame f = eager(id, i % 37 == 0 ? 300_000 : 40);
                        f.context = id;
                        f.count = i;
                        f.ack = err -> acks.incrementAndGet();
                        eps[1].send(0, f);
                    }
                }, pool));
            }
            CompletableFuture<Void> progress = CompletableFuture.runAsync(() -> until(() -> acks.get() == threads * each,
                    () -> eps[1].poll(new RecordingSink(0))), pool);
            RecordingSink sink = new RecordingSink(0);
            until(() -> sink.frames.size() == threads * each, () -> eps[0].poll(sink));
            progress.get(20, TimeUnit.SECONDS);
            int[] next = new int[threads];
            for (Frame f : sink.frames) {
                assertEquals(next[f.context]++, f.count, "order of sending thread " + f.context);
                assertEquals(f.count % 37 == 0 ? 300_000 : 40, RecordingSink.payloadOf(f).length);
            }
            for (CompletableFuture<Void> s : senders) {
                s.get();
            }
            pool.shutdownNow();
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    @Test
    void closeFlushesQueuedFramesAndThePeerSeesACleanEnd() throws Exception {
        Endpoint[] eps = TestJob.open(2);
        try {
            int n = 50;
            for (int i = 0; i < n; i++) {
                eps[1].send(0, eager(i, 100_000)); // 5 MB: more than the socket buffers hold
            }
            CompletableFuture<Void> closing = CompletableFuture.runAsync(eps[1]::close);
            RecordingSink sink = new RecordingSink(0);
            until(() -> sink.frames.size() == n, () -> eps[0].poll(sink));
            closing.get(10, TimeUnit.SECONDS);
            for (int i = 0; i < 20; i++) {
                eps[0].poll(sink); // the end of stream at a frame boundary is no error
            }
            assertThrows(IllegalStateException.class, () -> eps[0].send(1, eager(1, 1)));
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }
}
