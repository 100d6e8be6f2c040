package jmpi.transport.tcp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link RawSocket}: the {@code /proc/net/tcp[6]} address fields, finding a connection's descriptor,
 * and write / read straight between a socket and heap or native memory at an offset, including a full
 * socket (write takes part, then nothing), an empty one (read returns 0) and the end of the stream.
 * This module's tests run with native access enabled, so the system-call tests run wherever /proc does.
 */
@Timeout(30)
class RawSocketTest {
    private static final boolean LITTLE = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    /** 8 hex digits of a 32-bit word holding these 4 bytes in memory, as /proc prints it. */
    private static String word(int b0, int b1, int b2, int b3) {
        int v = LITTLE ? (b3 << 24 | b2 << 16 | b1 << 8 | b0) : (b0 << 24 | b1 << 16 | b2 << 8 | b3);
        return String.format("%08X", v);
    }

    @Test
    void addressFieldsOfBothTables() throws Exception {
        byte[] loop4 = RawSocket.mapped(InetAddress.getByName("127.0.0.1"));
        byte[] other4 = RawSocket.mapped(InetAddress.getByName("10.1.2.3"));
        String ipv4 = word(127, 0, 0, 1) + ":9DA4";
        assertTrue(RawSocket.matches(ipv4, loop4, 0x9DA4));
        assertFalse(RawSocket.matches(ipv4, loop4, 0x9DA5), "another port");
        assertFalse(RawSocket.matches(ipv4, other4, 0x9DA4), "another address");
        assertFalse(RawSocket.matches(word(1, 0, 0, 127) + ":9DA4", loop4, 0x9DA4), "bytes reversed");
        // tcp6: an IPv4 address mapped into IPv6 (a Java socket is usually an IPv6 one)
        String mapped = word(0, 0, 0, 0) + word(0, 0, 0, 0) + word(0, 0, 0xff, 0xff) + word(127, 0, 0, 1) + ":0050";
        assertTrue(RawSocket.matches(mapped, loop4, 80));
        assertFalse(RawSocket.matches(mapped, other4, 80));
        byte[] v6 = RawSocket.mapped(InetAddress.getByName("fe80::1:2"));
        String field6 = word(0xfe, 0x80, 0, 0) + word(0, 0, 0, 0) + word(0, 0, 0, 0) + word(0, 1, 0, 2) + ":1F90";
        assertTrue(RawSocket.matches(field6, v6, 8080));
        assertFalse(RawSocket.matches(field6, loop4, 8080));
        assertFalse(RawSocket.matches("0100007F", loop4, 0), "no port");
        assertFalse(RawSocket.matches("0100:0050", loop4, 80), "odd length");
    }

    /** A connected pair over loopback: [0] the client, [1] the accepted side. */
    private static SocketChannel[] pair(int bufferBytes) throws IOException {
        try (ServerSocketChannel server = ServerSocketChannel.open()) {
            server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            SocketChannel a = SocketChannel.open();
            if (bufferBytes > 0) {
                a.setOption(StandardSocketOptions.SO_SNDBUF, bufferBytes);
                a.setOption(StandardSocketOptions.SO_RCVBUF, bufferBytes);
            }
            a.connect(server.getLocalAddress());
            SocketChannel b = server.accept();
            if (bufferBytes > 0) {
                b.setOption(StandardSocketOptions.SO_SNDBUF, bufferBytes);
                b.setOption(StandardSocketOptions.SO_RCVBUF, bufferBytes);
            }
            a.configureBlocking(false);
            b.configureBlocking(false);
            return new SocketChannel[] {a, b};
        }
    }

