package jmpi.tasks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;

/**
 * Which thread drives a pool, in which mode, and whether the pool is closed: a pool is driven by one thread at a time, its
 * owner, while a region runs ({@link Mode#REGION}) or while submitted tasks are pending
 * ({@link Mode#TASKS}). Refuses nested use, a second driving thread and mixed modes with an
 * {@link IllegalStateException} naming the cause.
 *
 * <p>Concurrency: the owner slot is a volatile reference taken by compare-and-set; {@link #mode}
 * and {@link #inWaitForAll} are confined to the owner (written after it took the slot, read by the
 * owner or by a thread that sees itself as owner). Any thread may read {@link #owner()} and
 * {@link #closed()} (a volatile cell alone on its 128 bytes: idle workers poll it).
 */
final class Ownership {
    /** What the owner is doing. */
    enum Mode {
        /** Running a parallel loop, reduction or region. */
        REGION,
        /** Submitting tasks, or waiting for them in {@code waitForAll}. */
        TASKS
    }

    private static final VarHandle OWNER;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(Ownership.class, "owner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final PaddedCells closed = new PaddedCells(1);
    private volatile Thread owner;
    private Mode mode; // owner-confined
    private boolean inWaitForAll; // owner-confined

    /** @return the thread driving the pool, or {@code null} */
    Thread owner() {
        return owner;
    }

    /** Ends {@code waitForAll} (the owner, before it releases the pool). */
    void inWaitForAll(boolean waiting) {
        inWaitForAll = waiting;
    }

    /** @return whether the pool is closed */
    boolean closed() {
        return closed.getVolatile(0) != 0;
    }

    /**
     * Takes the pool for {@code me} to submit tasks, unless it already does so.
     *
     * @return whether a new batch starts
     */
    boolean claimForTasks(Thread me) {
        refuseWorkerThread(me, "submit");
        if (owner == me && mode == Mode.TASKS && !inWaitForAll) {
            return false;
        }
        take(me, Mode.TASKS);
        return true;
    }

    /** Takes the pool for {@code me} to run a region, or throws why it cannot. */
    void claimForRegion(Thread me) {
        refuseWorkerThread(me, "a parallel loop or region");
        take(me, Mode.REGION);
    }

    /** Refuses a thread of this pool driving it: nested use. */
    void refuseWorkerThread(Thread me, String what) {
        if (me instanceof Worker w && w.ownership == this) {
            throw new IllegalStateException(what + " on a pool from one of its own workers: nested use of a "
                    + "TaskPool is not supported (run the inner work serially, or use a second pool)");
        }
    }

    private void take(Thread me, Mode mode) {
        if (!OWNER.compareAndSet(this, (Thread) null, me)) {
            refuseBusy(me);
        }
        if (closed()) {
            owner = null;
            throw new IllegalStateException("the task pool is closed");
        }
        this.mode = mode;
    }

    /**
     * {@code waitForAll} by {@code me}: checks that {@code me} submitted the pending tasks and marks it
     * waiting ({@link #inWaitForAll(boolean)}).
     *
     * @return {@code false} when nothing was submitted (nothing to wait for)
     */
    boolean claimForWaitForAll(Thread me) {
        refuseWorkerThread(me, "waitForAll");
        Thread o = owner;
        if (o == null) {
            return false;
        }
        if (o != me) {
            throw new IllegalStateException("waitForAll: the tasks of this pool were submitted by thread "
                    + o.getName() + ", not by " + me.getName());
        }
        if (mode != Mode.TASKS || inWaitForAll) {
            throw new IllegalStateException("waitForAll called from inside a parallel region or a task of the same pool");
        }
        inWaitForAll = true;
        return true;
    }

    /**
     * {@code close} by {@code me}: waits until no thread drives the pool, then takes the owner slot for
     * good and marks the pool closed, so that nothing can start any more.
     *
     * @return {@code false} when the pool was already closed (by this or another thread)
     */
    boolean closeWhenIdle(Thread me) {
        refuseWorkerThread(me, "close");
        if (closed()) {
            return false;
        }
        if (owner == me) {
            throw new IllegalStateException("close() inside a parallel region, or with pending tasks (call waitForAll first)");
        }
        while (!OWNER.compareAndSet(this, (Thread) null, me)) {
            if (closed()) {
                return false;
            }
            LockSupport.parkNanos(100_000);
        }
        closed.setVolatile(0, 1); // the owner slot stays taken
        return true;
    }

    /** Releases the pool. */
    void release() {
        owner = null;
    }

    private void refuseBusy(Thread me) {
        if (closed()) {
            throw new IllegalStateException("the task pool is closed");
        }
        Thread o = owner;
        if (o == me) {
            if (mode == Mode.TASKS && !inWaitForAll) {
                throw new IllegalStateException("tasks submitted by this thread are pending: call waitForAll() "
                        + "before starting a parallel loop or region on the same pool");
            }
            throw new IllegalStateException("nested use of a TaskPool: a loop body, region or task started work on "
                    + "its own pool (run the inner work serially, or use a second pool)");
        }
        throw new IllegalStateException("the task pool is in use by thread " + (o == null ? "?" : o.getName())
                + ": a pool is driven by one thread at a time");
    }
}
