package jmpi.launcher;

import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameSink;

/**
 * One rank's endpoint made of several transports, each peer reached by the best one: threads for
 * ranks of this JVM, shm for ranks of this host, tcp for the others. Sends go to the peer's
 * transport; polls visit every transport; a frame's order is kept per sender because each sender is
 * carried by one transport only.
 *
 * <p>Waiting: a thread can sleep in one transport only. It parks in the <em>anchor</em>, the last
 * byte transport of the list (tcp when present: its selector wakes on socket input), with its
 * condition widened to "a frame waits in any transport". The threads transport's wake-ups are routed
 * to the anchor ({@code ThreadsFabric.wakeThrough}), so a frame from a thread of this JVM wakes the
 * parker at once (the Dekker pair: the parker announces itself in the anchor, then checks the other
 * transports; a sender of this JVM publishes, then wakes the anchor, which reads the announcement).
 * A second byte transport (shm beside tcp) cannot wake the anchor from another process: a park is
 * then cut into slices of {@link #SLICE_NANOS}, within which such a frame is noticed.
 *
 * <p>Threads: as {@link Endpoint}; the routing table is immutable.
 */
final class RoutingEndpoint implements Endpoint {
    /** Longest sleep while a transport other than the anchor cannot wake this rank (as shm's own bound). */
    static final long SLICE_NANOS = 50_000;

    private final int rank;
    private final int size;
    /** The transport that carries each peer (world rank); this rank's own entry is the anchor. */
    private final Endpoint[] route;
    private final Endpoint[] all;
    private final Endpoint anchor;
    private final boolean sliced;
    private final int smallLimit;
    /** Every rank's host name (as the launcher named it): {@link #sharesHostWith}. */
    private final String[] hosts;
    /** Every rank's cluster name (null: none; ranks without one form one cluster): {@link #sharesClusterWith}. */
    private final String[] clusters;

    /**
     * @param route       the transport of each world rank
     * @param transports  every transport of the rank, the anchor last
     * @param wokenByPeer for each transport, whether a frame arriving in it wakes a thread parked in
     *                    the anchor (true for the anchor itself and for a threads transport whose
     *                    wake-ups were routed to the anchor)
     * @param hosts       every rank's host name
     * @param clusters    every rank's cluster name (null entries: none)
     */
    RoutingEndpoint(int rank, int size, Endpoint[] route, List<Endpoint> transports, List<Boolean> wokenByPeer,
                    String[] hosts, String[] clusters) {
        if (transports.isEmpty() || route.length != size || hosts.length != size || clusters.length != size) {
            throw new IllegalArgumentException("a routing endpoint needs transports, a route, a host name and a"
                    + " cluster entry per rank");
        }
        this.hosts = hosts.clone();
        this.clusters = clusters.clone();
        this.rank = rank;
        this.size = size;
        this.route = route.clone();
        this.all = transports.toArray(new Endpoint[0]);
        this.anchor = all[all.length - 1];
        boolean s = false;
        for (int i = 0; i < all.length; i++) {
            s |= !wokenByPeer.get(i);
        }
        this.sliced = s;
        int small = Integer.MAX_VALUE;
        for (Endpoint e : all) {
            small = Math.min(small, e.smallMessageLimit());
        }
        this.smallLimit = small;
    }

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
        route[dest].send(dest, frame);
    }

    @Override
    public int smallMessageLimit() {
        return smallLimit;
    }

    /** The transports' common eager-limit preference, or 0 (the engine's default) when they differ. */
    @Override
    public int eagerLimit() {
        int common = -1;
        for (Endpoint e : all) {
            int v = e.eagerLimit();
            if (common == -1) {
                common = v;
            } else if (common != v) {
                return 0;
            }
        }
        return Math.max(0, common);
    }

    @Override
    public boolean trySendSmall(int dest, int context, int source, int tag, int typeCode, Object array, int offset,
                                int count, ValueLayout layout) {
        return route[dest].trySendSmall(dest, context, source, tag, typeCode, array, offset, count, layout);
    }

    @Override
    public int poll(FrameSink sink) {
        int n = 0;
        for (Endpoint e : all) {
            n += e.poll(sink);
        }
        return n;
    }

    @Override
    public boolean hasIncoming() {
        for (Endpoint e : all) {
            if (e.hasIncoming()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean sharesMemoryWith(int peer) {
        return route[peer].sharesMemoryWith(peer);
    }

    @Override
    public boolean sharesHostWith(int peer) {
        return hosts[peer].equals(hosts[rank]);
    }

    @Override
    public boolean sharesClusterWith(int peer) {
        return Objects.equals(clusters[peer], clusters[rank]);
    }

    @Override
    public void park(long maxNanos, BooleanSupplier ready) {
        BooleanSupplier widened = () -> ready.getAsBoolean() || othersHaveIncoming();
        anchor.park(sliced ? Math.min(maxNanos, SLICE_NANOS) : maxNanos, widened);
    }

    private boolean othersHaveIncoming() {
        for (int i = 0; i < all.length - 1; i++) {
            if (all[i].hasIncoming()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void wake() {
        anchor.wake();
    }

    @Override
    public void close() {
        RuntimeException first = null;
        for (Endpoint e : all) {
            try {
                e.close();
            } catch (RuntimeException x) {
                if (first == null) {
                    first = x;
                } else {
                    first.addSuppressed(x);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
