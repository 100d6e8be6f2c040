package jmpi.spi;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A lock of one CAS to take and one release store to give back, no queue: the engine's progress lock and the shm
 * transport's channel locks. Held only for short, non-blocking sections (matching, copying a message into transport
 * memory), so waiting for it spins, then yields. Not reentrant. Unlike {@code ReentrantLock}, whose unlock is a
 * volatile store (a full fence on x86), giving it back does not wait for earlier stores to drain. Its word is padded
 * away from the objects around it ({@link LinePadding}): the lock of one rank must not share a cache line with another
 * rank's objects.
 */
public final class SpinLock extends SpinLockFields {
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(SpinLockFields.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused")
    private long pad0, pad1, pad2, pad3, pad4, pad5, pad6, pad7;

    /** Takes the lock if it is free now. */
    public boolean tryLock() {
        return (int) STATE.getOpaque(this) == 0 && STATE.compareAndSet(this, 0, 1);
    }

    /** Takes the lock, spinning (then yielding) while another thread holds it. */
    public void lock() {
        for (int spins = 0; !tryLock(); spins++) {
            if (spins < 1000) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    /** Gives the lock back (release: the holder's writes are seen by the next holder). */
    public void unlock() {
        STATE.setRelease(this, 0);
    }
}

/** The lock's word, between its paddings. */
abstract class SpinLockFields extends LinePadding {
    volatile int state;
}
