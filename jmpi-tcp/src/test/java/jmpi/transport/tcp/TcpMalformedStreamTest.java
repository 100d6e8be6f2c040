package jmpi.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.MemorySegment;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameDescriptor;
import jmpi.tck.LocalBootstrap;
import jmpi.tck.RecordingSink;

/**
 * A correctly authenticated peer (a raw socket playing rank 1) that then breaks the frame stream
 * makes rank 0's poll throw an IllegalStateException naming rank 1 and the fault, within bounded time.
 */
@Timeout(30)
class TcpMalformedStreamTest {
    private static final int MAX_FRAME = 1 << 20;

    /** Opens rank 0 of a 2-rank job while the test plays rank 1 through {@code peer}. */
    private static Endpoint openAgainstRawPeer(RawPeer[] peer) throws Exception {
        LocalBootstrap boot = new LocalBootstrap(2);
        TestJob.Context ctx = new TestJob.Context(0, 2, TestJob.JOB, TestJob.SECRET, boot,
                Map.of(TcpConfig.MAX_FRAME, Integer.toString(MAX_FRAME)));
        CompletableFuture<Endpoint> opening = CompletableFuture.supplyAsync(() -> {
            try {
                return new TcpTransportFactory().open(ctx);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        boot.fence(Duration.ofSeconds(10));
        peer[0] = new RawPeer(TcpEndpoint.parseHostPort(boot.get("tcp.0", Duration.ofSeconds(10))));
        byte[] mine = peer[0].respond(1, peer[0].readChallenge(0), TestJob.SECRET, TestJob.JOB);
        peer[0].readConfirm(0, mine, TestJob.SECRET, TestJob.JOB);
        return opening.get(10, TimeUnit.SECONDS);
    }

    /** A frame from rank 1 encoded with the SPI's descriptor: header then payload. */
    private static byte[] frame(Frame f, long seq) {
        f.seq = seq;
        long payload = FrameDescriptor.payloadBytes(f);
        byte[] b = new byte[FrameDescriptor.HEADER_BYTES + (int) payload];
        FrameDescriptor.encodeHeader(f, 1, MemorySegment.ofArray(b), 0);
        if (payload > 0) {
            MemorySegment.copy(f.data, 0, MemorySegment.ofArray(b), FrameDescriptor.HEADER_BYTES, payload);
        }
        return b;
    }

    private static Frame eager(int tag, byte[] data) {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.tag = tag;
        f.data = MemorySegment.ofArray(data);
        return f;
    }

    /** Polls until poll throws; returns the exception (fails after 10 s). */
    private static IllegalStateException pollUntilThrows(Endpoint ep, RecordingSink sink) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        return assertThrows(IllegalStateException.class, () -> {
            while (System.nanoTime() < deadline) {
                ep.poll(sink);
            }
        });
    }

    private static void check(byte[] bad, String expected) throws Exception {
        RawPeer[] peer = new RawPeer[1];
        Endpoint ep = openAgainstRawPeer(peer);
        try (RawPeer p = peer[0]) {
            // A good frame first: the raw encoder and the endpoint agree on the wire format.
            p.send(frame(eager(5, new byte[] {9, 8, 7}), 0));
            p.send(bad);
            if (expected.contains("middle")) {
                p.close();
            }
            RecordingSink sink = new RecordingSink(0);
            IllegalStateException e = pollUntilThrows(ep, sink);
            assertTrue(e.getMessage().contains("rank 1"), e.getMessage());
            assertTrue(e.getMessage().contains(expected), e.getMessage());
            assertEquals(1, sink.frames.size(), "the good frame before the fault");
            assertArrayEquals(new byte[] {9, 8, 7}, RecordingSink.payloadOf(sink.frames.getFirst()));
            // Sticky: the endpoint stays failed.
            assertThrows(IllegalStateException.class, () -> ep.poll(sink));
        } finally {
            ep.close();
        }
    }

    @Test
    void unknownKindBreaksThePeer() throws Exception {
        byte[] b = frame(eager(6, new byte[0]), 1);
        b[(int) FrameDescriptor.KIND] = 9;
        check(b, "unknown frame kind 9");
    }

    @Test
    void unknownCommunicatorBreaksThePeer() throws Exception {
        Frame f = eager(6, new byte[0]);
        f.context = Frame.MAX_CONTEXT + 4;
        check(frame(f, 1), "message on context " + (Frame.MAX_CONTEXT + 4) + ", which no communicator can have");
        Frame g = eager(6, new byte[0]);
        g.context = -2;
        check(frame(g, 1), "message on context -2");
    }

    @Test
    void negativeSourceBreaksThePeer() throws Exception {
        Frame f = eager(3, new byte[0]);
        f.source = -7;
        check(frame(f, 1), "message with source -7");
    }

    @Test
    void unknownVersionBreaksThePeer() throws Exception {
        byte[] b = frame(eager(6, new byte[0]), 1);
        b[(int) FrameDescriptor.VERSION_AT] = 7;
        check(b, "frame version 7");
    }

    @Test
    void oversizedPayloadBreaksThePeer() throws Exception {
        byte[] b = frame(eager(6, new byte[0]), 1);
        MemorySegment.ofArray(b).set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED.withOrder(
                java.nio.ByteOrder.LITTLE_ENDIAN), FrameDescriptor.PAYLOAD_BYTES, MAX_FRAME + 1);
        check(b, "exceeds jmpi.tcp.maxFrame");
    }

    @Test
    void negativePayloadBreaksThePeer() throws Exception {
        byte[] b = frame(eager(6, new byte[0]), 1);
        MemorySegment.ofArray(b).set(java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED.withOrder(
                java.nio.ByteOrder.LITTLE_ENDIAN), FrameDescriptor.PAYLOAD_BYTES, -5);
        check(b, "payload of -5 bytes");
    }

    @Test
    void closingMidHeaderBreaksThePeer() throws Exception {
        check(Arrays.copyOf(frame(eager(6, new byte[0]), 1), 30), "middle of a frame");
    }

    @Test
    void closingMidPayloadBreaksThePeer() throws Exception {
        byte[] whole = frame(eager(6, new byte[1000]), 1);
        check(Arrays.copyOf(whole, FrameDescriptor.HEADER_BYTES + 400), "middle of a frame");
    }

    @Test
    void skippedSequenceNumberBreaksThePeer() throws Exception {
        check(frame(eager(6, new byte[4]), 5), "sequence number 5, expected 1");
    }
}
