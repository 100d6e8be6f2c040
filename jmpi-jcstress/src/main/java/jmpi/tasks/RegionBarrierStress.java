package jmpi.tasks;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

import jmpi.spi.Backoff;

/**
 * The task pool's {@link RegionBarrier}: two workers of a region each write their own value, pass
 * the barrier, and read the other's. The barrier releases a worker only when both arrived, and
 * publishes everything written before it: each sees the other's value. r1: what worker 0 read,
 * r2: what worker 1 read.
 */
@JCStressTest
@Outcome(id = "2, 1", expect = Expect.ACCEPTABLE, desc = "both released after both arrived, writes published")
@Outcome(expect = Expect.FORBIDDEN, desc = "released early, or a write before the barrier not seen after it")
@State
public class RegionBarrierStress {
    private final Ownership ownership = new Ownership();
    private final Failures failures = new Failures();
    private final Waiting waiting = new Waiting(2, new Backoff(2_000, 20_000, 1_000_000), ownership);
    private final RegionBarrier barrier = new RegionBarrier(2, failures, waiting);
    private int x0; // plain: written by worker 0 before the barrier
    private int x1; // plain: written by worker 1 before the barrier

    @Actor
    public void worker0(II_Result r) {
        ownership.claimForRegion(Thread.currentThread()); // worker 0 is the owner: the one woken as such
        x0 = 1;
        barrier.await(0);
        r.r1 = x1;
    }

    @Actor
    public void worker1(II_Result r) {
        waiting.register(1, Thread.currentThread());
        x1 = 2;
        barrier.await(1);
        r.r2 = x0;
    }
}
