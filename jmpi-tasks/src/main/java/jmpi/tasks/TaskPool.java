package jmpi.tasks;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntToLongFunction;

/**
 * A fixed pool of workers created once per process: the calling thread is worker 0 and
 * {@code size() - 1} daemon threads are workers {@code 1 .. size()-1}. Two programming models share
 * it:
 *
 * <ul>
 *   <li>Parallel regions (the modern API): {@link #parallelFor} with {@link Schedule static, dynamic
 *       and guided} chunking, reductions ({@link #reduceDouble}, {@link #reduceLong},
 *       {@link #reduce}, {@link #sumDouble}...), and {@link #parallel(RegionBody)} where every worker
 *       runs one body with a {@link Region#barrier() barrier}. The call returns when every worker has
 *       finished its share.</li>
 *   <li>Tasks (the ParJava model of Akopyan, "Using multithreaded processes in the ParJava
 *       environment", Proc. ISP RAS 27(2), 2015): {@link #submit(Task)} any number of {@link Task}s, then
 *       {@link #waitForAll()}; the caller runs queued tasks itself while it waits.</li>
 * </ul>
 *
 * <h2>Dispatch cost</h2>
 * Starting a region allocates nothing and creates no thread: the caller writes the region's
 * description into a reusable descriptor ({@code Work}), bumps a generation counter (one volatile
 * store, {@code Dispatch}) and runs its own share. Idle workers watch the counter with the idle
 * policy shared with the engine ({@link jmpi.spi.Backoff}, properties {@code jmpi.wait.*}): they spin
 * ({@link Thread#onSpinWait()}) for {@code jmpi.wait.spinNanos} (default 50 us: a thread wake-up
 * costs about 40 us on the reference machine, a spin hand-off under 0.1 us), yield for
 * {@code jmpi.wait.yieldNanos}, then park ({@code Waiting}); the caller unparks only the workers that
 * announced they parked. When the pool has more workers than the machine has cores, the spin and
 * yield phases shrink (2 us, 20 us). Reductions keep one partial result per worker, each alone on its
 * own 128-byte span (no false sharing), combined by the caller in worker order ({@code Reduce}).
 *
 * <h2>Structure</h2>
 * This class is the facade: the public API and the ownership rules ({@code Ownership}). The parts:
 * {@code Dispatch} (hand-off of a region to the workers), {@code Work} and its subclasses (what a
 * region runs: {@code Loop}, {@code Reduce}, {@code RegionWork}), {@code RegionBarrier},
 * {@code TaskRing} (the task queue), {@code Waiting} (wait and wake), {@code Failures},
 * {@code Worker} (the pool threads) and {@link TaskSetting} (the properties).
 *
 * <h2>Memory visibility and failures</h2>
 * As the package documentation says: what the caller wrote before a call is visible to the work it
 * starts, what that work wrote is visible to the caller after the call (even when it throws), a
 * region's barrier orders its workers; the first failure is thrown to the caller, later ones
 * suppressed, and the pool stays usable.
 *
 * <h2>Threads and reentrancy</h2>
 * A pool is driven by one thread at a time (its owner while a region runs or tasks are pending).
 * Nested use is not supported and is refused with an {@link IllegalStateException} naming the
 * cause: a loop body or task starting work on its own pool, a second thread using the pool while
 * another one drives it, a region started while submitted tasks are pending. Use a second pool, or
 * run the inner loop serially. Workers are daemon threads; {@link #close()} stops them.
 */
