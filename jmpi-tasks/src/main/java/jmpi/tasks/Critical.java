package jmpi.tasks;

import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * A critical section: at most one thread at a time runs inside it, and each one sees everything
 * written inside it by the threads that entered before. Reentrant. Keep critical sections short and
 * rare; for single numbers prefer {@link Atomics}, and for sums over a loop prefer the pool's
 * reductions, which need no lock at all.
 */
public final class Critical {
    private final ReentrantLock lock = new ReentrantLock();

    /** Creates an unlocked critical section. */
    public Critical() {
    }

    /**
     * Runs {@code action} inside the critical section.
     *
     * @param action what to run
     */
    public void run(Runnable action) {
        lock.lock();
        try {
            action.run();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Computes a value inside the critical section.
     *
     * @param action what to compute
     * @param <T> the value's type
     * @return the value
     */
    public <T> T call(Supplier<T> action) {
        lock.lock();
        try {
            return action.get();
        } finally {
            lock.unlock();
        }
    }

    /** Enters the critical section (pair with {@link #exit()} in a {@code finally}). */
    public void enter() {
        lock.lock();
    }

    /** Leaves the critical section. */
    public void exit() {
        lock.unlock();
    }
}
