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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameSink;
import jmpi.spi.TransportContext;

/**
 * One rank's endpoint of the tcp transport: one authenticated connection per peer, non-blocking
 * NIO on one {@link Selector}, moved only by the rank's own threads (no background thread). The
 * wire format is in docs/WIRE-TCP.md ({@link HandshakeDescriptor}, {@link jmpi.spi.FrameDescriptor}).
 *
 * <p>Connections are made eagerly in {@link #open}: the higher rank of each pair connects to the
 * lower, both sides authenticate each other, and {@code open} returns once every peer is connected
 * (open is collective, so every rank is driving its selector at the same time). Afterwards the
 * listening socket stays open only to refuse strangers (logged and closed, the endpoint goes on).
 *
 * <p>Concurrency contract:
 * <ul>
 *   <li>{@link #send}, {@link #wake}, {@link #hasIncoming}: any thread, any time. {@code send}
 *       queues the frame on the peer's {@link FrameWriter} and writes what the socket takes now
 *       (the writer's {@code tryLock} never waits for another writer).</li>
 *   <li>{@link #poll}: one thread at a time (the engine's progress lock). Only poll reads sockets,
 *       accepts, runs handshakes and records failures; it also writes every peer's queued frames.
 *       While another thread of the rank sits in {@code select} (parked), poll reads the
 *       established connections directly instead of selecting.</li>
 *   <li>{@link #park}: threads of the owning rank. The selector is used under
 *       {@code selectorLock} (tryLock): the first parker selects, a second one parks its thread for
 *       at most 1 ms. The parker raises {@code selecting}, then re-checks {@code ready} and the
 *       loopback queue; {@link #wake} publishes first (the caller's condition), then reads
 *       {@code selecting} and calls {@link Selector#wakeup()}: no lost wake-up (volatile, Dekker).</li>
 *   <li>{@link #close}: once, by the owner, when the rank no longer uses the endpoint.</li>
 * </ul>
 */
public final class TcpEndpoint implements Endpoint {
    private static final System.Logger LOG = System.getLogger(TcpEndpoint.class.getName());
    /** How long open waits for the bootstrap (addresses of the peers, the fence). */
    static final Duration BOOTSTRAP_TIMEOUT = Duration.ofSeconds(60);
    /** How long close tries to flush queued frames. */
    static final Duration CLOSE_FLUSH = Duration.ofSeconds(5);
    private static final long MAX_FALLBACK_PARK_NANOS = 1_000_000;

    private final int rank;
    private final int size;
    private final TcpConfig config;
    private final String jobId;
    private final byte[] secret;
    private final Selector selector;
    private final ServerSocketChannel server;
    private final Peer[] peers;
    private final Loopback loopback;
    private final SecureRandom random = new SecureRandom();
    /** Connections still in their handshake (open / poll thread only). */
    private final List<Connection> handshaking = new ArrayList<>();
    private final List<SelectionKey> ready = new ArrayList<>();
    private final ReentrantLock selectorLock = new ReentrantLock();
    private final Set<Thread> fallbackParkers = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean selecting;
    /** The first failure of an established connection: every later poll throws it. */
    private volatile String failure;
    private boolean opening = true;

    private TcpEndpoint(TransportContext ctx, TcpConfig config, Selector selector, ServerSocketChannel server) {
        this.rank = ctx.rank();
        this.size = ctx.size();
        this.config = config;
        this.jobId = ctx.jobId();
        this.secret = ctx.secret().clone();
        this.selector = selector;
        this.server = server;
        this.peers = new Peer[size];
        for (int p = 0; p < size; p++) {
            if (p != rank) {
                peers[p] = new Peer(p, rank);
            }
        }
        this.loopback = new Loopback(rank);
    }

