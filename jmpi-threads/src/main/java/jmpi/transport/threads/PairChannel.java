package jmpi.transport.threads;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import jmpi.spi.LinePadding;

/**
 * The sending side of one (sender, receiver) pair: the pair's sequence counter and its fastbox,
 * behind a small lock so that several threads of the sending rank (MPI_THREAD_MULTIPLE) publish in
 * sequence order, whichever path (fastbox or inbox) each message takes. Only the sending rank's
 * threads touch it, and its fields are padded away from the objects around it ({@link LinePadding}: the
 * fabric allocates the endpoints of all ranks), so the lock stays in the sender's cache.
 */
final class PairChannel extends PairChannelFields {
    private static final VarHandle LOCK;

    static {
        try {
            LOCK = MethodHandles.lookup().findVarHandle(PairChannelFields.class, "lock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused")
    private long pad0, pad1, pad2, pad3, pad4, pad5, pad6, pad7;

    void lock() {
        while (!LOCK.compareAndSet(this, 0, 1)) {
            Thread.onSpinWait();
        }
    }

    void unlock() {
        LOCK.setRelease(this, 0);
    }
}

/** The fields of a {@link PairChannel}, between its paddings. */
abstract class PairChannelFields extends LinePadding {
    @SuppressWarnings("unused") // accessed through LOCK
    volatile int lock;
    /** Sequence number of the next message on this pair; guarded by the lock. */
    long nextSeq = 1;
    /** Created on the first small message; guarded by the lock. */
    Fastbox.End box;
    /** Made on the first message for the eager ring; guarded by the lock. */
    EagerRing.Writer ring;
}
