package jmpi.coll;

import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.core.Waitable;

/**
 * A non-blocking collective call in flight ({@link NonBlocking}): its schedule of rounds, advanced only
 * when this rank asks. {@link #isDone()} advances it (checks the current round's sends and receives;
 * when all completed, runs the round's local steps and posts the next round) and says whether the
 * whole call completed; {@link #test()} first lets the engine deliver what arrived; {@link #await()}
 * blocks until completion ({@link Engine#await}, which drives the engine and calls {@code isDone}) and
 * throws the call's failure.
 *
 * <p>Progress: no thread runs the schedule but this rank's calls of {@code isDone}, {@code test} or
 * {@code await} (and {@link Engine#await} on this request or on a {@link Waitable} that asks it). Each
 * such call advances every outstanding non-blocking collective of the rank, not only its own, so ranks
 * that complete their calls in different orders (which MPI allows) never wait for each other. A
 * round that needs this rank's help (a forwarded block, a combination, a rendezvous receive) waits
 * until the rank tests one of its requests; a rank that never tests (or is blocked in another
 * operation: a receive, a blocking collective) still lets its peers get as far as its earlier sends
 * were eager (copied out at once) and its receives were posted.
 *
 * <p>A failure of any step (a receive that got another count or type than this rank's call describes,
 * a send that failed, a user operation that threw) ends the call: it is done, and
 * {@link #throwIfFailed()} / {@link #await()} throw it as an {@link MpiError}. Once done the request
 * keeps no schedule, buffer or peer request.
 *
 * <p>Threads: any thread may test or wait; advancing is serialized by the request's lock (taken with
 * {@code tryLock}: a thread never waits for another one's advancing), completion is published by a
 * volatile flag. MPI forbids two threads waiting for one request at once; here it is merely safe.
 */
public final class CollRequest implements Waitable {
    private final Engine engine;
    /** The collective's name, for errors. */
    private final String collective;
    /** The rank's outstanding calls (this one among them until it is done). */
    private final Set<CollRequest> active;
    private final ReentrantLock lock = new ReentrantLock();
    /** Null once done. Guarded by {@link #lock}. */
    private Schedule schedule;
    private volatile boolean done;
    private volatile MpiError failure;

    CollRequest(Schedule schedule, Set<CollRequest> active) {
        this.engine = schedule.ctx.engine;
        this.collective = schedule.ctx.collective;
        this.schedule = schedule;
        this.active = active;
    }

    /** Starts the schedule: runs and posts whatever needs nothing from other ranks. */
    CollRequest start() {
        active.add(this);
        tryStep();
        return this;
    }

    /**
     * Advances the schedule as far as it goes without waiting, and says whether the call completed
     * (successfully or not: see {@link #failure()}). Does not poll the transport: {@link #test()} does.
     */
    @Override
    public boolean isDone() {
        if (done) {
            return true;
        }
        tryStep();
        if (active.size() > 1) {
            for (CollRequest other : active) {
                if (other != this) {
                    other.tryStep();
                }
            }
        }
        return done;
    }

    /** Advances this call unless it is done or another thread is advancing it. */
    private void tryStep() {
        if (!done && lock.tryLock()) {
            try {
                if (!done) {
                    step();
                }
            } finally {
                lock.unlock();
            }
        }
    }

    private void step() {
        MpiError error = null;
        boolean finished;
        try {
            finished = schedule.advance();
        } catch (MpiError e) {
            error = e;
            finished = true;
        } catch (RuntimeException e) { // a user operation, say
            error = new MpiError(ErrorClass.ERR_OTHER, collective + ": rank " + schedule.rank() + ": " + e, e);
            finished = true;
        }
        if (finished) {
            schedule.release();
            schedule = null;
            failure = error;
            done = true;
            active.remove(this);
        }
    }

    /** MPI_Test: lets the engine deliver what has arrived, then {@link #isDone()}. */
    public boolean test() {
        engine.progress();
        return isDone();
    }

    /** MPI_Wait: blocks until the call completed (driving the engine meanwhile), then throws its failure if any. */
    public void await() {
        engine.await(this);
        throwIfFailed();
    }

    /** Throws the call's failure, if it completed with one. */
    public void throwIfFailed() {
        MpiError f = failure;
        if (f != null) {
            throw new MpiError(f.errorClass(), f.getMessage().substring(f.errorClass().name().length() + 2), f);
        }
    }

    /** The call's failure once done, or null (none yet, or none at all). */
    public MpiError failure() {
        return failure;
    }

    /** The engine of the rank that started the call. */
    public Engine engine() {
        return engine;
    }

    @Override
    public String toString() {
        return "CollRequest[" + collective + (done ? failure == null ? ", done" : ", failed" : ", running") + "]";
    }
}