    /** Listens, publishes {@code tcp.<rank>}, fences, connects to every lower rank and accepts every higher one. */
    static TcpEndpoint open(TransportContext ctx) throws IOException {
        TcpConfig config = TcpConfig.from(ctx);
        if (ctx.rank() < 0 || ctx.rank() >= ctx.size()) {
            throw new IllegalArgumentException("rank " + ctx.rank() + " outside a job of " + ctx.size());
        }
        if (ctx.secret() == null || ctx.secret().length == 0) {
            throw new IllegalArgumentException("tcp transport needs a non-empty job secret");
        }
        Selector selector = Selector.open();
        ServerSocketChannel server = null;
        TcpEndpoint ep = null;
        try {
            server = ServerSocketChannel.open();
            server.bind(new InetSocketAddress(config.address(), 0), Math.max(64, 2 * ctx.size()));
            server.configureBlocking(false);
            ep = new TcpEndpoint(ctx, config, selector, server);
            server.register(selector, SelectionKey.OP_ACCEPT, server);
            InetSocketAddress local = (InetSocketAddress) server.getLocalAddress();
            ctx.bootstrap().put("tcp." + ctx.rank(), hostPort(local));
            ctx.bootstrap().fence(BOOTSTRAP_TIMEOUT);
            ep.connectAll(ctx);
            ep.opening = false;
            for (Peer p : ep.peers) {
                if (p != null) {
                    p.connection.key.interestOps(SelectionKey.OP_READ);
                }
            }
            return ep;
        } catch (IOException | RuntimeException e) {
            if (ep != null) {
                ep.closeNow();
            } else {
                if (server != null) {
                    server.close();
                }
                selector.close();
            }
            throw e;
        }
    }

    static String hostPort(InetSocketAddress a) {
        String host = a.getAddress().getHostAddress();
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + a.getPort();
    }