public final class TaskPool implements AutoCloseable {
    /** Property: number of workers of {@link #TaskPool()} (default: available processors); see {@link TaskSetting#THREADS}. */
    public static final String THREADS_PROPERTY = "jmpi.tasks.threads";
    /**
     * Property: how long an idle worker or a waiter spins before yielding, in microseconds.
     *
     * @deprecated an alias kept for old command lines: {@code jmpi.wait.spinNanos} sets the spin of the
     *     engine and the pool alike ({@link jmpi.spi.WaitSetting}); see {@link TaskSetting#SPIN_MICROS}
     */
    @Deprecated
    public static final String SPIN_PROPERTY = "jmpi.tasks.spinMicros";
    /** Property: capacity of the task queue (rounded up to a power of two, default 1024); see {@link TaskSetting#QUEUE_CAPACITY}. */
    public static final String QUEUE_PROPERTY = "jmpi.tasks.queueCapacity";

    private static final AtomicInteger POOL_IDS = new AtomicInteger();

    private final int size;
    private final Ownership ownership = new Ownership();
    private final Failures failures = new Failures();
    private final Waiting waiting;
    private final Dispatch dispatch;
    private final TaskRing ring;
    private final Worker[] workers; // index w - 1 for worker w
    // One reusable descriptor per kind of region (written by the owner, published by Dispatch).
    private final Loop.Range range;
    private final Loop.PerWorker perWorker;
    private final Loop.Each each;
    private final Reduce.Doubles doubles;
    private final Reduce.Longs longs;
    private final Reduce.Generic generic;
    private final RegionWork region;

    /** Creates a pool of {@code jmpi.tasks.threads} workers (default: the available processors). */
    public TaskPool() {
        this(defaultSize());
    }

