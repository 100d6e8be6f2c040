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
