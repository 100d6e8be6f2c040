package jmpi.transport.threads;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The sending side of one (sender, receiver) pair: the pair's sequence counter and its fastbox,
 * behind a small lock so that several threads of the sending rank (MPI_THREAD_MULTIPLE) publish in
 * sequence order, whichever path (fastbox or inbox) each message takes. Only the sending rank's
 * threads touch it, so the lock stays in the sender's cache.
 */
final class PairChannel {
    private static final VarHandle LOCK;

    static {
        try {
            LOCK = MethodHandles.lookup().findVarHandle(PairChannel.class, "lock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through LOCK
    private volatile int lock;
    /** Sequence number of the next message on this pair; guarded by the lock. */
    long nextSeq = 1;
    /** Created on the first small message; guarded by the lock. */
    Fastbox.End box;
    /** Made on the first message for the eager ring; guarded by the lock. */
    EagerRing.Writer ring;

    void lock() {
        while (!LOCK.compareAndSet(this, 0, 1)) {
            Thread.onSpinWait();
        }
    }

    void unlock() {
        LOCK.setRelease(this, 0);
    }
}
