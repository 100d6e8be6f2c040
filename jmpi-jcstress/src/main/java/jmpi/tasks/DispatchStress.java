package jmpi.tasks;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import jmpi.spi.Backoff;

/**
 * The task pool's {@link Dispatch}: the owner (actor {@code owner}, worker 0) hands a dynamic loop
 * over four indices, one per chunk, to worker 1 (actor {@code worker}, which waits for the region as
 * an idle pool thread does). Every index runs exactly once, the worker sees the loop's descriptor
 * and the owner's plain writes made before the hand-off, and the owner sees everything the worker
 * wrote once the dispatch returned. r1: indices run exactly once; r2: indices that saw the owner's
 * payload; r3: 1 once the owner returned with every worker counted out.
 */
@JCStressTest
@Outcome(id = "4, 4, 1", expect = Expect.ACCEPTABLE, desc = "every index once, the region published and collected")
@Outcome(expect = Expect.FORBIDDEN, desc = "an index lost or run twice, or a write not published")
@State
public class DispatchStress {
    private static final int N = 4;
    private final Ownership ownership = new Ownership();
    private final Failures failures = new Failures();
    private final Waiting waiting = new Waiting(2, new Backoff(2_000, 20_000, 1_000_000), ownership);
    private final Dispatch dispatch = new Dispatch(2, failures, waiting);
    private final Loop.PerWorker loop = new Loop.PerWorker(2, failures);
    private final Waiting.Condition published = seen -> dispatch.published() != seen;
    private final int[] runs = new int[N]; // plain: each index written by the one worker that runs it
    private final int[] seen = new int[N];
    private int payload; // plain: written by the owner before the hand-off

    @Actor
    public void owner(III_Result r) {
        ownership.claimForRegion(Thread.currentThread());
        payload = 42;
        loop.set((w, s, e) -> {
            for (int i = s; i < e; i++) {
                runs[i]++;
                seen[i] = payload;
            }
        });
        loop.deal(0, N, Schedule.dynamic(1));
        dispatch.run(loop);
        int once = 0;
        int fresh = 0;
        for (int i = 0; i < N; i++) {
            once += runs[i] == 1 ? 1 : 0;
            fresh += seen[i] == 42 ? 1 : 0;
        }
        r.r1 = once;
        r.r2 = fresh;
        r.r3 = 1;
        ownership.release();
    }

    @Actor
    public void worker() {
        waiting.register(1, Thread.currentThread());
        waiting.await(1, published, 0);
        dispatch.runPublished(1);
    }
}