    /** Reads from {@code ch} until {@code into} is full (10 s at most). */
    private static void readAll(SocketChannel ch, ByteBuffer into) throws IOException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (into.hasRemaining() && System.nanoTime() < deadline) {
            ch.read(into);
        }
        assertFalse(into.hasRemaining(), into.remaining() + " bytes never came");
    }

    private static byte[] bytes(int n, int seed) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 13 + seed);
        }
        return b;
    }

    @Test
    void findsEachEndsOwnDescriptor() throws Exception {
        assumeTrue(RawSocket.supported(), "Linux with native access only");
        SocketChannel[] p = pair(0);
        SocketChannel[] q = pair(0);
        try {
            RawSocket a = RawSocket.of(p[0]);
            RawSocket b = RawSocket.of(p[1]);
            RawSocket c = RawSocket.of(q[0]);
            assertNotNull(a);
            assertNotNull(b);
            assertNotNull(c);
            assertTrue(a.fd() != b.fd() && a.fd() != c.fd() && b.fd() != c.fd());
            // the descriptor found really is p[0]: what goes in there comes out of p[1], and only there
            byte[] sent = bytes(1000, 1);
            assertEquals(1000, a.write(MemorySegment.ofArray(sent), 0, 1000));
            ByteBuffer got = ByteBuffer.allocate(1000);
            readAll(p[1], got);
            assertArrayEquals(sent, got.array());
            assertEquals(0, q[1].read(ByteBuffer.allocate(10)));
        } finally {
            for (SocketChannel ch : new SocketChannel[] {p[0], p[1], q[0], q[1]}) {
                ch.close();
            }
        }
    }

    @Test
    void writesAndReadsAtOffsetsOfHeapAndNativeMemoryUntilFullOrEmpty() throws Exception {
        assumeTrue(RawSocket.supported(), "Linux with native access only");
        SocketChannel[] p = pair(16 * 1024);
        try {
            RawSocket w = RawSocket.of(p[0]);
            RawSocket r = RawSocket.of(p[1]);
            assertNotNull(w);
            assertNotNull(r);
            assertEquals(0, r.read(MemorySegment.ofArray(new byte[8]), 0, 8), "nothing to read yet");
            // far more than both socket buffers: the writes stop taking, part way
            int n = 4 << 20;
            byte[] src = bytes(n + 7, 5);
            long put = 0;
            long n1;
            while ((n1 = w.write(MemorySegment.ofArray(src), 7 + put, n - put)) > 0) {
                put += n1;
            }
            assertTrue(put > 0 && put < n, "a full socket takes part of the data: " + put);
            assertEquals(0, w.write(MemorySegment.ofArray(src), 7 + put, n - put), "and then nothing");
            // read it all back, alternating heap (at an offset) and native memory, writing the rest as room appears
            byte[] dst = new byte[n + 3];
            MemorySegment heap = MemorySegment.ofArray(dst);
            try (java.lang.foreign.Arena arena = java.lang.foreign.Arena.ofConfined()) {
                MemorySegment nat = arena.allocate(n);
                long got = 0;
                boolean toHeap = true;
                long deadline = System.nanoTime() + 20_000_000_000L;
                while (got < n && System.nanoTime() < deadline) {
                    if (put < n) {
                        put += w.write(MemorySegment.ofArray(src), 7 + put, n - put);
                    }
                    long k = toHeap ? r.read(heap, 3 + got, Math.min(n - got, 5000))
                            : r.read(nat, got, Math.min(n - got, 70_000));
                    if (k > 0 && !toHeap) {
                        MemorySegment.copy(nat, got, heap, 3 + got, k);
                    }
                    got += Math.max(0, k);
                    toHeap = !toHeap;
                }
                assertEquals(n, got);
            }
            assertEquals(0, dst[0]);
            assertEquals(0, dst[2]);
            assertArrayEquals(java.util.Arrays.copyOfRange(src, 7, n + 7), java.util.Arrays.copyOfRange(dst, 3, n + 3));
            assertEquals(0, r.read(heap, 0, 1), "drained");
            assertEquals(0, r.read(heap, 0, 0), "a read of nothing");
            p[0].close();
            long deadline = System.nanoTime() + 10_000_000_000L;
            long end;
            while ((end = r.read(heap, 0, 10)) == 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(-1, end, "end of stream");
        } finally {
            p[0].close();
            p[1].close();
        }
    }
}