    static InetSocketAddress parseHostPort(String s) {
        int colon = s.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("bad tcp address '" + s + "'");
        }
        String host = s.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return new InetSocketAddress(host, Integer.parseInt(s.substring(colon + 1)));
    }

    private void connectAll(TransportContext ctx) throws IOException {
        long limit = Math.max(config.handshake().toNanos(), BOOTSTRAP_TIMEOUT.toNanos());
        long deadline = System.nanoTime() + limit;
        for (int p = 0; p < rank; p++) {
            InetSocketAddress addr = parseHostPort(ctx.bootstrap().get("tcp." + p, BOOTSTRAP_TIMEOUT));
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
        while (!allConnected()) {
            if (failure != null) {
                throw new IOException(failure);
            }
            if (System.nanoTime() > deadline) {
                throw new IOException("tcp: rank " + rank + " could not connect to ranks " + missing() + " within "
                        + Duration.ofNanos(limit).toMillis() + " ms");
            }
            ready.clear();
            selector.select(ready::add, 10);
            for (SelectionKey k : ready) {
                handle(k, null);
            }
            expireHandshakes();
        }
    }

    private boolean allConnected() {
        for (Peer p : peers) {
            if (p != null && p.connection == null) {
                return false;
            }
        }
        return true;
    }

    private List<Integer> missing() {
        List<Integer> m = new ArrayList<>();
        for (Peer p : peers) {
            if (p != null && p.connection == null) {
                m.add(p.rank);
            }
        }
        return m;
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

    // ---------------------------------------------------------------- Endpoint

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public void send(int dest, Frame frame) {
        if (dest < 0 || dest >= size) {
            throw new IllegalArgumentException("destination rank " + dest + " outside a job of " + size);
        }
        if (closed.get()) {
            throw new IllegalStateException("tcp: rank " + rank + ": endpoint closed");
        }
        long bytes = jmpi.spi.FrameDescriptor.payloadBytes(frame);
        if (frame.kind == Frame.EAGER && bytes > config.maxFrame()) {
            throw new IllegalArgumentException("EAGER frame of " + bytes + " bytes exceeds " + TcpConfig.MAX_FRAME
                    + "=" + config.maxFrame());
        }
        if (dest == rank) {
            loopback.add(frame);
            if (frame.ack != null) {
                frame.ack.complete(0);
            }
            wake();
            return;
        }
        Peer p = peers[dest];
        String broken = p.broken;
        if (broken != null) {
            throw new IllegalStateException(broken);
        }
        if (p.closedByPeer) {
            throw new IllegalStateException("tcp: rank " + rank + ": rank " + dest + " has closed its connection");
        }
        p.writer.enqueue(frame);
        Connection c = p.connection;
        if (c != null) {
            try {
                p.writer.flush(c.channel);
            } catch (IOException e) {
                // Reported by the next poll (only the polling thread closes connections).
                if (p.broken == null) {
                    p.broken = "tcp: rank " + rank + ": writing to rank " + dest + " failed: " + e.getMessage();
                }
            }
        }
    }

    @Override
    public int smallMessageLimit() {
        return 0;
    }

    @Override
    public boolean trySendSmall(int dest, int context, int source, int tag, int typeCode, Object array, int offset,
                                int count, java.lang.foreign.ValueLayout layout) {
        return false;
    }

    @Override
    public int poll(FrameSink sink) {
        throwIfFailed();
        int moved = loopback.drain(sink);
        moved += flushAll();
        if (selectorLock.tryLock()) {
            try {
                ready.clear();
                selector.selectNow(ready::add);
                for (SelectionKey k : ready) {
                    moved += handle(k, sink);
                }
                if (!handshaking.isEmpty()) {
                    expireHandshakes();
                }
            } catch (IOException e) {
                fail("tcp: rank " + rank + ": selector failed: " + e);
            } finally {
                selectorLock.unlock();
            }
        } else {
            // Another thread of this rank is parked in select: read the connections directly.
            for (Peer p : peers) {
                Connection c = p == null ? null : p.connection;
                if (c != null && c.state == Connection.State.ESTABLISHED) {
                    moved += readFrames(c, sink);
                }
            }
        }
        moved += flushAll();
        throwIfFailed();
        return moved;
    }

    @Override
    public boolean hasIncoming() {
        if (failure != null || !loopback.isEmpty()) {
            return true;
        }
        // The engine polls only when this says yes: queued output must be moved by poll too.
        for (Peer p : peers) {
            if (p != null && (p.writer.hasWork() || p.broken != null)) {
                return true;
            }
        }
        if (closed.get() || !selectorLock.tryLock()) {
            return true;
        }
        try {
            boolean[] any = new boolean[1];
            selector.selectNow(k -> {
                if ((k.readyOps() & (SelectionKey.OP_READ | SelectionKey.OP_ACCEPT | SelectionKey.OP_CONNECT)) != 0) {
                    any[0] = true;
                }
            });
            return any[0] || !handshaking.isEmpty();
        } catch (IOException e) {
            return true;
        } finally {
            selectorLock.unlock();
        }
    }

    @Override
    public boolean sharesMemoryWith(int peer) {
        return false;
    }

    @Override
    public void park(long maxNanos, BooleanSupplier readyCondition) {
        if (closed.get() || maxNanos <= 0) {
            return;
        }
        if (maxNanos < 1_000_000 || !selectorLock.tryLock()) {
            Thread me = Thread.currentThread();
            fallbackParkers.add(me);
            try {
                if (!readyCondition.getAsBoolean() && loopback.isEmpty()) {
                    LockSupport.parkNanos(this, Math.min(maxNanos, MAX_FALLBACK_PARK_NANOS));
                }
            } finally {
                fallbackParkers.remove(me);
            }
            return;
        }
        try {
            selecting = true;
            if (readyCondition.getAsBoolean() || !loopback.isEmpty() || failure != null) {
                return;
            }
            for (Peer p : peers) {
                Connection c = p == null ? null : p.connection;
                if (c != null && c.state == Connection.State.ESTABLISHED) {
                    try {
                        c.key.interestOps(SelectionKey.OP_READ | (p.writer.hasWork() ? SelectionKey.OP_WRITE : 0));
                    } catch (java.nio.channels.CancelledKeyException e) {
                        // closed meanwhile by a poll on another thread
                    }
                }
            }
            selector.select(k -> { }, Math.max(1, TimeUnit.NANOSECONDS.toMillis(maxNanos)));
        } catch (IOException | java.nio.channels.ClosedSelectorException e) {
            // A spurious return: the caller re-checks; poll reports a broken selector.
        } finally {
            selecting = false;
            selectorLock.unlock();
        }
    }

    @Override
    public void wake() {
        if (selecting) {
            selector.wakeup();
        }
        if (!fallbackParkers.isEmpty()) {
            for (Thread t : fallbackParkers) {
                LockSupport.unpark(t);
            }
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        long deadline = System.nanoTime() + CLOSE_FLUSH.toNanos();
        selectorLock.lock();
        try {
            while (true) {
                boolean pending = false;
                for (Peer p : peers) {
                    Connection c = p == null ? null : p.connection;
                    if (c == null || p.broken != null || c.state != Connection.State.ESTABLISHED) {
                        continue;
                    }
                    try {
                        p.writer.flush(c.channel);
                    } catch (IOException e) {
                        p.broken = "tcp: rank " + rank + ": writing to rank " + p.rank + " failed: " + e.getMessage();
                        continue;
                    }
                    if (!c.key.isValid()) {
                        continue;
                    }
                    if (p.writer.hasWork()) {
                        pending = true;
                        c.key.interestOps(SelectionKey.OP_WRITE);
                    } else {
                        c.key.interestOps(0);
                    }
                }
                if (!pending) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    LOG.log(Level.WARNING, "tcp: rank {0}: closing with frames still queued after {1} ms", rank,
                            CLOSE_FLUSH.toMillis());
                    break;
                }
                selector.select(k -> { }, 10);
            }
        } catch (IOException e) {
            LOG.log(Level.WARNING, "tcp: rank " + rank + ": error while flushing at close", e);
        } finally {
            selectorLock.unlock();
        }
        closeNow();
    }

    /** Closes every channel and the selector at once (no flushing). */
    private void closeNow() {
        closed.set(true);
        ByteBuffer discard = ByteBuffer.allocate(64 * 1024);
        for (Peer p : peers) {
            Connection c = p == null ? null : p.connection;
            if (c != null) {
                // Unread input makes the kernel reset the connection, and a reset can destroy data the peer
                // has not read yet: take what is there (non-blocking), then close after our last byte.
                try {
                    while (c.channel.isOpen() && c.channel.read(discard.clear()) > 0) {
                        // discarded
                    }
                    c.channel.shutdownOutput();
                } catch (IOException e) {
                    // closing anyway
                }
                closeQuietly(c);
            }
        }
        for (Connection c : handshaking) {
            closeQuietly(c);
        }
        handshaking.clear();
        try {
            server.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "tcp: closing the listening socket", e);
        }
        try {
            selector.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "tcp: closing the selector", e);
        }
    }

    // ---------------------------------------------------------------- progress internals

    private void throwIfFailed() {
        String f = failure;
        if (f == null) {
            for (Peer p : peers) {
                if (p != null && p.broken != null) {
                    fail(p.broken);
                    f = failure;
                    break;
                }
            }
        }
        if (f != null) {
            throw new IllegalStateException(f);
        }
    }

    private void fail(String message) {
        if (failure == null) {
            failure = message;
            LOG.log(Level.ERROR, message);
        }
    }

    private int flushAll() {
        int moved = 0;
        for (Peer p : peers) {
            if (p == null || p.broken != null || !p.writer.hasWork()) {
                continue;
            }
            Connection c = p.connection;
            if (c == null || c.state != Connection.State.ESTABLISHED) {
                continue;
            }
            try {
                moved += p.writer.flush(c.channel);
            } catch (IOException e) {
                breakPeer(p, c, "writing to rank " + p.rank + " failed: " + e.getMessage());
            }
        }
        return moved;
    }

    /** Handles one ready key; returns frames delivered. */
    private int handle(SelectionKey k, FrameSink sink) {
        if (!k.isValid()) {
            return 0;
        }
        if (k.attachment() == server) {
            if (k.isAcceptable()) {
                acceptAll();
            }
            return 0;
        }
        Connection c = (Connection) k.attachment();
        if (c.state == Connection.State.ESTABLISHED) {
            return sink != null && k.isReadable() ? readFrames(c, sink) : 0;
        }
        if (c.state == Connection.State.CLOSED) {
            return 0;
        }
        try {
            if (c.state == Connection.State.CONNECTING) {
                if (!k.isConnectable() || !c.channel.finishConnect()) {
                    return 0;
                }
                c.state = Connection.State.AWAIT_CHALLENGE;
                k.interestOps(SelectionKey.OP_READ);
            }
            advanceHandshake(c);
        } catch (IOException e) {
            refuse(c, "I/O error during the handshake: " + e.getMessage());
        }
        return 0;
    }

    private int readFrames(Connection c, FrameSink sink) {
        Peer p = peers[c.peer];
        try {
            int n = c.reader.readFrom(c.channel, sink);
            if (c.reader.endOfStream()) {
                p.closedByPeer = true;
                c.state = Connection.State.CLOSED;
                closeQuietly(c);
                if (p.writer.hasWork()) {
                    breakPeer(p, c, "rank " + p.rank + " closed its connection with frames still queued for it");
                } else {
                    LOG.log(Level.DEBUG, "tcp: rank {0}: rank {1} closed its connection", rank, p.rank);
                }
            }
            return n;
        } catch (WireException e) {
            breakPeer(p, c, "broken frame stream from rank " + p.rank + ": " + e.getMessage());
        } catch (IOException e) {
            breakPeer(p, c, "reading from rank " + p.rank + " failed: " + e.getMessage());
        }
        return 0;
    }

    private void breakPeer(Peer p, Connection c, String what) {
        String message = "tcp: rank " + rank + ": " + what;
        if (p.broken == null) {
            p.broken = message;
        }
        c.state = Connection.State.CLOSED;
        closeQuietly(c);
        fail(message);
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
                advanceHandshake(c);
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
    private void advanceHandshake(Connection c) throws IOException {
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
            } else if (peers[from].connection != null || peers[from].broken != null) {
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

    private void established(Connection c) {
        c.state = Connection.State.ESTABLISHED;
        c.hsIn = null;
        c.reader = new FrameReader(c.peer, config.maxFrame());
        handshaking.remove(c);
        if (opening) {
            c.key.interestOps(0); // frames wait in the socket until open returns and poll reads them
        }
        Peer p = peers[c.peer];
        p.connection = c; // publishes the connection to senders
        LOG.log(Level.DEBUG, "tcp: rank {0}: connected to rank {1} ({2})", rank, c.peer, c.remote);
        if (!opening && p.writer.hasWork()) {
            try {
                p.writer.flush(c.channel);
            } catch (IOException e) {
                breakPeer(p, c, "writing to rank " + p.rank + " failed: " + e.getMessage());
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
        closeQuietly(c);
        if (c.connector) {
            Peer p = peers[c.peer];
            p.broken = "tcp: rank " + rank + ": connection to rank " + c.peer + " at " + c.remote
                    + " failed its handshake: " + why;
            fail(p.broken);
        } else {
            LOG.log(Level.WARNING, "tcp: rank {0}: refused connection from {1}: {2}", rank, c.remote, why);
        }
    }

    private void expireHandshakes() {
        long now = System.nanoTime();
        for (Connection c : List.copyOf(handshaking)) {
            if (now - c.deadline > 0) {
                refuse(c, "handshake not completed within " + config.handshake().toMillis() + " ms");
            }
        }
    }

    private static void closeQuietly(Connection c) {
        try {
            if (c.key != null) {
                c.key.cancel();
            }
            c.channel.close();
        } catch (IOException e) {
            LOG.log(Level.DEBUG, "tcp: closing a connection", e);
        }
    }
}
