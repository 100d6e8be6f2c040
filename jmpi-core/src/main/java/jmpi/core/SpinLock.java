package jmpi.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import jmpi.spi.LinePadding;

/**
 * The engine's progress lock: one CAS to take, one release store to give back, no queue. Held only
 * for short, non-blocking sections (matching, copying a message), so waiting for it spins, then
 * yields. Not reentrant. Its word is padded away from the objects around it ({@link LinePadding}): the lock of
 * one rank must not share a cache line with another rank's objects.
 */
final class SpinLock extends SpinLockFields {
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

    boolean tryLock() {
        return (int) STATE.getOpaque(this) == 0 && STATE.compareAndSet(this, 0, 1);
    }

    void lock() {
        for (int spins = 0; !tryLock(); spins++) {
            if (spins < 1000) {
                Thread.onSpinWait();
            } else {
                Thread.yield();
            }
        }
    }

    void unlock() {
        STATE.setRelease(this, 0);
    }
}

/** The lock's word, between its paddings. */
abstract class SpinLockFields extends LinePadding {
    volatile int state;
}
