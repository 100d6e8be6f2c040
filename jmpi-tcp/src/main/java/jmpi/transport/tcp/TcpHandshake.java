package jmpi.transport.tcp;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import jmpi.spi.TransportContext;

/**
 * Connection establishment and mutual authentication for one {@link TcpEndpoint}: dialling the lower
 * ranks, accepting on the listening socket, and the CHALLENGE / RESPONSE / CONFIRM handshake of
 * docs/WIRE-TCP.md section 2 ({@link HandshakeDescriptor}), with fresh nonces and HMACs over the job
 * secret. A connection that completes it is published as its {@link Peer}'s connection (and from
 * then on moves frames through {@link Peers}).
 *
 * <p>Failures: an accepted connection that fails its handshake (or does not finish it within
 * {@code jmpi.tcp.handshakeMillis}) is closed and logged at {@code WARNING} ("refused connection
 * from ..."), and the endpoint goes on; a connection this rank dialled to a peer of the job makes
 * that peer broken and fails the endpoint ({@link Peers#fail}).
 *
 * <p>Concurrency contract: not thread-safe. It is used by the thread that runs {@link #connectAll}
 * during open (before the endpoint is published), then only by a thread holding the endpoint's
 * selector lock: the polling thread ({@link #handle}, {@link #expire}) and {@code hasIncoming}
 * ({@link #inProgress}); {@link #closeAll} runs at close, when the rank no longer uses the endpoint.
 * Senders see a connection only through the volatile {@link Peer#connection}, written after the
 * connection's last handshake write.
 */
final class TcpHandshake {
    /** The transport's one logger, named after {@link TcpEndpoint} (docs/WIRE-TCP.md). */
    private static final System.Logger LOG = System.getLogger(TcpEndpoint.class.getName());

    private final int rank;
    private final int size;
    private final String jobId;
    private final byte[] secret;
    private final TcpConfig config;
    private final Selector selector;
    private final ServerSocketChannel server;
    private final Peers peers;
    private final SecureRandom random = new SecureRandom();
    /** Connections still in their handshake. */
    private final List<Connection> handshaking = new ArrayList<>();
    private final List<SelectionKey> ready = new ArrayList<>();
    /** Until {@link #connectAll} returns, established connections are not read (open has no sink). */
    private boolean opening = true;

    TcpHandshake(TransportContext ctx, TcpConfig config, Selector selector, ServerSocketChannel server, Peers peers) {
        this.rank = ctx.rank();
        this.size = ctx.size();
        this.jobId = ctx.jobId();
        this.secret = ctx.secret().clone();
        this.config = config;
        this.selector = selector;
        this.server = server;
        this.peers = peers;
    }

    /**
     * Dials every lower rank (addresses from the bootstrap) and drives the selector until every peer
     * is connected, both ways authenticated; then turns on reading for every connection.
     *
     * @throws IOException a dialled peer failed its handshake, or not all peers connected in time
     */
    void connectAll(TransportContext ctx) throws IOException {
        long limit = Math.max(config.handshake().toNanos(), TcpEndpoint.BOOTSTRAP_TIMEOUT.toNanos());
        long deadline = System.nanoTime() + limit;
        for (int p = 0; p < rank; p++) {
            if (peers.get(p) == null) {
                continue; // another transport carries this pair
            }
            InetSocketAddress addr = TcpEndpoint.parseHostPort(
                    ctx.bootstrap().get("tcp." + p, TcpEndpoint.BOOTSTRAP_TIMEOUT));
            SocketChannel ch = SocketChannel.open();
            configure(ch);
            Connection c = new Connection(ch, true, p, deadline);
            c.remote = addr.toString();
            c.state = Connection.State.CONNECTING;
            c.hsIn = ByteBuffer.allocate(HandshakeDescriptor.CHALLENGE_BYTES);
            handshaking.add(c);
            if (ch.connect(addr)) {
                c.state = Connection.State.AWAIT_CHALLENGE;
                c.key = ch.register(selector, SelectionKey.OP_READ, c);
            } else {
                c.key = ch.register(selector, SelectionKey.OP_CONNECT, c);
            }
        }
        while (!peers.allConnected()) {
            String failure = peers.failure();
            if (failure != null) {
                throw new IOException(failure);
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("tcp: rank " + rank + " could not connect to ranks " + peers.missing()
                        + " within " + Duration.ofNanos(limit).toMillis() + " ms");
            }
            ready.clear();
            selector.select(ready::add, 10);
            for (SelectionKey k : ready) {
                handle(k);
            }
            expire();
        }
        opening = false;
        for (int p = 0; p < size; p++) {
            if (p != rank && peers.get(p) != null) {
                peers.get(p).connection.key.interestOps(SelectionKey.OP_READ);
            }
        }
    }

    /** Whether some connection is still in its handshake. */
    boolean inProgress() {
        return !handshaking.isEmpty();
    }

