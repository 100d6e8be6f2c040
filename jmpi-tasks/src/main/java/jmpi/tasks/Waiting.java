package jmpi.tasks;

import java.util.concurrent.locks.LockSupport;

import jmpi.spi.Backoff;

/**
 * Waiting and waking for a pool's threads: worker {@code w} ({@code 0} is the owner) waits for a
 * {@link Condition} with the shared idle policy {@link Backoff} (spin, yield), then parks in bounded
 * periods; whoever makes a condition true wakes the worker if it announced that it parked.
 *
 * <p>Concurrency: the park hand-shake is Dekker-style on volatiles. A waiter announces
 * ({@code parked[w] = 1}, volatile store) and then re-checks its condition; a waker first publishes
 * its change (a volatile store or read-modify-write) and then reads {@code parked[w]}. With both
 * sides ordered store-then-load on volatiles, either the waiter sees the change or the waker sees
 * the announcement, so no wake-up is lost. Parks are bounded ({@link #PARK_NANOS}) as insurance
 * only. Each worker's announcement is a cell alone on its 128 bytes.
 */
final class Waiting {
    /** A condition a worker waits for; {@code arg} is what it saw last (an epoch, a generation). */
    @FunctionalInterface
    interface Condition {
        boolean holds(long arg);
    }

    /** Longest single park: insurance only, wake-ups are explicit (20 ms: idle workers cost nothing). */
    static final long PARK_NANOS = 20_000_000L;

    private final Backoff backoff;
    private final PaddedCells parked; // cell w: 1 while worker w announces it parks
    private final Thread[] workers; // index w for worker w >= 1; index 0 unused (the owner)
    private final Ownership ownership;

    /**
     * @param size workers, the owner included
     * @param backoff the idle policy before parking
     * @param ownership where worker 0, the owner, is found
     */
    Waiting(int size, Backoff backoff, Ownership ownership) {
        this.backoff = backoff;
        this.parked = new PaddedCells(size);
        this.workers = new Thread[size];
        this.ownership = ownership;
    }

    /** Names the thread of worker {@code w >= 1}; call before the thread waits or is woken. */
    void register(int w, Thread thread) {
        workers[w] = thread;
    }

    /**
     * Waits as worker {@code w} until {@code condition.holds(arg)}: spin, then yield (the
     * {@link Backoff} policy), then park until woken.
     */
    void await(int w, Condition condition, long arg) {
        long idleSince = 0;
        for (int i = 0;; i++) {
            if (condition.holds(arg)) {
                return;
            }
            if (i == Backoff.SPIN_ITERATIONS) {
                idleSince = System.nanoTime();
            }
            if (!backoff.idle(idleSince, i)) {
                break;
            }
        }
        while (true) {
            parked.setVolatile(w, 1);
            if (condition.holds(arg)) {
                parked.setVolatile(w, 0);
                return;
            }
            LockSupport.parkNanos(this, PARK_NANOS);
            parked.setVolatile(w, 0);
            if (condition.holds(arg)) {
                return;
            }
        }
    }

    /** Wakes worker {@code w} if it announced that it parks; call after publishing the change it waits for. */
    void wake(int w) {
        if (parked.getVolatile(w) != 0) {
            Thread t = w == 0 ? ownership.owner() : workers[w];
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Wakes every worker but the owner that announced it parks. */
    void wakeWorkers() {
        for (int w = 1; w < workers.length; w++) {
            wake(w);
        }
    }

    /** Wakes every worker, the owner included, except {@code w}. */
    void wakeAllBut(int w) {
        for (int v = 0; v < workers.length; v++) {
            if (v != w) {
                wake(v);
            }
        }
    }
}
