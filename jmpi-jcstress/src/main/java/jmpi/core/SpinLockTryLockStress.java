package jmpi.core;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import jmpi.spi.SpinLock;

/**
 * {@link SpinLock#tryLock} fails while the lock is held and, when it succeeds, sees every plain write
 * of the previous holder. r1: 1 if the reader took the lock (0: it found it held and read nothing),
 * r2, r3: the two fields it read under it.
 */
@JCStressTest
@Outcome(id = "1, 0, 0", expect = Expect.ACCEPTABLE, desc = "reader's section first")
@Outcome(id = "1, 1, 2", expect = Expect.ACCEPTABLE, desc = "writer's section first, both writes seen")
@Outcome(id = "0, 0, 0", expect = Expect.ACCEPTABLE, desc = "tryLock found the lock held")
@Outcome(expect = Expect.FORBIDDEN, desc = "a section saw part of the other's writes")
@State
public class SpinLockTryLockStress {
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
        if (!lock.tryLock()) {
            return;
        }
        r.r1 = 1;
        r.r3 = b;
        r.r2 = a;
        lock.unlock();
    }
}
