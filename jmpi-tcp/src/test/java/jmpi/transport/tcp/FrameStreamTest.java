package jmpi.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import jmpi.spi.Frame;
import jmpi.spi.FrameSink;

/**
 * One {@link FrameWriter} into one {@link FrameReader} over a loopback connection with small socket
 * buffers, the reader draining only between the writer's flushes: the staging buffer fills to its
 * end, writes stop part way (so the ring's leftover is written from where it lies, and a small
 * leftover is moved to the front), and EAGER frames of every size and DATA frames of several pieces
 * interleave. Every EAGER payload and every DATA byte must arrive intact, in order, and every ack must
 * run once. With {@code direct} the DATA payloads leave through write(2) from heap arrays and, where
 * the sink offers its buffer, arrive through read(2) straight into it.
 */
@Timeout(60)
class FrameStreamTest {
    private static byte[] payload(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + seed * 13 + (i >>> 8));
        }
        return b;
    }

    /** Records EAGER payloads in order, and DATA per receive id (straight into its buffer when it offers it). */
    private static final class Sink implements FrameSink {
        final List<Frame> eager = new ArrayList<>();
        final Map<Long, byte[]> data = new HashMap<>();
        final Map<Long, Long> received = new HashMap<>();
        final boolean offerTarget;
        int direct;
        /** DATA payload bytes that came through the read buffer (copied once more). */
        long buffered;

        Sink(boolean offerTarget) {
            this.offerTarget = offerTarget;
        }

        @Override
        public void accept(Frame f) {
            eager.add(f);
        }

        @Override
        public boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment d, long offset,
                                  int bytes) {
            return false;
        }

        @Override
        public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
            MemorySegment.copy(src, ValueLayout.JAVA_BYTE, srcOffset, MemorySegment.ofArray(data.get(recvId)),
                    ValueLayout.JAVA_BYTE, messageOffset, bytes);
            received.merge(recvId, bytes, Long::sum);
            buffered += bytes;
        }

        @Override
        public MemorySegment dataTarget(long recvId) {
            return offerTarget ? MemorySegment.ofArray(data.get(recvId)) : null;
        }

        @Override
        public void dataWritten(long recvId, long messageOffset, long bytes) {
            direct++;
            received.merge(recvId, bytes, Long::sum);
        }
    }

    @ParameterizedTest(name = "direct={0}, sink offers its buffer={1}")
    @CsvSource({"false, false", "true, false", "true, true", "false, true"})
    void everyFrameArrivesWholeThroughAFullStagingBuffer(boolean direct, boolean offerTarget) throws Exception {
        int[] eagerSizes = {1_000, 3_000, 4_032, 70_000, 5, 12_345, 0, 65_536, 262_143, 4_095, 4_097, 100};
        int[] dataSizes = {262_145, 32_768, 600_001, 16_384, 1, FrameWriter.DIRECT_PIECE + 1};
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            SocketChannel a = SocketChannel.open();
            a.setOption(StandardSocketOptions.SO_SNDBUF, 64 * 1024);
            a.connect(server.getLocalAddress());
            SocketChannel b = server.accept();
            b.setOption(StandardSocketOptions.SO_RCVBUF, 64 * 1024);
            a.configureBlocking(false);
            b.configureBlocking(false);
            try (a; b) {
                FrameWriter w = new FrameWriter(0, direct);
                FrameReader r = new FrameReader(0, 64 << 20, direct);
                Sink sink = new Sink(offerTarget);
                AtomicInteger acks = new AtomicInteger();
                List<byte[]> sentEager = new ArrayList<>();
                Map<Long, byte[]> sentData = new HashMap<>();
                int frames = 0;
                for (int round = 0; round < 6; round++) {
                    for (int i = 0; i < eagerSizes.length; i++) {
                        byte[] p = payload(eagerSizes[(i + round) % eagerSizes.length], frames);
                        Frame f = new Frame();
                        f.kind = Frame.EAGER;
                        f.context = 1;
                        f.tag = frames;
                        f.typeCode = 1;
                        f.count = p.length;
                        f.data = MemorySegment.ofArray(p);
                        f.ack = e -> acks.incrementAndGet();
                        sentEager.add(p);
                        w.enqueue(f);
                        frames++;
                        if (i % 4 == 1) {
                            int n = dataSizes[(i / 4 + round) % dataSizes.length];
                            long id = frames;
                            byte[] whole = payload(n + 9, -frames);
                            sentData.put(id, java.util.Arrays.copyOfRange(whole, 9, n + 9));
                            sink.data.put(id, new byte[n]);
                            Frame d = new Frame();
                            d.kind = Frame.DATA;
                            d.recvId = id;
                            d.data = MemorySegment.ofArray(whole).asSlice(9); // an offset into the array
                            d.ack = e -> acks.incrementAndGet();
                            w.enqueue(d);
                            frames++;
                        }
                    }
                }
                long deadline = System.nanoTime() + 40_000_000_000L;
                while ((sink.eager.size() < sentEager.size() || !sink.received.equals(sizes(sentData)))
                        && System.nanoTime() < deadline) {
                    w.flush(a);
                    r.readFrom(b, sink);
                }
                assertEquals(sentEager.size(), sink.eager.size(), "EAGER frames delivered");
                for (int i = 0; i < sentEager.size(); i++) {
                    assertArrayEquals(sentEager.get(i), sink.eager.get(i).bytes, "EAGER frame " + i);
                }
                for (Map.Entry<Long, byte[]> e : sentData.entrySet()) {
                    assertArrayEquals(e.getValue(), sink.data.get(e.getKey()), "DATA for receive " + e.getKey());
                }
                w.flush(a);
                assertEquals(frames, acks.get(), "every frame's ack ran once, after its last byte was written");
                if (direct && offerTarget && RawSocket.supported()) {
                    assertTrue(sink.direct > 0, "some DATA arrived straight into the sink's buffers");
                }
            }
        }
    }

    /**
     * A lone DATA frame of several pieces, direct both ways: once a piece has been read straight into
     * the receive buffer, the next piece's header is read alone, so that no later piece's payload is
     * pulled into the read buffer with it. At most a read buffer's worth of the first piece (read with its
     * header) and a last piece too short for a direct read pass through the read buffer; none of the first when the reader was told that this side sent a CTS ({@link FrameReader#expectData}), and a
     * small frame coming first instead of the DATA changes nothing but costs a read.
     */
    @ParameterizedTest(name = "CTS sent={0}, small frame first={1}")
    @CsvSource({"false, false", "true, false", "true, true"})
    void piecesAreReadStraightIntoTheReceiveBuffer(boolean ctsSent, boolean smallFirst) throws Exception {
        assumeTrue(RawSocket.supported(), "needs Linux and native access");
        int n = 2 * FrameWriter.DIRECT_PIECE + 1_000;
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            SocketChannel a = SocketChannel.open(server.getLocalAddress());
            SocketChannel b = server.accept();
            a.configureBlocking(false);
            b.configureBlocking(false);
            try (a; b) {
                FrameWriter w = new FrameWriter(0, true);
                FrameReader r = new FrameReader(0, 64 << 20, true);
                Sink sink = new Sink(true);
                if (ctsSent) {
                    r.expectData();
                }
                byte[] small = payload(100, 1);
                if (smallFirst) {
                    Frame f = new Frame();
                    f.kind = Frame.EAGER;
                    f.context = 1;
                    f.tag = 5;
                    f.typeCode = 1;
                    f.count = small.length;
                    f.data = MemorySegment.ofArray(small);
                    w.enqueue(f);
                }
                byte[] sent = payload(n, 3);
                sink.data.put(7L, new byte[n]);
                Frame d = new Frame();
                d.kind = Frame.DATA;
                d.recvId = 7;
                d.data = MemorySegment.ofArray(sent);
                w.enqueue(d);
                long deadline = System.nanoTime() + 40_000_000_000L;
                while (sink.received.getOrDefault(7L, 0L) < n && System.nanoTime() < deadline) {
                    w.flush(a);
                    r.readFrom(b, sink);
                }
                assertArrayEquals(sent, sink.data.get(7L), "the DATA payload");
                if (smallFirst) {
                    assertEquals(1, sink.eager.size(), "the small frame");
                    assertArrayEquals(small, sink.eager.get(0).bytes, "the small frame's payload");
                }
                // the last piece's 1 000 bytes are fewer than a direct read takes (FrameReader.DIRECT_MIN)
                long allowed = 1_000 + (ctsSent && !smallFirst ? 0 : FrameReader.BUFFER);
                assertTrue(sink.buffered <= allowed, sink.buffered + " of " + n
                        + " payload bytes came through the read buffer (at most " + allowed + " may)");
            }
        }
    }

    private static Map<Long, Long> sizes(Map<Long, byte[]> sent) {
        Map<Long, Long> m = new HashMap<>();
        sent.forEach((id, b) -> {
            if (b.length > 0) {
                m.put(id, (long) b.length);
            }
        });
        return m;
    }
}
