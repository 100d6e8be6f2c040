package jmpi.conformance.process;

import java.lang.foreign.ValueLayout;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameSink;
import jmpi.spi.TransportContext;
import jmpi.spi.TransportFactory;

/**
 * A stand-in transport for the multi-process launcher tests (the real shm and tcp transports are
 * written elsewhere): each rank can send only to itself. Opening it still uses the bootstrap the way
 * a real transport does (publish an address, fence, read every peer's), so a job over it proves
 * that the ranks found each other.
 */
public final class LoopbackTransportFactory implements TransportFactory {
    /** Bootstrap key under which rank {@code r} publishes its (pretend) address. */
    static String key(int rank) {
        return "loopback.addr." + rank;
    }

    @Override
    public String name() {
        return "loopback";
    }

    @Override
    public Endpoint open(TransportContext context) {
        var boot = context.bootstrap();
        boot.put(key(context.rank()), "pid-" + ProcessHandle.current().pid());
        boot.fence(Duration.ofSeconds(30));
        for (int r = 0; r < context.size(); r++) {
            String v = boot.get(key(r), Duration.ofSeconds(30));
            if (!v.startsWith("pid-")) {
                throw new IllegalStateException("rank " + r + " published " + v);
            }
        }
        return new LoopbackEndpoint(context.rank(), context.size());
    }

    /** Frames to self go through a queue; the rank's thread polls it. */
    static final class LoopbackEndpoint implements Endpoint {
        private final int rank;
        private final int size;
        private final ConcurrentLinkedQueue<Frame> inbox = new ConcurrentLinkedQueue<>();
        private volatile Thread parked;

        LoopbackEndpoint(int rank, int size) {
            this.rank = rank;
            this.size = size;
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
            if (dest != rank) {
                throw new IllegalStateException("the loopback transport sends only to self (rank " + rank
                        + "), not to rank " + dest);
            }
            frame.sender = rank;
            inbox.add(frame);
            wake();
        }

        @Override
        public int smallMessageLimit() {
            return 0;
        }

        @Override
        public boolean trySendSmall(int dest, int context, int source, int tag, int typeCode, Object array, int offset,
                                    int count, ValueLayout layout) {
            return false;
        }

        @Override
        public int poll(FrameSink sink) {
            int n = 0;
            for (Frame f; (f = inbox.poll()) != null; n++) {
                sink.accept(f);
            }
            return n;
        }

        @Override
        public boolean hasIncoming() {
            return !inbox.isEmpty();
        }

        @Override
        public boolean sharesMemoryWith(int peer) {
            return peer == rank;
        }

        @Override
        public void park(long maxNanos, BooleanSupplier ready) {
            parked = Thread.currentThread();
            if (!hasIncoming() && !ready.getAsBoolean()) {
                LockSupport.parkNanos(this, maxNanos);
            }
            parked = null;
        }

        @Override
        public void wake() {
            Thread t = parked;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }
}