    /**
     * Handles a ready key of the listening socket (accepts) or of a connection in its handshake
     * (advances it). Keys of established or closed connections are left alone.
     */
    void handle(SelectionKey k) {
        if (!k.isValid()) {
            return;
        }
        if (k.attachment() == server) {
            if (k.isAcceptable()) {
                acceptAll();
            }
            return;
        }
        Connection c = (Connection) k.attachment();
        if (c.state == Connection.State.ESTABLISHED || c.state == Connection.State.CLOSED) {
            return;
        }
        try {
            if (c.state == Connection.State.CONNECTING) {
                if (!k.isConnectable() || !c.channel.finishConnect()) {
                    return;
                }
                c.state = Connection.State.AWAIT_CHALLENGE;
                k.interestOps(SelectionKey.OP_READ);
            }
            advance(c);
        } catch (IOException e) {
            refuse(c, "I/O error during the handshake: " + e.getMessage());
        }
    }

    /** Refuses every connection whose handshake has passed its deadline. */
    void expire() {
        if (handshaking.isEmpty()) {
            return;
        }
        long now = System.nanoTime();
        for (Connection c : List.copyOf(handshaking)) {
            if (now - c.deadline > 0) {
                refuse(c, "handshake not completed within " + config.handshake().toMillis() + " ms");
            }
        }
    }

    /** Closes every connection still in its handshake. */
    void closeAll() {
        for (Connection c : handshaking) {
            c.closeQuietly();
        }
        handshaking.clear();
    }

    private void configure(SocketChannel ch) throws IOException {
        ch.configureBlocking(false);
        ch.setOption(StandardSocketOptions.TCP_NODELAY, config.noDelay());
        if (config.sendBuffer() > 0) {
            ch.setOption(StandardSocketOptions.SO_SNDBUF, config.sendBuffer());
        }
        if (config.receiveBuffer() > 0) {
            ch.setOption(StandardSocketOptions.SO_RCVBUF, config.receiveBuffer());
        }
    }

    private void acceptAll() {
        while (true) {
            SocketChannel ch;
            try {
                ch = server.accept();
                if (ch == null) {
                    return;
                }
            } catch (IOException e) {
                LOG.log(Level.WARNING, "tcp: rank " + rank + ": accept failed", e);
                return;
            }
            Connection c = null;
            try {
                configure(ch);
                c = new Connection(ch, false, -1, System.nanoTime() + config.handshake().toNanos());
                c.key = ch.register(selector, SelectionKey.OP_READ, c);
                c.nonce = nonce();
                c.hsOut = HandshakeDescriptor.message(HandshakeDescriptor.CHALLENGE, rank, c.nonce);
                c.hsIn = ByteBuffer.allocate(HandshakeDescriptor.RESPONSE_BYTES);
                c.state = Connection.State.AWAIT_RESPONSE;
                handshaking.add(c);
                advance(c);
            } catch (IOException e) {
                if (c != null) {
                    refuse(c, "I/O error: " + e.getMessage());
                } else {
                    try {
                        ch.close();
                    } catch (IOException ignored) {
                        // already failing
                    }
                }
            }
        }
    }

    private byte[] nonce() {
        byte[] n = new byte[HandshakeDescriptor.NONCE_BYTES];
        random.nextBytes(n);
        return n;
    }

    /** Writes pending handshake bytes, reads the expected message and acts on it when complete. */
    private void advance(Connection c) throws IOException {
        while (c.state != Connection.State.ESTABLISHED && c.state != Connection.State.CLOSED) {
            if (c.hsOut != null) {
                c.channel.write(c.hsOut);
                if (c.hsOut.hasRemaining()) {
                    c.key.interestOps(c.key.interestOps() | SelectionKey.OP_WRITE);
                    return;
                }
                c.hsOut = null;
                c.key.interestOps(SelectionKey.OP_READ);
                if (c.state == Connection.State.SENDING_CONFIRM) {
                    established(c);
                    return;
                }
            }
            int n = c.channel.read(c.hsIn);
            if (n < 0) {
                refuse(c, "closed during the handshake after " + c.hsIn.position() + " bytes of "
                        + c.hsIn.capacity());
                return;
            }
            if (c.hsIn.hasRemaining()) {
                return;
            }
            c.hsIn.flip();
            switch (c.state) {
                case AWAIT_CHALLENGE -> onChallenge(c);
                case AWAIT_RESPONSE -> onResponse(c);
                case AWAIT_CONFIRM -> onConfirm(c);
                default -> throw new IllegalStateException("handshake state " + c.state);
            }
        }
    }

