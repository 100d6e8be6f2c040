package jmpi.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The engine's progress lock: one CAS to take, one release store to give back, no queue. Held only
 * for short, non-blocking sections (matching, copying a message), so waiting for it spins, then
 * yields. Not reentrant.
 */
final class SpinLock {
    private static final VarHandle STATE;

    static {
        try {
            STATE = MethodHandles.lookup().findVarHandle(SpinLock.class, "state", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // accessed through STATE
    private volatile int state;

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
