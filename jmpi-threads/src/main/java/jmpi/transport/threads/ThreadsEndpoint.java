package jmpi.transport.threads;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameSink;

/**
 * A rank of the threads transport: frames are handed over by reference through the receiver's
 * {@link MpscFrameInbox}; a parked receiver is woken only if it announced itself (no system call on
 * the hot path).
 *
 * <p>Wake-up protocol (Dekker style, all accesses volatile): the parker writes {@code parked}, then
 * re-reads the inbox; a sender pushes, then reads {@code parked}. At least one of the two sees the
 * other, so a frame never sits unnoticed beside a parked receiver.
 */
final class ThreadsEndpoint implements Endpoint {
    private static final VarHandle PARKED;

    static {
        try {
            PARKED = MethodHandles.lookup().findVarHandle(ThreadsEndpoint.class, "parked", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ThreadsFabric fabric;
    private final int rank;
    final MpscFrameInbox inbox = new MpscFrameInbox();
    @SuppressWarnings("unused") // accessed through PARKED
    private volatile Thread parked;

    ThreadsEndpoint(ThreadsFabric fabric, int rank) {
        this.fabric = fabric;
        this.rank = rank;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return fabric.size();
    }

    @Override
    public void send(int dest, Frame frame) {
        ThreadsEndpoint peer = fabric.endpointOf(dest);
        peer.inbox.push(frame);
        peer.wake();
    }

    @Override
    public int poll(FrameSink sink) {
        int n = 0;
        for (Frame f = inbox.takeAll(); f != null; ) {
            Frame next = f.next;
            f.next = null;
            sink.accept(f);
            n++;
            f = next;
        }
        return n;
    }

    @Override
    public boolean hasIncoming() {
        return !inbox.isEmpty();
    }

    @Override
    public boolean sharesMemoryWith(int peer) {
        return true;
    }

    @Override
    public void park(long maxNanos) {
        Thread me = Thread.currentThread();
        PARKED.setVolatile(this, me);
        if (inbox.isEmpty()) {
            LockSupport.parkNanos(this, maxNanos);
        }
        PARKED.compareAndSet(this, me, (Thread) null);
    }

    @Override
    public void wake() {
        Thread t = (Thread) PARKED.getVolatile(this);
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
