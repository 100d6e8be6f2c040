package jmpi.tasks;

/**
 * The task queue of the ParJava model ({@link TaskPool#submit(Task)}): a fixed ring of tasks with
 * monotonic {@code long} positions. The owner fills the tail; any worker (the owner included) takes
 * from the head by compare-and-set; a completed count tells the owner when the batch is over.
 *
 * <p>Concurrency: only the owner writes slots and the tail; the tail's volatile store publishes the
 * task and its parameters to the taker, which reads the slot before claiming it (the owner reuses a
 * slot only after the head passed it, and then the claim fails). Each task's completion is a
 * volatile increment the owner reads before {@code waitForAll} returns, so everything the tasks
 * wrote is visible to it. Head, tail and completed count are cells alone on their 128 bytes;
 * {@link #batchStart} is owner-confined.
 */
final class TaskRing {
    private static final int HEAD = 0; // next position to take (CAS by takers)
    private static final int TAIL = 1; // next position to fill (owner only, volatile)
    private static final int COMPLETED = 2; // tasks finished, monotonic

    private final PaddedCells cells = new PaddedCells(3);
    private final Task[] ring;
    private final Failures failures;
    private final Waiting waiting;
    private final Waiting.Condition allCompleted;
    private long batchStart; // owner-confined: first position of the current batch

    /** @param capacity a power of two */
    TaskRing(int capacity, Failures failures, Waiting waiting) {
        this.ring = new Task[capacity];
        this.failures = failures;
        this.waiting = waiting;
        this.allCompleted = ignored -> cells.getVolatile(COMPLETED) == cells.getVolatile(TAIL);
    }

    /** Starts a batch (owner, when it takes the pool to submit). */
    void startBatch() {
        batchStart = cells.getPlain(TAIL);
    }

    /** Queues {@code task} (owner); when the ring is full, runs queued tasks until there is room. */
    void submit(Task task) {
        long tail = cells.getPlain(TAIL);
        while (tail - cells.getVolatile(HEAD) >= ring.length) {
            Task t = poll();
            if (t != null) {
                run(t);
            } else {
                Thread.onSpinWait();
            }
        }
        ring[(int) tail & (ring.length - 1)] = task;
        cells.setVolatile(TAIL, tail + 1); // publishes the task and its parameters
        waiting.wakeWorkers();
    }

    /** @return whether a queued task is waiting to be taken (volatile reads) */
    boolean hasTasks() {
        return cells.getVolatile(HEAD) < cells.getVolatile(TAIL);
    }

    /** Runs queued tasks on the calling thread until the queue is empty. */
    void drain() {
        Task t;
        while ((t = poll()) != null) {
            run(t);
        }
    }

    /** Owner, in {@code waitForAll}: runs queued tasks, then waits until every task of the batch completed. */
    void awaitAll() {
        drain();
        if (cells.getVolatile(COMPLETED) != cells.getPlain(TAIL)) {
            waiting.await(0, allCompleted, 0);
        }
    }

    /** Ends the batch (owner, after {@link #awaitAll}): clears its slots so that no task stays reachable. */
    void endBatch() {
        long tail = cells.getPlain(TAIL);
        for (long p = batchStart; p < tail; p++) {
            ring[(int) p & (ring.length - 1)] = null; // every slot is taken and finished: no reader left
        }
        batchStart = tail;
    }

    private Task poll() {
        while (true) {
            long h = cells.getVolatile(HEAD);
            if (h >= cells.getVolatile(TAIL)) {
                return null;
            }
            // Read the slot before claiming it: the submitter overwrites slot h only after HEAD passed h,
            // and then this CAS fails.
            Task t = ring[(int) h & (ring.length - 1)];
            if (cells.compareAndSet(HEAD, h, h + 1)) {
                return t;
            }
        }
    }

    private void run(Task t) {
        try {
            t.run();
        } catch (Throwable e) {
            failures.record(e);
        } finally {
            long done = cells.getAndAdd(COMPLETED, 1) + 1;
            if (done == cells.getVolatile(TAIL)) {
                waiting.wake(0);
            }
        }
    }
}