    /** Connector: the listener's CHALLENGE arrived; answer with our RESPONSE. */
    private void onChallenge(Connection c) {
        String bad = HandshakeDescriptor.checkPrologue(c.hsIn, HandshakeDescriptor.CHALLENGE);
        int from = HandshakeDescriptor.rankOf(c.hsIn);
        if (bad == null && from != c.peer) {
            bad = "the listener at rank " + c.peer + "'s address says it is rank " + from;
        }
        if (bad != null) {
            refuse(c, bad);
            return;
        }
        byte[] theirNonce = HandshakeDescriptor.bytesAt(c.hsIn, HandshakeDescriptor.BODY_AT,
                HandshakeDescriptor.NONCE_BYTES);
        c.nonce = nonce();
        c.hsOut = HandshakeDescriptor.message(HandshakeDescriptor.RESPONSE, rank, c.nonce,
                HandshakeDescriptor.mac(secret, theirNonce, jobId, rank));
        c.hsIn = ByteBuffer.allocate(HandshakeDescriptor.CONFIRM_BYTES);
        c.state = Connection.State.AWAIT_CONFIRM;
    }

    /** Acceptor: the connector's RESPONSE arrived; check it and answer with CONFIRM. */
    private void onResponse(Connection c) {
        String bad = HandshakeDescriptor.checkPrologue(c.hsIn, HandshakeDescriptor.RESPONSE);
        int from = HandshakeDescriptor.rankOf(c.hsIn);
        if (bad == null) {
            byte[] want = HandshakeDescriptor.mac(secret, c.nonce, jobId, from);
            byte[] got = HandshakeDescriptor.bytesAt(c.hsIn, HandshakeDescriptor.RESPONSE_MAC_AT,
                    HandshakeDescriptor.MAC_BYTES);
            if (!HandshakeDescriptor.sameMac(want, got)) {
                bad = "wrong authentication code (claims rank " + from + ")";
            } else if (from <= rank || from >= size) {
                bad = "rank " + from + " may not connect to rank " + rank + " (only ranks above it, below " + size + ")";
            } else if (peers.get(from) == null) {
                bad = "rank " + from + " is not reached by tcp from rank " + rank + " in this job";
            } else if (peers.get(from).connection != null || peers.get(from).broken != null) {
                bad = "rank " + from + " is already connected";
            }
        }
        if (bad != null) {
            refuse(c, bad);
            return;
        }
        c.peer = from;
        byte[] theirNonce = HandshakeDescriptor.bytesAt(c.hsIn, HandshakeDescriptor.BODY_AT,
                HandshakeDescriptor.NONCE_BYTES);
        c.hsOut = HandshakeDescriptor.message(HandshakeDescriptor.CONFIRM, rank,
                HandshakeDescriptor.mac(secret, theirNonce, jobId, rank));
        c.state = Connection.State.SENDING_CONFIRM;
    }

    /** Connector: the listener's CONFIRM arrived; check it. */
    private void onConfirm(Connection c) {
        String bad = HandshakeDescriptor.checkPrologue(c.hsIn, HandshakeDescriptor.CONFIRM);
        if (bad == null && HandshakeDescriptor.rankOf(c.hsIn) != c.peer) {
            bad = "CONFIRM names rank " + HandshakeDescriptor.rankOf(c.hsIn);
        }
        if (bad == null) {
            byte[] want = HandshakeDescriptor.mac(secret, c.nonce, jobId, c.peer);
            byte[] got = HandshakeDescriptor.bytesAt(c.hsIn, HandshakeDescriptor.BODY_AT, HandshakeDescriptor.MAC_BYTES);
            if (!HandshakeDescriptor.sameMac(want, got)) {
                bad = "wrong authentication code from the listener (not a rank of this job?)";
            }
        }
        if (bad != null) {
            refuse(c, bad);
            return;
        }
        established(c);
    }

    /** Both sides are authenticated: publish the connection to its peer and flush what was queued. */
    private void established(Connection c) {
        c.state = Connection.State.ESTABLISHED;
        c.hsIn = null;
        c.reader = new FrameReader(c.peer, config.maxFrame(), config.direct());
        handshaking.remove(c);
        if (opening) {
            c.key.interestOps(0); // frames wait in the socket until open returns and poll reads them
        }
        Peer p = peers.get(c.peer);
        p.connection = c; // publishes the connection to senders
        LOG.log(Level.DEBUG, "tcp: rank {0}: connected to rank {1} ({2})", rank, c.peer, c.remote);
        if (!opening && p.writer.hasWork()) {
            try {
                p.writer.flush(c.channel);
            } catch (IOException e) {
                peers.breakPeer(p, c, "writing to rank " + p.rank + " failed: " + e.getMessage());
            }
        }
    }

    /**
     * A handshake failed. An accepted connection is logged and closed (the endpoint goes on); a
     * connection this rank dialled to a peer of the job makes that peer unreachable.
     */
    private void refuse(Connection c, String why) {
        handshaking.remove(c);
        c.state = Connection.State.CLOSED;
        c.closeQuietly();
        if (c.connector) {
            Peer p = peers.get(c.peer);
            p.broken = "tcp: rank " + rank + ": connection to rank " + c.peer + " at " + c.remote
                    + " failed its handshake: " + why;
            peers.fail(p.broken);
        } else {
            LOG.log(Level.WARNING, "tcp: rank {0}: refused connection from {1}: {2}", rank, c.remote, why);
        }
    }
}
