package jmpi.transport.tcp;

import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.util.ArrayList;
import java.util.List;

import jmpi.spi.FrameSink;

/**
 * The other ranks of one {@link TcpEndpoint} (a {@link Peer} per world rank, none for the endpoint's
 * own), the frames that move over their established connections, and the endpoint's failure.
 *
 * <p>A connection that breaks is recorded twice: on its peer ({@link Peer#broken}: sends to it throw)
 * and as the endpoint's first failure ({@link #failure()}: every later poll throws it, logged once
 * at {@code ERROR}).
 *
 * <p>Concurrency contract:
 * <ul>
 *   <li>{@link #get}, {@link #failure}, {@link #hasOutputOrBroken}: any thread.</li>
 *   <li>{@link #fail}, {@link #throwIfFailed}, {@link #breakPeer}, {@link #readFrames},
 *       {@link #readEstablished}, {@link #flushEstablished}, {@link #allConnected}, {@link #missing}:
 *       the thread that opens the endpoint, then the polling thread (one at a time). Only that
 *       thread reads sockets, closes connections and records failures.</li>
 *   <li>{@link #armForSelect}: the parker that holds the endpoint's selector lock.</li>
 *   <li>{@link #flushForClose}, {@link #closeAll}: close only.</li>
 * </ul>
 */
final class Peers {
    /** The transport's one logger, named after {@link TcpEndpoint} (docs/WIRE-TCP.md). */
    private static final System.Logger LOG = System.getLogger(TcpEndpoint.class.getName());

    private final int rank;
    private final Peer[] peers;
    /** The first failure of an established connection: every later poll throws it. */
    private volatile String failure;

    /**
     * @param reaches the peers this endpoint carries traffic to (the others get no connection)
     * @param direct {@link TcpSetting#DIRECT}
     * @param maxFrame {@link TcpSetting#MAX_FRAME}: the largest piece this endpoint's writers cut
     */
    Peers(int rank, int size, java.util.function.IntPredicate reaches, boolean direct, int maxFrame) {
        this.rank = rank;
        this.peers = new Peer[size];
        for (int p = 0; p < size; p++) {
            if (p != rank && reaches.test(p)) {
                peers[p] = new Peer(p, rank, direct, maxFrame);
            }
        }
    }

    /** The peer of world rank {@code r}; null for the endpoint's own rank and for peers it does not reach. */
    Peer get(int r) {
        return peers[r];
    }

    /** The endpoint's first failure, or null. */
    String failure() {
        return failure;
    }

    /** Records the endpoint's first failure and logs it; later ones are ignored. */
    void fail(String message) {
        if (failure == null) {
            failure = message;
            LOG.log(Level.ERROR, message);
        }
    }

    /** Throws the endpoint's failure, first promoting a peer's breakage recorded by a sender. */
    void throwIfFailed() {
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

    boolean allConnected() {
        for (Peer p : peers) {
            if (p != null && p.connection == null) {
                return false;
            }
        }
        return true;
    }

    List<Integer> missing() {
        List<Integer> m = new ArrayList<>();
        for (Peer p : peers) {
            if (p != null && p.connection == null) {
                m.add(p.rank);
            }
        }
        return m;
    }

    /** Whether some peer has frames queued or has broken (poll has work to do). */
    boolean hasOutputOrBroken() {
        for (Peer p : peers) {
            if (p != null && (p.writer.hasWork() || p.broken != null)) {
                return true;
            }
        }
        return false;
    }

    /** Writes what the sockets take of every established peer's queued frames; returns frames written. */
    int flushEstablished() {
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

    /** Reads every established connection without the selector; returns frames delivered. */
    int readEstablished(FrameSink sink) {
        int moved = 0;
        for (Peer p : peers) {
            Connection c = p == null ? null : p.connection;
            if (c != null && c.state == Connection.State.ESTABLISHED) {
                moved += readFrames(c, sink);
            }
        }
        return moved;
    }

    /** Reads what one established connection has; returns frames delivered. */
    int readFrames(Connection c, FrameSink sink) {
        Peer p = peers[c.peer];
        try {
            int n = c.reader.readFrom(c.channel, sink);
            if (c.reader.endOfStream()) {
                p.closedByPeer = true;
                c.state = Connection.State.CLOSED;
                p.writer.detach();
                c.closeQuietly();
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

    /** An established connection failed: closes it, marks its peer broken and fails the endpoint. */
    void breakPeer(Peer p, Connection c, String what) {
        String message = "tcp: rank " + rank + ": " + what;
        if (p.broken == null) {
            p.broken = message;
        }
        c.state = Connection.State.CLOSED;
        p.writer.detach();
        c.closeQuietly();
        fail(message);
    }

    /** Before a select: every established connection wakes the selector on input, and on room for queued output. */
    void armForSelect() {
        for (Peer p : peers) {
            Connection c = p == null ? null : p.connection;
            if (c != null && c.state == Connection.State.ESTABLISHED) {
                try {
                    c.key.interestOps(SelectionKey.OP_READ | (p.writer.hasWork() ? SelectionKey.OP_WRITE : 0));
                } catch (CancelledKeyException e) {
                    // closed meanwhile by a poll on another thread
                }
            }
        }
    }

    /**
     * One round of flushing at close: writes what the sockets take and leaves interest in
     * {@code OP_WRITE} only where frames remain. Returns whether any remain.
     */
    boolean flushForClose() {
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
        return pending;
    }

    /** Closes every peer's connection at once (no flushing). */
    void closeAll() {
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
                p.writer.detach();
                c.closeQuietly();
            }
        }
    }
}
