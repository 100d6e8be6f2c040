package jmpi.transport.threads;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Frame;
import jmpi.tck.IntMessageSink;

/**
 * The threads transport's small-message paths (fastbox up to 8 bytes, eager ring above, frames beyond the
 * ring's limit or when it is full): every message arrives once, whole, in the order sent, whichever path
 * it took, whether a posted receive takes it from the ring or it is copied out as a frame.
 */
// a separate thread: a ring that misreads can spin in poll without ever looking at an interrupt
@Timeout(value = 120, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class EagerRingTest {
    /** Message {@code i}'s content: numbers near i, which a stale stamp would look like. */
    private static int[] content(int i, int len) {
        int[] v = new int[len];
        for (int k = 0; k < len; k++) {
            v[k] = i + k / 16;
        }
        return v;
    }

    private static void check(IntMessageSink sink, List<Integer> sentTags, List<Integer> lengths) {
        assertEquals(sentTags, sink.tags);
        for (int i = 0; i < sentTags.size(); i++) {
            assertArrayEquals(content(i, lengths.get(i)), sink.values.get(i), "message " + i);
        }
    }

    @Test
    void everySizeUpToTheLimitKeepsOrderWithFramesAndFallsBackWhenTheRingIsFull() {
        ThreadsFabric fabric = new ThreadsFabric(2);
        ThreadsEndpoint a = (ThreadsEndpoint) fabric.endpoint(0);
        ThreadsEndpoint b = (ThreadsEndpoint) fabric.endpoint(1);
        int limitInts = a.smallMessageLimit() / 4;
        assertTrue(limitInts >= 256, "the ring takes at least 1 KiB messages by default: " + a.smallMessageLimit());
        IntMessageSink sink = new IntMessageSink();
        List<Integer> tags = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        boolean fallback = false;
        // without polling: sizes 0 .. limit (fastbox, ring, pad records at the wrap), a frame now and then
        for (int i = 0; i < 3000; i++) {
            int len = i % 11 == 0 ? limitInts : (i * 37) % (limitInts + 1);
            int[] v = content(i, len);
            int tag = 2 * i + (i % 3 == 0 ? 1 : 0);
            if (i % 97 == 0) {
                a.send(1, IntMessageSink.eager(tag, v));
            } else if (!a.trySendSmall(1, 0, 0, tag, 3, v, 0, len, ValueLayout.JAVA_INT_UNALIGNED)) {
                fallback = true;
                a.send(1, IntMessageSink.eager(tag, v));
            }
            java.util.Arrays.fill(v, -7); // the caller may reuse its buffer at once
            tags.add(tag);
            lengths.add(len);
        }
        assertTrue(fallback, "3000 messages without a poll must fill the ring");
        while (b.hasIncoming()) {
            b.poll(sink);
        }
        check(sink, tags, lengths);
        assertTrue(sink.direct > 0);
        assertFalse(a.trySendSmall(1, 0, 0, 0, 3, new int[limitInts + 1], 0, limitInts + 1,
                ValueLayout.JAVA_INT_UNALIGNED), "beyond the limit");
    }

    /**
     * The packed path ({@code trySendSmallPacked}: the elements written by a packer straight into the fastbox or the
     * ring) at every size up to the limit, interleaved with copied messages: every message arrives once, whole, in
     * order; a packer that throws leaves nothing sent (the next message is the next one the receiver sees) and the
     * pair usable; beyond the limit it declines.
     */
    @Test
    void packedMessagesOfEverySizeKeepOrderAndAThrowingPackerSendsNothing() {
        ThreadsFabric fabric = new ThreadsFabric(2);
        ThreadsEndpoint a = (ThreadsEndpoint) fabric.endpoint(0);
        ThreadsEndpoint b = (ThreadsEndpoint) fabric.endpoint(1);
        int limitInts = a.smallMessageLimit() / 4;
        IntMessageSink sink = new IntMessageSink();
        List<Integer> tags = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        int failures = 0;
        for (int i = 0; i < 1500; i++) {
            int len = i % 13 == 0 ? limitInts : i < 40 ? (i * 3) % 17 + (i % 8 == 5 ? 300 : 0)
                    : (i * 41) % (limitInts + 1);
            int[] v = content(tags.size(), len);
            int tag = 2 * i;
            boolean sent;
            if (i % 3 == 0) {
                sent = a.trySendSmall(1, 0, 0, tag, 3, v, 0, len, ValueLayout.JAVA_INT_UNALIGNED);
            } else {
                if (i < 40 && i % 4 == 1) {
                    // early, while fastbox and ring have room: the packer is called, fails, and nothing is sent
                    failures++;
                    assertThrows(IllegalStateException.class, () -> a.trySendSmallPacked(1, 0, 0, tag + 1, 3, len,
                            ValueLayout.JAVA_INT_UNALIGNED, (dst, off, bytes) -> {
                                dst.set(ValueLayout.JAVA_INT_UNALIGNED, off, -1);
                                throw new IllegalStateException("a packer that fails half way");
                            }), "message " + i + " of " + len + " ints");
                }
                sent = a.trySendSmallPacked(1, 0, 0, tag, 3, len, ValueLayout.JAVA_INT_UNALIGNED, (dst, off, bytes) -> {
                    assertEquals(4L * len, bytes);
                    MemorySegment.copy(v, 0, dst, ValueLayout.JAVA_INT_UNALIGNED, off, len);
                });
            }
            if (!sent) {
                a.send(1, IntMessageSink.eager(tag, v));
            }
            tags.add(tag);
            lengths.add(len);
            if (i < 40 || i % 5 == 0) {
                while (b.hasIncoming()) {
                    b.poll(sink);
                }
            }
        }
        while (b.hasIncoming()) {
            b.poll(sink);
        }
        assertEquals(7, failures); // i = 1, 5, 13, 17, 25, 29, 37
        check(sink, tags, lengths);
        assertFalse(a.trySendSmallPacked(1, 0, 0, 0, 3, limitInts + 1, ValueLayout.JAVA_INT_UNALIGNED,
                (dst, off, bytes) -> { throw new AssertionError("beyond the limit: never called"); }), "beyond the limit");
    }

    /** A rank that sends to itself (MPI allows it): fastbox, ring and frames, in order, polled as it goes. */
    @Test
    void aRankSendsToItselfThroughEveryPath() {
        ThreadsFabric fabric = new ThreadsFabric(3);
        ThreadsEndpoint a = (ThreadsEndpoint) fabric.endpoint(1);
        int limitInts = a.smallMessageLimit() / 4;
        IntMessageSink sink = new IntMessageSink();
        List<Integer> tags = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            int len = i % 4 == 0 ? 1 : i % 4 == 1 ? 2 : (i * 13) % (limitInts + 1);
            int[] v = content(i, len);
            int tag = 2 * i + (i % 7 == 0 ? 1 : 0);
            if (i % 50 == 0 || !a.trySendSmall(1, 0, 0, tag, 3, v, 0, len, ValueLayout.JAVA_INT_UNALIGNED)) {
                a.send(1, IntMessageSink.eager(tag, v));
            }
            tags.add(tag);
            lengths.add(len);
            if (i % 3 == 0) {
                a.poll(sink);
            }
        }
        while (a.hasIncoming()) {
            a.poll(sink);
        }
        check(sink, tags, lengths);
    }

    /** A sender and a receiver thread at once, many laps round a small ring, every size; the receiver polls as it goes. */
    @Test
    void concurrentSenderAndReceiverManyLapsRoundASmallRing() throws Exception {
        System.setProperty(ThreadsSetting.RING_BYTES.property(), "4096");
        ThreadsFabric fabric;
        try {
            fabric = new ThreadsFabric(2);
        } finally {
            System.clearProperty(ThreadsSetting.RING_BYTES.property());
        }
        ThreadsEndpoint a = (ThreadsEndpoint) fabric.endpoint(0);
        ThreadsEndpoint b = (ThreadsEndpoint) fabric.endpoint(1);
        int limitInts = a.smallMessageLimit() / 4;
        assertEquals(1024 - 32, a.smallMessageLimit(), "a 4 KiB ring takes a quarter less the header");
        int n = 50_000;
        List<Integer> tags = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tags.add(2 * i + (i % 5 == 0 ? 1 : 0));
            lengths.add(1 + (i * 31) % limitInts);
        }
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> {
            for (int i = 0; i < n; i++) {
                int[] v = content(i, lengths.get(i));
                int tag = tags.get(i);
                if (i % 101 == 0 || !a.trySendSmall(1, 0, 0, tag, 3, v, 0, v.length, ValueLayout.JAVA_INT_UNALIGNED)) {
                    a.send(1, IntMessageSink.eager(tag, v));
                }
            }
        });
        IntMessageSink sink = new IntMessageSink();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (sink.tags.size() < n && System.nanoTime() < deadline) {
            b.poll(sink);
        }
        sender.get(10, TimeUnit.SECONDS);
        check(sink, tags, lengths);
    }

    /**
     * Two ranks' threads exchange messages of every ring size back and forth (each waits for the other's reply):
     * both rings start over early, and every message arrives whole, in order.
     */
    @Test
    void aPingPongOfEverySizeStartsBothRingsOverEarly() throws Exception {
        ThreadsFabric fabric = new ThreadsFabric(2);
        ThreadsEndpoint a = (ThreadsEndpoint) fabric.endpoint(0);
        ThreadsEndpoint b = (ThreadsEndpoint) fabric.endpoint(1);
        int limitInts = a.smallMessageLimit() / 4;
        int n = 20_000;
        List<Integer> tags = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            tags.add(2 * i + (i % 13 == 0 ? 1 : 0));
            lengths.add(i % 5 == 0 ? 3 + i % 7 : (i * 31) % (limitInts + 1));
        }
        CompletableFuture<IntMessageSink> echo = CompletableFuture.supplyAsync(() -> {
            IntMessageSink got = new IntMessageSink();
            for (int i = 0; i < n; i++) {
                awaitMessage(b, got, i + 1);
                int[] v = got.values.get(i);
                assertTrue(b.trySendSmall(0, 0, 1, got.tags.get(i), IntMessageSink.INT_TYPE, v, 0, v.length,
                        ValueLayout.JAVA_INT_UNALIGNED), "the reply fits: the ring is empty but for it");
            }
            return got;
        });
        IntMessageSink replies = new IntMessageSink();
        for (int i = 0; i < n; i++) {
            int[] v = content(i, lengths.get(i));
            assertTrue(a.trySendSmall(1, 0, 0, tags.get(i), IntMessageSink.INT_TYPE, v, 0, v.length,
                    ValueLayout.JAVA_INT_UNALIGNED), "the message fits: the ring is empty but for it");
            awaitMessage(a, replies, i + 1);
        }
        check(echo.get(30, TimeUnit.SECONDS), tags, lengths);
        check(replies, tags, lengths);
        assertTrue(a.ringTo(1).restarts > 100, "restarts 0 -> 1: " + a.ringTo(1).restarts);
        assertTrue(b.ringTo(0).restarts > 100, "restarts 1 -> 0: " + b.ringTo(0).restarts);
    }

    private static void awaitMessage(ThreadsEndpoint e, IntMessageSink sink, int count) {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (sink.tags.size() < count) {
            e.poll(sink);
            if (System.nanoTime() > deadline) {
                throw new AssertionError("message " + count + " did not come");
            }
        }
    }

    /**
     * The writer starts over at the area's start early when its reader has caught up, and not when the reader
     * lags: bursts of every size with and without the reader draining between them, one thread, the default
     * 64 KiB ring; every message arrives once, whole, in order, straight from the ring or copied out.
     */
    @Test
    void theRingStartsOverEarlyOnlyWhenItsReaderHasCaughtUp() {
        EagerRing ring = new EagerRing(65536, 8192, 0);
        IntMessageSink sink = new IntMessageSink();
        List<Integer> tags = new ArrayList<>();
        List<Integer> lengths = new ArrayList<>();
        java.util.Random random = new java.util.Random(16);
        long seq = 1;
        long delivered = 0;
        for (int round = 0; round < 1000; round++) {
            // a burst: one message (a ping-pong's) or many without a poll (a stream's)
            int burst = round % 10 == 0 ? 1 + random.nextInt(60) : 1;
            long lag = 0;
            for (int k = 0; k < burst; k++) {
                long restartsBefore = ring.writer.restarts;
                int len = random.nextInt(4) == 0 ? random.nextInt(2049) : random.nextInt(300);
                int i = tags.size();
                int tag = 2 * i + (i % 7 == 0 ? 1 : 0);
                int[] v = content(i, len);
                if (!ring.writer.offer(seq, 0, 0, tag, IntMessageSink.INT_TYPE, v, 0, len, ValueLayout.JAVA_INT_UNALIGNED, null)) {
                    break; // full: the stream's remainder would go as frames; not this test's subject
                }
                if (lag > 2 * EagerRing.RELEASE_BATCH + EagerRing.ALIGN) {
                    assertEquals(restartsBefore, ring.writer.restarts, "started over while the reader lagged by " + lag);
                }
                lag += EagerRing.align(EagerRing.HEADER + 4L * len);
                java.util.Arrays.fill(v, -7);
                seq++;
                tags.add(tag);
                lengths.add(len);
            }
            if (burst > 1 && lag > 40_000) {
                assertTrue(lag <= 65536, "the stream had the whole area: " + lag);
            }
            while (delivered < seq - 1) {
                assertEquals(delivered + 1, ring.reader.peekSeq(), "the next message in order");
                ring.reader.deliverTo(sink);
                delivered++;
            }
            assertEquals(0, ring.reader.peekSeq());
        }
        check(sink, tags, lengths);
        assertTrue(ring.writer.restarts > 100, "a reader that drains lets the ring start over: " + ring.writer.restarts);
    }

    @Test
    void ringSettingsAreCheckedAndAutoShrinksWithTheJob() {
        assertEquals(65536, ThreadsSetting.ringBytes(2));
        assertEquals(65536, ThreadsSetting.ringBytes(32));
        assertEquals(32768, ThreadsSetting.ringBytes(64));
        assertEquals(4096, ThreadsSetting.ringBytes(1024));
        assertEquals(8192, ThreadsSetting.ringMessage(65536));
        assertEquals(992, ThreadsSetting.ringMessage(4096));
        System.setProperty(ThreadsSetting.RING_BYTES.property(), "5000");
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ThreadsFabric(2));
            assertTrue(e.getMessage().contains("jmpi.threads.ringBytes"), e.getMessage());
        } finally {
            System.clearProperty(ThreadsSetting.RING_BYTES.property());
        }
        System.setProperty(ThreadsSetting.RING_MESSAGE.property(), "20000");
        try {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ThreadsFabric(2));
            assertTrue(e.getMessage().contains("jmpi.threads.ringMessage"), e.getMessage());
        } finally {
            System.clearProperty(ThreadsSetting.RING_MESSAGE.property());
        }
        System.setProperty(ThreadsSetting.RING_MESSAGE.property(), "0");
        try {
            ThreadsFabric off = new ThreadsFabric(2);
            ThreadsEndpoint a = (ThreadsEndpoint) off.endpoint(0);
            assertEquals(FastboxDescriptor.PAYLOAD_MAX, a.smallMessageLimit());
            assertFalse(a.trySendSmall(1, 0, 0, 0, 3, new int[4], 0, 4, ValueLayout.JAVA_INT_UNALIGNED));
        } finally {
            System.clearProperty(ThreadsSetting.RING_MESSAGE.property());
        }
    }
}
