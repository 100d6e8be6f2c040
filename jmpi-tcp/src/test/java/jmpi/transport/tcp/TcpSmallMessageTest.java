package jmpi.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.tck.IntMessageSink;

/**
 * The small-message path over tcp: trySendSmall straight into the staging buffer, its order with
 * frames, and tryDeliver straight from the read buffer (also for messages cut by the read buffer's
 * end, which wait there until whole).
 */
class TcpSmallMessageTest {
    @Test
    @Timeout(60)
    void smallMessagesKeepOrderWithFramesAndArriveWhole() throws Exception {
        Endpoint[] eps = TestJob.open(2);
        try {
            Endpoint a = eps[0];
            Endpoint b = eps[1];
            IntMessageSink sink = new IntMessageSink();
            int n = 4000;
            int fallbacks = 0;
            for (int i = 0; i < n; i++) {
                int len = 1 + (i * 37) % 3000; // ints: 4 B .. 12 KB, so that messages straddle the read buffer's end
                int[] v = new int[len];
                for (int k = 0; k < len; k++) {
                    v[k] = i * 31 + k;
                }
                int tag = 2 * i + (i % 3 == 0 ? 1 : 0); // odd tags decline tryDeliver: frame way
                if (i % 7 == 0 || !a.trySendSmall(1, 0, 0, tag, 3, v, 0, len, ValueLayout.JAVA_INT_UNALIGNED)) {
                    fallbacks++;
                    a.send(1, IntMessageSink.eager(tag, v));
                }
                v[0] = -1; // the caller may reuse its buffer at once
                if (i % 16 == 0) { // let the socket fill up now and then: senders must queue, and stay in order
                    b.poll(sink);
                }
                a.poll(sink);
            }
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (sink.tags.size() < n && System.nanoTime() < deadline) {
                b.poll(sink);
                a.poll(sink);
            }
            assertEquals(n, sink.tags.size());
            for (int i = 0; i < n; i++) {
                int len = 1 + (i * 37) % 3000;
                assertEquals(2 * i + (i % 3 == 0 ? 1 : 0), sink.tags.get(i), "message " + i);
                int[] v = sink.values.get(i);
                assertEquals(len, v.length, "message " + i);
                for (int k = 0; k < len; k++) {
                    assertEquals(i * 31 + k, v[k], "message " + i + " element " + k);
                }
            }
            assertTrue(sink.direct > n / 2, "tryDeliver took " + sink.direct);
            assertTrue(fallbacks < n, "fallbacks " + fallbacks);
            int over = a.smallMessageLimit() / 4 + 1;
            assertFalse(a.trySendSmall(1, 0, 0, 0, 3, new int[over], 0, over, ValueLayout.JAVA_INT_UNALIGNED),
                    "beyond the limit");
            assertFalse(a.trySendSmall(0, 0, 0, 0, 3, new int[1], 0, 1, ValueLayout.JAVA_INT_UNALIGNED),
                    "to self: the frame way");
        } finally {
            for (Endpoint e : eps) {
                e.close();
            }
        }
    }
}
