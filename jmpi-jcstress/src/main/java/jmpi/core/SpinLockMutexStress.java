package jmpi.core;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import jmpi.spi.SpinLock;

/**
 * {@link SpinLock} excludes: two threads each increment a plain field under the lock, so each sees the
 * other's increment or none, never the same value. r1, r2: the value each thread's increment produced.
 */
@JCStressTest
@Outcome(id = {"1, 2", "2, 1"}, expect = Expect.ACCEPTABLE, desc = "one section after the other")
@Outcome(expect = Expect.FORBIDDEN, desc = "both sections at once: an increment lost")
@State
public class SpinLockMutexStress {
    private final SpinLock lock = new SpinLock();
    private int x;

    @Actor
    public void first(II_Result r) {
        lock.lock();
        r.r1 = ++x;
        lock.unlock();
    }

    @Actor
    public void second(II_Result r) {
        lock.lock();
        r.r2 = ++x;
        lock.unlock();
    }
}
