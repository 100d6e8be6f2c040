package jmpi.transport.tcp;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A hand-driven client socket speaking (or mis-speaking) the tcp transport's handshake, written
 * from docs/WIRE-TCP.md with plain blocking I/O, for tests.
 */
final class RawPeer implements AutoCloseable {
    final Socket socket;
    final InputStream in;
    final OutputStream out;

    RawPeer(InetSocketAddress address) throws IOException {
        socket = new Socket();
        socket.connect(address, 5000);
        socket.setSoTimeout(10_000);
        in = socket.getInputStream();
        out = socket.getOutputStream();
    }

    static ByteBuffer le(int bytes) {
        return ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    byte[] readExactly(int n) throws IOException {
        byte[] b = new byte[n];
        new DataInputStream(in).readFully(b);
        return b;
    }

    /** Reads the CHALLENGE; returns the acceptor's nonce. */
    byte[] readChallenge(int expectedRank) throws IOException {
        ByteBuffer c = ByteBuffer.wrap(readExactly(48)).order(ByteOrder.LITTLE_ENDIAN);
        if (c.getInt(0) != 0x54504d4a || c.getShort(4) != 2 || c.getShort(6) != 1 || c.getInt(8) != expectedRank
                || c.getInt(12) != 0x0f) {
            throw new AssertionError("bad CHALLENGE (magic, version 2, type 1, rank, representation 0x0f little-endian IEEE)");
        }
        byte[] nonce = new byte[32];
        c.get(16, nonce);
        return nonce;
    }

    /** Sends a RESPONSE as {@code rank}, with an HMAC keyed by {@code secret}; returns the nonce sent. */
    byte[] respond(int rank, byte[] theirNonce, byte[] secret, String jobId) throws IOException {
        return respond(rank, theirNonce, secret, jobId, ByteOrder.LITTLE_ENDIAN, 0x0f);
    }

    /** The same as a peer writing in {@code order} and stating {@code representation}. */
    byte[] respond(int rank, byte[] theirNonce, byte[] secret, String jobId, ByteOrder order, int representation) throws IOException {
        byte[] mine = new byte[32];
        new java.util.Random(rank).nextBytes(mine);
        ByteBuffer r = le(80).order(order).putInt(0x54504d4a).putShort((short) 2).putShort((short) 2).putInt(rank)
                .putInt(representation).put(mine).put(HandshakeDescriptor.mac(secret, theirNonce, jobId, rank));
        out.write(r.array());
        out.flush();
        return mine;
    }

    /** Reads the CONFIRM and checks the acceptor's HMAC. */
    void readConfirm(int acceptor, byte[] myNonce, byte[] secret, String jobId) throws IOException {
        ByteBuffer c = ByteBuffer.wrap(readExactly(48)).order(ByteOrder.LITTLE_ENDIAN);
        byte[] mac = new byte[32];
        c.get(16, mac);
        if (c.getShort(6) != 3 || c.getInt(8) != acceptor
                || !java.util.Arrays.equals(mac, HandshakeDescriptor.mac(secret, myNonce, jobId, acceptor))) {
            throw new AssertionError("bad CONFIRM");
        }
    }

    /** True once the other side closed the connection (EOF or reset), within the socket's timeout. */
    boolean closedByOtherSide() throws IOException {
        try {
            while (true) {
                if (in.read() < 0) {
                    return true;
                }
            }
        } catch (SocketTimeoutException e) {
            return false;
        } catch (IOException e) {
            return true; // connection reset
        }
    }

    void send(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
