package jmpi.transport.tcp;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetSocketAddress;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
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
 * Connecting and authenticating is {@link TcpHandshake}'s; the peers, the frames over their
 * established connections and the endpoint's failure are {@link Peers}'.
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
 *       accepts, runs handshakes ({@link TcpHandshake}) and records failures; it also writes every
 *       peer's queued frames.
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
    /** The transport's one logger (docs/WIRE-TCP.md); {@link TcpHandshake} and {@link Peers} log here too. */
    private static final System.Logger LOG = System.getLogger(TcpEndpoint.class.getName());
    /** How long open waits for the bootstrap (addresses of the peers, the fence). */
    static final Duration BOOTSTRAP_TIMEOUT = Duration.ofSeconds(60);
    /** How long close tries to flush queued frames. */
    static final Duration CLOSE_FLUSH = Duration.ofSeconds(5);
    private static final long MAX_FALLBACK_PARK_NANOS = 1_000_000;
    /**
     * Up to this many peers, poll reads every established connection directly (one {@code read}
     * system call per peer) instead of asking the selector first, and {@link #hasIncoming} does no
     * system call at all: on a spinning wait a {@code selectNow} before each read only doubles the
     * system calls per message.
     */
    static final int DIRECT_READ_PEERS = 3;
    /** The eager limit this transport asks for when {@code jmpi.eager.limit} is not set. */
    static final int EAGER_LIMIT = 32 * 1024;
    /** In direct-read mode, poll still selects (accepts, handshakes) at least every this many polls. */
    private static final int SELECT_EVERY = 64;

    private final int rank;
    private final int size;
    private final TcpConfig config;
    private final Selector selector;
    private final ServerSocketChannel server;
    private final Peers peers;
    private final TcpHandshake handshake;
    private final Loopback loopback;
    private final List<SelectionKey> ready = new ArrayList<>();
    /** Keys found ready by {@link #hasIncoming} and not yet handled by poll (guarded by selectorLock). */
    private final List<SelectionKey> probed = new ArrayList<>();
    private final boolean directRead;
    /** Polls since poll last selected (direct-read mode; the polling thread only). */
    private int pollsSinceSelect;
    /** A parker's select saw ready keys: the next poll selects (direct-read mode). */
    private volatile boolean selectWanted;
    private final ReentrantLock selectorLock = new ReentrantLock();
    private final Set<Thread> fallbackParkers = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean selecting;
    /** Each rank's host name as the launcher told it (entries null when unknown). */
    private final String[] hosts;
    /** Each rank's cluster name as the launcher told it (entries null for none: ranks without one form one cluster). */
    private final String[] clusters;

    private TcpEndpoint(TransportContext ctx, TcpConfig config, Selector selector, ServerSocketChannel server) {
        this.rank = ctx.rank();
        this.size = ctx.size();
        this.config = config;
        this.selector = selector;
        this.server = server;
        this.peers = new Peers(rank, size, ctx::reaches, config.direct(), config.maxFrame());
        this.handshake = new TcpHandshake(ctx, config, selector, server, peers);
        this.loopback = new Loopback(rank);
        this.directRead = size - 1 <= DIRECT_READ_PEERS;
        this.hosts = new String[size];
        this.clusters = new String[size];
        for (int p = 0; p < size; p++) {
            hosts[p] = ctx.host(p);
            clusters[p] = ctx.cluster(p);
        }
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
            ep.handshake.connectAll(ctx);
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
        Peer p = peers.get(dest);
        if (p == null) {
            throw new IllegalArgumentException("tcp: rank " + rank + " does not reach rank " + dest
                    + " (another transport of this job carries that pair)");
        }
        String broken = p.broken;
        if (broken != null) {
            throw new IllegalStateException(broken);
        }
        if (p.closedByPeer) {
            throw new IllegalStateException("tcp: rank " + rank + ": rank " + dest + " has closed its connection");
        }
        Connection c = p.connection;
        if (frame.kind == Frame.CTS && c != null && c.reader != null) {
            c.reader.expectData(); // before the CTS leaves: the DATA answering it cannot come earlier
        }
        p.writer.enqueue(frame);
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

    /**
     * 32 KiB: sent eagerly (through {@link #trySendSmall}, one copy into the staging buffer), a 32 KiB
     * message streams about twice as fast as by rendezvous, whose RTS / CTS round trip costs more than
     * the copy saved (docs/WIRE-TCP.md).
     */
    @Override
    public int eagerLimit() {
        return EAGER_LIMIT;
    }

    @Override
    public int smallMessageLimit() {
        return FrameWriter.SMALL_LIMIT;
    }

    @Override
    public boolean trySendSmall(int dest, int context, int source, int tag, int typeCode, Object array, int offset,
                                int count, java.lang.foreign.ValueLayout layout) {
        long bytes = count * layout.byteSize();
        if (dest == rank || dest < 0 || dest >= size || bytes > FrameWriter.SMALL_LIMIT || closed.get()) {
            return false; // sends to self, and every error, go the frame way
        }
        Peer p = peers.get(dest);
        Connection c = p.connection;
        if (c == null || p.broken != null || p.closedByPeer) {
            return false;
        }
        try {
            return p.writer.trySendSmall(c.channel, context, source, tag, typeCode, array, offset, count, layout,
                    (int) bytes);
        } catch (IOException e) {
            // Reported by the next poll (only the polling thread closes connections); the message is staged.
            if (p.broken == null) {
                p.broken = "tcp: rank " + rank + ": writing to rank " + dest + " failed: " + e.getMessage();
            }
            return true;
        }
    }

    @Override
    public int poll(FrameSink sink) {
        peers.throwIfFailed();
        int moved = loopback.drain(sink);
        moved += peers.flushEstablished();
        if (directRead) {
            moved += peers.readEstablished(sink);
            if (++pollsSinceSelect < SELECT_EVERY && !selectWanted && !handshake.inProgress()) {
                moved += peers.flushEstablished();
                peers.throwIfFailed();
                return moved;
            }
        }
        if (selectorLock.tryLock()) {
            try {
                pollsSinceSelect = 0;
                selectWanted = false;
                ready.clear();
                if (!directRead && !probed.isEmpty()) {
                    ready.addAll(probed); // what hasIncoming just selected: no second selectNow
                } else {
                    selector.selectNow(ready::add);
                }
                probed.clear();
                for (SelectionKey k : ready) {
                    moved += handle(k, sink);
                }
                handshake.expire();
            } catch (IOException e) {
                peers.fail("tcp: rank " + rank + ": selector failed: " + e);
            } finally {
                selectorLock.unlock();
            }
        } else if (!directRead) {
            // Another thread of this rank is parked in select: read the connections directly.
            moved += peers.readEstablished(sink);
        }
        moved += peers.flushEstablished();
        peers.throwIfFailed();
        return moved;
    }

    @Override
    public boolean hasIncoming() {
        if (peers.failure() != null || !loopback.isEmpty()) {
            return true;
        }
        // The engine polls only when this says yes: queued output must be moved by poll too.
        if (peers.hasOutputOrBroken()) {
            return true;
        }
        if (directRead || closed.get() || !selectorLock.tryLock()) {
            return true; // direct-read mode: poll's reads are the check (no system call here)
        }
        try {
            boolean any = !probed.isEmpty();
            if (!any) {
                selector.selectNow(probed::add);
                for (SelectionKey k : probed) {
                    if (k.isValid()
                            && (k.readyOps() & (SelectionKey.OP_READ | SelectionKey.OP_ACCEPT | SelectionKey.OP_CONNECT)) != 0) {
                        any = true;
                        break;
                    }
                }
                if (!any) {
                    probed.clear();
                }
            }
            return any || handshake.inProgress();
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

    /** Itself; another rank when the launcher named both hosts alike ({@code TransportContext.host}), else false. */
    @Override
    public boolean sharesHostWith(int peer) {
        return peer == rank || hosts[rank] != null && hosts[rank].equals(hosts[peer]);
    }

    /** Whether the launcher named both ranks' clusters alike ({@code TransportContext.cluster}; no name is one cluster). */
    @Override
    public boolean sharesClusterWith(int peer) {
        return java.util.Objects.equals(clusters[rank], clusters[peer]);
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
            if (readyCondition.getAsBoolean() || !loopback.isEmpty() || peers.failure() != null) {
                return;
            }
            peers.armForSelect();
            if (selector.select(k -> { }, Math.max(1, TimeUnit.NANOSECONDS.toMillis(maxNanos))) > 0) {
                selectWanted = true;
            }
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
                boolean pending = peers.flushForClose();
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
        peers.closeAll();
        handshake.closeAll();
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

    /** Handles one ready key; returns frames delivered. */
    private int handle(SelectionKey k, FrameSink sink) {
        if (k.isValid() && k.attachment() instanceof Connection c && c.state == Connection.State.ESTABLISHED) {
            return sink != null && k.isReadable() ? peers.readFrames(c, sink) : 0;
        }
        handshake.handle(k);
        return 0;
    }
}
