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
import jmpi.spi.FrameSink;

/**
 * The small-message path over tcp: trySendSmall straight into the staging buffer, its order with
 * frames, and tryDeliver straight from the read buffer (also for messages cut by the read buffer's
 * end, which wait there until whole).
 */
class TcpSmallMessageTest {
    /** Takes small messages whose tag is even through tryDeliver (as ints), declines odd tags; records everything by tag. */
    static final class Sink implements FrameSink {
        final List<Integer> tags = new ArrayList<>();
        final List<int[]> values = new ArrayList<>();
        int direct;

        @Override
        public void accept(Frame f) {
            tags.add(f.tag);
            byte[] b = f.bytes == null ? new byte[0] : f.bytes;
            int[] v = new int[b.length / 4];
            MemorySegment.copy(b, 0, MemorySegment.ofArray(v), ValueLayout.JAVA_BYTE, 0, b.length);
            values.add(v);
        }

        @Override
        public boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment data,
                                  long offset, int bytes) {
            if ((tag & 1) != 0) {
                return false;
            }
            assertEquals(count * 4, bytes);
            assertEquals(3, typeCode);
            int[] v = new int[count];
            MemorySegment.copy(data, ValueLayout.JAVA_INT_UNALIGNED, offset, v, 0, count);
            tags.add(tag);
            values.add(v);
            direct++;
            return true;
        }

        @Override
        public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
            throw new AssertionError("no data expected");
        }
    }

    private static Frame eager(int tag, int[] v) {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.tag = tag;
        f.typeCode = 3;
        f.count = v.length;
        f.data = MemorySegment.ofArray(v.clone());
        return f;
    }

    @Test
    @Timeout(60)
    void smallMessagesKeepOrderWithFramesAndArriveWhole() throws Exception {
        Endpoint[] eps = TestJob.open(2);
        try {
            Endpoint a = eps[0];
            Endpoint b = eps[1];
            Sink sink = new Sink();
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
                    a.send(1, eager(tag, v));
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