    /**
     * Creates a pool of {@code size} workers: the calling thread (worker 0) plus {@code size - 1}
     * daemon threads started now. Reads the {@link TaskSetting} and {@link jmpi.spi.WaitSetting}
     * properties.
     *
     * @param size number of workers, {@code >= 1}
     * @throws IllegalArgumentException if {@code size < 1}, or a property is malformed (naming it)
     */
    public TaskPool(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a pool needs at least one worker: " + size);
        }
        this.size = size;
        this.waiting = new Waiting(size, TaskSetting.backoff(size), ownership);
        this.dispatch = new Dispatch(size, failures, waiting);
        this.ring = new TaskRing(TaskSetting.queueCapacity(), failures, waiting);
        this.range = new Loop.Range(size, failures);
        this.perWorker = new Loop.PerWorker(size, failures);
        this.each = new Loop.Each(size, failures);
        this.doubles = new Reduce.Doubles(size, failures);
        this.longs = new Reduce.Longs(size, failures);
        this.generic = new Reduce.Generic(size, failures);
        this.region = new RegionWork(size, new RegionBarrier(size, failures, waiting));
        this.workers = new Worker[size - 1];
        int id = POOL_IDS.incrementAndGet();
        for (int w = 1; w < size; w++) {
            workers[w - 1] = new Worker(w, "jmpi-tasks-" + id + "-" + w, dispatch, ring, ownership, waiting);
            waiting.register(w, workers[w - 1]);
        }
        for (Worker worker : workers) {
            worker.start();
        }
    }

    /**
     * @return the value of {@code jmpi.tasks.threads}, or the number of available processors
     * @throws IllegalArgumentException if the property is malformed or below 1
     */
    public static int defaultSize() {
        return TaskSetting.threads();
    }

    /** @return the number of workers, including the calling thread */
    public int size() {
        return size;
    }

    // ---------------------------------------------------------------- parallel loops

    /**
     * Runs {@code body} over {@code [from, to)} split into one near-equal block per worker.
     *
     * @param from first index
     * @param to one past the last index (nothing runs if {@code to <= from})
     * @param body called once per non-empty block
     */
    public void parallelFor(int from, int to, RangeBody body) {
        parallelFor(from, to, Schedule.STATIC, body);
    }

    /**
     * Runs {@code body} over the chunks of {@code [from, to)} dealt by {@code schedule}.
     *
     * @param from first index
     * @param to one past the last index
     * @param schedule how chunks are dealt
     * @param body called once per chunk
     */
    public void parallelFor(int from, int to, Schedule schedule, RangeBody body) {
        Objects.requireNonNull(body, "body");
        enterRegion();
        range.set(body);
        runLoop(range, from, to, schedule);
    }

    /**
     * Like {@link #parallelFor(int, int, RangeBody)}, telling the body which worker runs each block.
     *
     * @param from first index
     * @param to one past the last index
     * @param body called once per non-empty block with the worker's number
     */
    public void parallelFor(int from, int to, WorkerRangeBody body) {
        parallelFor(from, to, Schedule.STATIC, body);
    }

    /**
     * Like {@link #parallelFor(int, int, Schedule, RangeBody)}, telling the body which worker runs
     * each chunk (for per-worker scratch memory).
     *
     * @param from first index
     * @param to one past the last index
     * @param schedule how chunks are dealt
     * @param body called once per chunk with the worker's number
     */
    public void parallelFor(int from, int to, Schedule schedule, WorkerRangeBody body) {
        Objects.requireNonNull(body, "body");
        enterRegion();
        perWorker.set(body);
        runLoop(perWorker, from, to, schedule);
    }

    /**
     * Calls {@code body} once per index of {@code [from, to)}, chunks dealt by {@code schedule}.
     * Convenient; a {@link RangeBody} is faster for short bodies (its loop compiles like a serial one).
     *
     * @param from first index
     * @param to one past the last index
     * @param schedule how chunks are dealt
     * @param body called once per index
     */
    public void parallelForEach(int from, int to, Schedule schedule, IntConsumer body) {
        Objects.requireNonNull(body, "body");
        enterRegion();
        each.set(body);
        runLoop(each, from, to, schedule);
    }

    /**
     * Runs a parallel region: every worker calls {@code body} once with its own {@link Region}
     * (worker number, barrier, block bounds).
     *
     * @param body what every worker runs
     */
    public void parallel(RegionBody body) {
        Objects.requireNonNull(body, "body");
        enterRegion();
        region.set(body);
        run(region);
    }

    // ---------------------------------------------------------------- reductions

    /**
     * Reduces partial results over {@code [from, to)} with the static schedule: worker {@code w}
     * computes {@code f} over its block, and the caller combines the partials in worker order, so
     * a floating-point result is the same on every run with the same pool size.
     *
     * @param from first index
     * @param to one past the last index
     * @param op the reduction
     * @param f the partial result over one chunk
     * @return the reduction of all partials ({@code op}'s identity if the range is empty)
     */
    public double reduceDouble(int from, int to, Reduction op, DoubleRangeFunction f) {
        return reduceDouble(from, to, Schedule.STATIC, op, f);
    }

    /**
     * Reduces partial results over the chunks dealt by {@code schedule}; each worker folds its
     * chunks' partials in the order it ran them, then the caller combines the workers' results in
     * worker order. Deterministic for floating point with static schedules; dynamic and guided ones
     * may group the chunks differently on each run.
     *
     * @param from first index
     * @param to one past the last index
     * @param schedule how chunks are dealt
     * @param op the reduction
     * @param f the partial result over one chunk
     * @return the reduction of all partials
     */
    public double reduceDouble(int from, int to, Schedule schedule, Reduction op, DoubleRangeFunction f) {
        Objects.requireNonNull(f, "f");
        Objects.requireNonNull(op, "op");
        return reduceDoubles(from, to, schedule, op, f, null);
    }

    /** @return the sum of {@code f(i)} over {@code [from, to)}, static schedule, deterministic for a given pool size */
    public double sumDouble(int from, int to, IntToDoubleFunction f) {
        return reduceDoubles(from, to, Schedule.STATIC, Reduction.SUM, null, Objects.requireNonNull(f, "f"));
    }

    /** @return the minimum of {@code f(i)} over {@code [from, to)} (+infinity for an empty range) */
    public double minDouble(int from, int to, IntToDoubleFunction f) {
        return reduceDoubles(from, to, Schedule.STATIC, Reduction.MIN, null, Objects.requireNonNull(f, "f"));
    }

    /** @return the maximum of {@code f(i)} over {@code [from, to)} (-infinity for an empty range) */
    public double maxDouble(int from, int to, IntToDoubleFunction f) {
        return reduceDoubles(from, to, Schedule.STATIC, Reduction.MAX, null, Objects.requireNonNull(f, "f"));
    }

    /** Every reduction of doubles: over chunks ({@code chunks}) or over indices ({@code each}). */
    private double reduceDoubles(int from, int to, Schedule schedule, Reduction op, DoubleRangeFunction chunks,
            IntToDoubleFunction each) {
        enterRegion();
        doubles.set(op, chunks, each);
        runLoop(doubles, from, to, schedule);
        return doubles.result();
    }

    /**
     * Reduces partial results of longs over {@code [from, to)} (static schedule); exact.
     *
     * @param from first index
     * @param to one past the last index
     * @param op the reduction
     * @param f the partial result over one chunk
     * @return the reduction of all partials
     */
    public long reduceLong(int from, int to, Reduction op, LongRangeFunction f) {
        return reduceLong(from, to, Schedule.STATIC, op, f);
    }

    /**
     * Reduces partial results of longs over the chunks dealt by {@code schedule}; exact.
     *
     * @param from first index
     * @param to one past the last index
     * @param schedule how chunks are dealt
     * @param op the reduction
     * @param f the partial result over one chunk
     * @return the reduction of all partials
     */
    public long reduceLong(int from, int to, Schedule schedule, Reduction op, LongRangeFunction f) {
        Objects.requireNonNull(f, "f");
        Objects.requireNonNull(op, "op");
        return reduceLongs(from, to, schedule, op, f, null);
    }

    /** @return the sum of {@code f(i)} over {@code [from, to)} (exact, wrapping on overflow like {@code +}) */
    public long sumLong(int from, int to, IntToLongFunction f) {
        return reduceLongs(from, to, Schedule.STATIC, Reduction.SUM, null, Objects.requireNonNull(f, "f"));
    }

    /** @return the minimum of {@code f(i)} over {@code [from, to)} ({@code Long.MAX_VALUE} for an empty range) */
    public long minLong(int from, int to, IntToLongFunction f) {
        return reduceLongs(from, to, Schedule.STATIC, Reduction.MIN, null, Objects.requireNonNull(f, "f"));
    }

    /** @return the maximum of {@code f(i)} over {@code [from, to)} ({@code Long.MIN_VALUE} for an empty range) */
    public long maxLong(int from, int to, IntToLongFunction f) {
        return reduceLongs(from, to, Schedule.STATIC, Reduction.MAX, null, Objects.requireNonNull(f, "f"));
    }

    /** Every reduction of longs: over chunks ({@code chunks}) or over indices ({@code each}). */
    private long reduceLongs(int from, int to, Schedule schedule, Reduction op, LongRangeFunction chunks,
            IntToLongFunction each) {
        enterRegion();
        longs.set(op, chunks, each);
        runLoop(longs, from, to, schedule);
        return longs.result();
    }

    /**
     * A generic reduction with the static schedule: worker {@code w} computes
     * {@code combiner(identity, f(block))}, and the caller folds the workers' results in worker order
     * starting from {@code identity}. The combiner must be associative and {@code identity} its
     * identity; it may return a new object or its first argument updated.
     *
     * @param from first index
     * @param to one past the last index
     * @param identity the combiner's identity
     * @param combiner an associative combination of partials
     * @param f the partial result over one chunk
     * @param <T> the type of the results
     * @return the combination of all partials
     */
    public <T> T reduce(int from, int to, T identity, BinaryOperator<T> combiner, RangeFunction<T> f) {
        return reduce(from, to, Schedule.STATIC, identity, combiner, f);
    }

    /**
     * A generic reduction over the chunks dealt by {@code schedule} (see
     * {@link #reduce(int, int, Object, BinaryOperator, RangeFunction)}).
     *
     * @param from first index
     * @param to one past the last index
     * @param schedule how chunks are dealt
     * @param identity the combiner's identity
     * @param combiner an associative combination of partials
     * @param f the partial result over one chunk
     * @param <T> the type of the results
     * @return the combination of all partials
     */
    public <T> T reduce(int from, int to, Schedule schedule, T identity, BinaryOperator<T> combiner,
            RangeFunction<T> f) {
        Objects.requireNonNull(f, "f");
        Objects.requireNonNull(combiner, "combiner");
        enterRegion();
        generic.set(identity, combiner, f);
        runLoop(generic, from, to, schedule);
        return generic.takeResult();
    }

    /** Runs {@code loop} over {@code [from, to)} as {@code schedule} deals it (the caller just entered the region). */
    private void runLoop(Loop loop, int from, int to, Schedule schedule) {
        try {
            loop.deal(from, to, schedule);
            dispatch.run(loop);
        } finally {
            leave(loop);
        }
    }

    /** Runs {@code work} on every worker (the caller just entered the region). */
    private void run(Work work) {
        try {
            dispatch.run(work);
        } finally {
            leave(work);
        }
    }

    // ---------------------------------------------------------------- tasks (ParJava model)

    /**
     * Queues {@code task} for the workers (ParJava's {@code setTask}). The first submit makes the
     * calling thread the pool's owner until {@link #waitForAll()}. Allocates nothing; when the queue
     * is full the caller runs queued tasks itself until there is room.
     *
     * @param task the task, with its parameters already set
     */
    public void submit(Task task) {
        Objects.requireNonNull(task, "task");
        enterTasks();
        ring.submit(task);
    }

    /**
     * ParJava's name for {@link #submit(Task)}.
     *
     * @param task the task
     */
    public void setTask(Task task) {
        submit(task);
    }

    /**
     * Blocks until every submitted task has finished, running queued tasks on the calling thread
     * meanwhile, then releases the pool. Everything the tasks wrote is visible afterwards. Throws the
     * first task failure (later ones suppressed) after all tasks ended. Returns at once if nothing was
     * submitted.
     */
    public void waitForAll() {
        if (!ownership.claimForWaitForAll(Thread.currentThread())) {
            return;
        }
        Throwable f;
        try {
            ring.awaitAll();
        } finally {
            ownership.inWaitForAll(false);
            ring.endBatch();
            f = failures.take();
            ownership.release();
        }
        if (f != null) {
            throw Failures.propagate(f);
        }
    }

    // ---------------------------------------------------------------- ownership

    private void enterRegion() {
        ownership.claimForRegion(Thread.currentThread());
    }

    private void enterTasks() {
        if (ownership.claimForTasks(Thread.currentThread())) {
            ring.startBatch();
        }
    }

    /** Ends a region: drops the caller's bodies from {@code work} and releases the pool. */
    private void leave(Work work) {
        work.clear();
        ownership.release();
    }

    // ---------------------------------------------------------------- shutdown

    /**
     * Stops the workers once the pool is idle (waiting for a running region or pending tasks of
     * another thread to finish) and joins them. Idempotent. Later calls to the pool throw
     * {@link IllegalStateException}. Not needed at exit: workers are daemon threads.
     */
    @Override
    public void close() {
        if (!ownership.closeWhenIdle(Thread.currentThread())) {
            return;
        }
        waiting.wakeWorkers();
        for (Worker worker : workers) {
            try {
                worker.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** @return whether {@link #close()} was called */
    public boolean isClosed() {
        return ownership.closed();
    }

    @Override
    public String toString() {
        return "TaskPool[" + size + " workers" + (isClosed() ? ", closed" : "") + "]";
    }
}
