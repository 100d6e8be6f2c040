package jmpi.tasks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

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

    /** @return the current owner's mode (meaningful to the owner only) */
    Mode mode() {
        return mode;
    }

    boolean inWaitForAll() {
        return inWaitForAll;
    }

    void inWaitForAll(boolean waiting) {
        inWaitForAll = waiting;
    }

    /** @return whether the pool is closed */
    boolean closed() {
        return closed.getVolatile(0) != 0;
    }

    /** Marks the pool closed; the caller holds the owner slot for good ({@link #tryClaimForever}). */
    void markClosed() {
        closed.setVolatile(0, 1);
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

    /** Takes the slot for good (close): returns {@code false} while another thread holds it. */
    boolean tryClaimForever(Thread me) {
        return OWNER.compareAndSet(this, (Thread) null, me);
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
