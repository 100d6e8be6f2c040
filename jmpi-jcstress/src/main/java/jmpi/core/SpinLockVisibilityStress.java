package jmpi.core;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import jmpi.spi.SpinLock;

/**
 * {@link SpinLock} publishes: plain writes made under the lock are all seen by the next holder (the
 * release store of {@code unlock} against the CAS that takes the lock). r1: 1 once the reader holds the
 * lock, r2, r3: the two fields it read under it. {@link SpinLockTryLockStress} does the same with
 * {@code tryLock}.
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = Expect.ACCEPTABLE, desc = "reader's section first")
@Outcome(id = "1, 1, 2", expect = Expect.ACCEPTABLE, desc = "writer's section first, both writes seen")
@Outcome(expect = Expect.FORBIDDEN, desc = "a section saw part of the other's writes")
@State
public class SpinLockVisibilityStress {
    private final SpinLock lock = new SpinLock();
    private int a;
    private int b;

    @Actor
    public void writer() {
        lock.lock();
        a = 1;
        b = 2;
        lock.unlock();
    }

    @Actor
    public void reader(III_Result r) {
        lock.lock();
        r.r1 = 1;
        r.r3 = b;
        r.r2 = a;
        lock.unlock();
    }
}
