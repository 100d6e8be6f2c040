package jmpi.transport.shm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.tck.IntMessageSink;

/** The small-message path: trySendSmall records, their order with frames, and tryDeliver straight from the ring. */
class ShmSmallMessageTest {
    @Test
    void smallRecordsKeepOrderWithFramesAndFallBackWhenTheRingIsFull() throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of(ShmConfig.RING_BYTES, "65536"));
        try {
            Endpoint a = eps[0];
            Endpoint b = eps[1];
            assertTrue(a.smallMessageLimit() >= 1024);
            IntMessageSink sink = new IntMessageSink();
            List<Integer> sentTags = new ArrayList<>();
            int tag = 0;
            boolean sawFallback = false;
            // fill the 64 KiB ring with small records, a frame now and then, without polling
            for (int i = 0; i < 2000; i++) {
                int[] v = {i, -i, i * 7};
                if (i % 97 == 0) {
                    a.send(1, IntMessageSink.eager(tag, v));
                } else if (!a.trySendSmall(1, 0, 0, tag, 3, v, 0, v.length, ValueLayout.JAVA_INT_UNALIGNED)) {
                    sawFallback = true;
                    a.send(1, IntMessageSink.eager(tag, v));
                }
                v[0] = 12345; // the caller may reuse its buffer at once
                sentTags.add(tag++);
            }
            assertTrue(sawFallback, "2000 records of 128 B must overflow a 64 KiB ring");
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (sink.tags.size() < sentTags.size() && System.nanoTime() < deadline) {
                b.poll(sink);
                a.poll(sink);
            }
            assertEquals(sentTags, sink.tags);
            for (int i = 0; i < sentTags.size(); i++) {
                assertArrayEquals(new int[] {i, -i, i * 7}, sink.values.get(i), "message " + i);
            }
            assertTrue(sink.direct > 0);
            assertFalse(a.trySendSmall(1, 0, 0, 0, 3, new int[a.smallMessageLimit() / 4 + 1], 0,
                    a.smallMessageLimit() / 4 + 1, ValueLayout.JAVA_INT_UNALIGNED), "beyond the limit");
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    /**
     * The packed path ({@code trySendSmallPacked}: the elements written by a packer straight into the record) mixed
     * with copied records and frames, sizes up to the limit, many laps round a 64 KiB ring (the padding at the area's
     * end among them): every message arrives once, whole, in order; a packer that throws after writing part of its
     * record leaves nothing sent, and the next record takes its place.
     */
    @Test
    void packedRecordsKeepOrderAndAThrowingPackerSendsNothing() throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of(ShmConfig.RING_BYTES, "65536"));
        try {
            Endpoint a = eps[0];
            Endpoint b = eps[1];
            int limitInts = a.smallMessageLimit() / 4;
            IntMessageSink sink = new IntMessageSink();
            List<Integer> sentTags = new ArrayList<>();
            List<int[]> sent = new ArrayList<>();
            int failures = 0;
            for (int i = 0; i < 1500; i++) {
                int len = i % 7 == 0 ? limitInts : (i * 53) % (limitInts + 1);
                int[] v = new int[len];
                for (int k = 0; k < len; k++) {
                    v[k] = i * 1000 + k;
                }
                int tag = 2 * i;
                if (i % 11 == 0) {
                    // after a drain, so that the record fits and the packer is called
                    long until = System.nanoTime() + 10_000_000_000L;
                    while (sink.tags.size() < sentTags.size() && System.nanoTime() < until) {
                        b.poll(sink);
                        a.poll(sink);
                    }
                    failures++;
                    int n = Math.min(len, 40);
                    org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
                            () -> a.trySendSmallPacked(1, 0, 0, tag + 1, 3, n, ValueLayout.JAVA_INT_UNALIGNED,
                                    (dst, off, bytes) -> {
                                        dst.asSlice(off, bytes / 2).fill((byte) 0x5a);
                                        throw new IllegalStateException("a packer that fails half way");
                                    }), "message " + i);
                }
                boolean small;
                if (i % 3 == 0) {
                    small = a.trySendSmall(1, 0, 0, tag, 3, v, 0, len, ValueLayout.JAVA_INT_UNALIGNED);
                } else {
                    small = a.trySendSmallPacked(1, 0, 0, tag, 3, len, ValueLayout.JAVA_INT_UNALIGNED,
                            (dst, off, bytes) -> MemorySegment.copy(v, 0, dst, ValueLayout.JAVA_INT_UNALIGNED, off, len));
                }
                if (!small) {
                    a.send(1, IntMessageSink.eager(tag, v.clone()));
                }
                sentTags.add(tag);
                sent.add(v);
                // poll now and then only: the ring fills, records wait, the writer wraps with padding
                if (i % 4 == 0) {
                    b.poll(sink);
                    a.poll(sink);
                }
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (sink.tags.size() < sentTags.size() && System.nanoTime() < deadline) {
                b.poll(sink);
                a.poll(sink);
            }
            assertEquals(sentTags, sink.tags);
            for (int i = 0; i < sentTags.size(); i++) {
                assertArrayEquals(sent.get(i), sink.values.get(i), "message " + i);
            }
            assertTrue(failures > 0);
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }

    /**
     * Payloads full of numbers that look like record numbers, of varying sizes, many laps round a
     * 64 KiB ring: a record place must never be taken for the next record before it is stamped.
     */
    @Test
    void payloadsThatLookLikeRecordNumbersNeverPassForRecords() throws Exception {
        Endpoint[] eps = ShmTestJobs.open(2, Map.of(ShmConfig.RING_BYTES, "65536"));
        try {
            Endpoint a = eps[0];
            Endpoint b = eps[1];
            IntMessageSink sink = new IntMessageSink();
            int n = 20_000;
            int received = 0;
            long deadline = System.nanoTime() + 30_000_000_000L;
            for (int i = 0; i < n; i++) {
                int len = 1 + (i * 37) % 300; // ints: 4 .. 1200 bytes
                int[] v = new int[len];
                for (int k = 0; k < len; k++) {
                    v[k] = i + k / 16; // low and high halves of a long near the record number
                }
                int tag = 2 * i + (i % 3 == 0 ? 1 : 0); // odd tags decline tryDeliver: frame way
                if (i % 5 == 0 || !a.trySendSmall(1, 0, 0, tag, 3, v, 0, len, ValueLayout.JAVA_INT_UNALIGNED)) {
                    a.send(1, IntMessageSink.eager(tag, v));
                }
                b.poll(sink);
                a.poll(sink);
            }
            while (sink.tags.size() < n && System.nanoTime() < deadline) {
                b.poll(sink);
                a.poll(sink);
            }
            assertEquals(n, sink.tags.size());
            for (int i = 0; i < n; i++) {
                int len = 1 + (i * 37) % 300;
                assertEquals(2 * i + (i % 3 == 0 ? 1 : 0), sink.tags.get(i));
                int[] v = sink.values.get(i);
                assertEquals(len, v.length, "message " + i);
                for (int k = 0; k < len; k++) {
                    assertEquals(i + k / 16, v[k], "message " + i + " element " + k);
                }
            }
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }
}
