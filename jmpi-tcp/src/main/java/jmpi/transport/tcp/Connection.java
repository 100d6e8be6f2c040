package jmpi.transport.tcp;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/**
 * One TCP connection and where it stands in the handshake ({@link HandshakeDescriptor}). Before
 * it is established it belongs to no peer; once established its {@link #reader} reads frames and
 * the peer's {@link FrameWriter} writes them.
 *
 * <p>Concurrency: the handshake fields and {@link #reader} are used only by the thread that opens
 * or polls the endpoint; {@link #channel} is written to by any thread through the peer's writer once
 * {@link Peer#connection} is published (a volatile write that follows the last handshake write).
 */
final class Connection {
    /** The transport's one logger, named after {@link TcpEndpoint} (docs/WIRE-TCP.md). */
    private static final System.Logger LOG = System.getLogger(TcpEndpoint.class.getName());

    enum State {
        /** Connector: non-blocking connect in progress. */
        CONNECTING,
        /** Connector: waiting for CHALLENGE. */
        AWAIT_CHALLENGE,
        /** Connector: RESPONSE sent (or being sent), waiting for CONFIRM. */
        AWAIT_CONFIRM,
        /** Acceptor: CHALLENGE sent (or being sent), waiting for RESPONSE. */
        AWAIT_RESPONSE,
        /** Acceptor: RESPONSE checked, CONFIRM still being written. */
        SENDING_CONFIRM,
        ESTABLISHED,
        CLOSED
    }

    final SocketChannel channel;
    final boolean connector;
    SelectionKey key;
    State state;
    /** Peer's world rank: the dialled rank for a connector, known after RESPONSE for an acceptor (else -1). */
    int peer;
    /** Handshake bytes to write (null when none). */
    ByteBuffer hsOut;
    /** Handshake message being read, sized to the expected message. */
    ByteBuffer hsIn;
    /** The nonce this side sent. */
    byte[] nonce;
    /** System.nanoTime() by which the handshake must be done. */
    long deadline;
    /** Remote address, for messages. */
    String remote;
    FrameReader reader;

    Connection(SocketChannel channel, boolean connector, int peer, long deadline) {
        this.channel = channel;
        this.connector = connector;
        this.peer = peer;
        this.deadline = deadline;
        String r;
        try {
            r = String.valueOf(channel.getRemoteAddress());
        } catch (java.io.IOException e) {
            r = "?";
        }
        this.remote = r;
    }

    /** Cancels the key and closes the channel; a failure to close is only logged. */
    void closeQuietly() {
        try {
            if (key != null) {
                key.cancel();
            }
            channel.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "tcp: closing a connection", e);
        }
    }
}
