package jmpi.tasks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
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
 *   <li>Tasks (the ParJava model, seed 000): {@link #submit(Task)} any number of {@link Task}s, then
 *       {@link #waitForAll()}; the caller runs queued tasks itself while it waits.</li>
 * </ul>
 *
 * <h2>Dispatch cost</h2>
 * Starting a region allocates nothing and creates no thread: the caller writes the region's
 * description into fields, bumps a generation counter (one volatile store) and runs its own share.
 * Idle workers watch the counter: they spin ({@link Thread#onSpinWait()}) for up to
 * {@code jmpi.tasks.spinMicros} microseconds (default 50; a thread wake-up costs about 40 us on
 * the reference machine, a spin hand-off under 0.1 us), then park; the caller unparks only the
 * workers that announced they parked. When the pool has more workers than the machine has cores, the
 * spin is cut to 2 us and waiters yield before parking. Reductions keep one partial result per worker,
 * each alone on its own 128-byte span (no false sharing), combined by the caller in worker order.
 *
 * <h2>Memory visibility (happens-before)</h2>
 * <ul>
 *   <li>Everything the calling thread wrote before {@code parallelFor}, {@code reduce*},
 *       {@code parallel} or {@code submit} is visible to every chunk, region body and task it starts
 *       (the generation counter and the task queue's tail are published with volatile stores the
 *       workers read before running).</li>
 *   <li>Everything a chunk, region body or task wrote is visible to the calling thread after the call
 *       returns, or after {@code waitForAll} returns (each worker's completion is a volatile
 *       read-modify-write the caller reads before returning). This holds when the call throws too.</li>
 *   <li>Between workers of one region: everything written before {@link Region#barrier()} is visible
 *       to all after it. Chunks of one loop are otherwise unordered: workers writing shared data in
 *       the same region need {@link Critical}, {@link Atomics} or disjoint indices.</li>
 * </ul>
 *
 * <h2>Failures</h2>
 * An exception or error thrown by a chunk, region body or task does not stop the other workers'
 * current chunk (dynamic and guided loops stop handing out chunks; barriers of the region throw
 * {@link RegionAbortedException}); when the call (or {@code waitForAll}) completes, the first failure
 * is thrown to the caller with the later ones attached as suppressed exceptions. Unchecked exceptions
 * and errors are rethrown as they are; a checked one is wrapped in {@link TaskFailedException}. The
 * pool stays usable.
 *
 * <h2>Threads and reentrancy</h2>
 * A pool is driven by one thread at a time (its owner while a region runs or tasks are pending).
 * Nested use is not supported and is refused with an {@link IllegalStateException} naming the
 * cause: a loop body or task starting work on its own pool, a second thread using the pool while
 * another one drives it, a region started while submitted tasks are pending. Use a second pool, or
 * run the inner loop serially. Workers are daemon threads; {@link #close()} stops them.
 */
public final class TaskPool implements AutoCloseable {
    /** Property: number of workers of {@link #TaskPool()} (default: available processors). */
    public static final String THREADS_PROPERTY = "jmpi.tasks.threads";
    /** Property: how long an idle worker or a waiter spins before parking, in microseconds (default 50). */
    public static final String SPIN_PROPERTY = "jmpi.tasks.spinMicros";
    /** Property: capacity of the task queue (rounded up to a power of two, default 1024). */
    public static final String QUEUE_PROPERTY = "jmpi.tasks.queueCapacity";

    private static final long SPIN_NANOS = nonNegative(SPIN_PROPERTY, 50) * 1000L;
    private static final int QUEUE_CAPACITY = Integer.highestOneBit(
            (int) Math.max(2, Math.min(1 << 24, nonNegative(QUEUE_PROPERTY, 1024))) * 2 - 1);
    private static final long PARK_NANOS = 20_000_000L; // bounded parks: insurance only, wake-ups are explicit
    private static final AtomicInteger POOL_IDS = new AtomicInteger();
    private static final VarHandle OWNER;

    static {
        try {
            OWNER = MethodHandles.lookup().findVarHandle(TaskPool.class, "owner", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    // Cells of `cells` (each on its own 128 bytes).
    private static final int EPOCH = 0; // region generation, written by the owner (volatile)
    private static final int REMAINING = 1; // workers 1..size-1 still running their share
    private static final int NEXT = 2; // dynamic / guided: next unassigned iteration, relative to `from`
    private static final int BAR_ARRIVED = 3;
    private static final int BAR_GEN = 4;
    private static final int FAILED = 5; // 1 once a worker failed in the current region / batch
    private static final int HEAD = 6; // task queue: next position to take (CAS by takers)
    private static final int TAIL = 7; // task queue: next position to fill (owner only, volatile)
    private static final int COMPLETED = 8; // tasks finished, monotonic
    private static final int CLOSED = 9;
    private static final int CELLS = 10;

    // What the current region runs (written by the owner before the EPOCH store, read after it).
    private static final int FOR_RANGE = 1;
    private static final int FOR_WORKER = 2;
    private static final int FOR_EACH = 3;
    private static final int RED_DOUBLE = 4;
    private static final int RED_DOUBLE_EACH = 5;
    private static final int RED_LONG = 6;
    private static final int RED_LONG_EACH = 7;
    private static final int RED_OBJECT = 8;
    private static final int REGION = 9;

    // What a waiter waits for.
    private static final int W_IDLE = 0;
    private static final int W_DONE = 1;
    private static final int W_BARRIER = 2;
    private static final int W_TASKS = 3;

    private static final int MODE_REGION = 1;
    private static final int MODE_TASKS = 2;

    private final int size;
    private final long spinNanos;
    private final int yields;
    private final Worker[] workers; // index w - 1 for worker w
    private final PaddedCells cells = new PaddedCells(CELLS);
    private final PaddedCells parked; // cell w: 1 while worker w (0 = owner) announces it parks
    private final Region[] regions;
    private final double[] doublePartials; // worker w at (w + 1) * STRIDE
    private final long[] longPartials;
    private final Object[] objectPartials; // worker w at (w + 1) * OBJECT_STRIDE
    private static final int OBJECT_STRIDE = 32;
    private final Task[] ring = new Task[QUEUE_CAPACITY];
    private final Object failureLock = new Object();

    private volatile Thread owner;
    private int mode; // owner-confined
    private boolean inWaitForAll; // owner-confined
    private long batchStart; // owner-confined: first queue position of the current task batch
    private long epoch; // owner-confined copy of EPOCH
    private Throwable failure; // guarded by failureLock; read by the owner after completion

    // The current region (owner writes before publishing EPOCH).
    private int kind;
    private int from;
    private int to;
    private Schedule.Kind scheduleKind;
    private int chunk;
    private RangeBody rangeBody;
    private WorkerRangeBody workerBody;
    private IntConsumer eachBody;
    private DoubleRangeFunction doubleFunction;
    private IntToDoubleFunction doubleEach;
    private LongRangeFunction longFunction;
    private IntToLongFunction longEach;
    private Reduction reduction;
    private RangeFunction<?> objectFunction;
    private BinaryOperator<Object> combiner;
    private Object identity;
    private RegionBody regionBody;

    /** Creates a pool of {@code jmpi.tasks.threads} workers (default: the available processors). */
    public TaskPool() {
        this(defaultSize());
    }

    /**
     * Creates a pool of {@code size} workers: the calling thread (worker 0) plus {@code size - 1}
     * daemon threads started now.
     *
     * @param size number of workers, {@code >= 1}
     */
    public TaskPool(int size) {
        if (size < 1) {
            throw new IllegalArgumentException("a pool needs at least one worker: " + size);
        }
        this.size = size;
        boolean oversubscribed = size > Runtime.getRuntime().availableProcessors();
        this.spinNanos = oversubscribed ? Math.min(SPIN_NANOS, 2_000) : SPIN_NANOS;
        this.yields = oversubscribed ? 16 : 2;
        this.parked = new PaddedCells(size);
        this.regions = new Region[size];
        for (int w = 0; w < size; w++) {
            regions[w] = new Region(this, w);
        }
        this.doublePartials = new double[(size + 2) * PaddedCells.STRIDE];
        this.longPartials = new long[(size + 2) * PaddedCells.STRIDE];
        this.objectPartials = new Object[(size + 2) * OBJECT_STRIDE];
        this.workers = new Worker[size - 1];
        int id = POOL_IDS.incrementAndGet();
        for (int w = 1; w < size; w++) {
            workers[w - 1] = new Worker(this, w, "jmpi-tasks-" + id + "-" + w);
        }
        for (Worker worker : workers) {
            worker.start();
        }
    }

    /** @return the value of {@code jmpi.tasks.threads}, or the number of available processors */
    public static int defaultSize() {
        int n = Integer.getInteger(THREADS_PROPERTY, Runtime.getRuntime().availableProcessors());
        if (n < 1) {
            throw new IllegalArgumentException(THREADS_PROPERTY + " must be at least 1: " + n);
        }
        return n;
    }

    private static long nonNegative(String property, long dflt) {
        long v = Long.getLong(property, dflt);
        if (v < 0) {
            throw new IllegalArgumentException(property + " must not be negative: " + v);
        }
        return v;
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
        try {
            kind = FOR_RANGE;
            rangeBody = body;
            runLoop(from, to, schedule);
        } finally {
            rangeBody = null;
            leave();
        }
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
        try {
            kind = FOR_WORKER;
            workerBody = body;
            runLoop(from, to, schedule);
        } finally {
            workerBody = null;
            leave();
        }
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
        try {
            kind = FOR_EACH;
            eachBody = body;
            runLoop(from, to, schedule);
        } finally {
            eachBody = null;
            leave();
        }
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
        try {
            kind = REGION;
            regionBody = body;
            dispatch();
        } finally {
            regionBody = null;
            leave();
        }
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
        enterRegion();
        try {
            kind = RED_DOUBLE;
            doubleFunction = f;
            reduction = op;
            return doubleResult(from, to, schedule, op);
        } finally {
            doubleFunction = null;
            leave();
        }
    }

    /**
     * @param from first index
     * @param to one past the last index
     * @param f the value of index {@code i}
     * @return the sum of {@code f(i)}, static schedule, deterministic for a given pool size
     */
    public double sumDouble(int from, int to, IntToDoubleFunction f) {
        return reduceEach(from, to, Reduction.SUM, f);
    }

    /**
     * @param from first index
     * @param to one past the last index
     * @param f the value of index {@code i}
     * @return the minimum of {@code f(i)} (+infinity for an empty range)
     */
    public double minDouble(int from, int to, IntToDoubleFunction f) {
        return reduceEach(from, to, Reduction.MIN, f);
    }

    /**
     * @param from first index
     * @param to one past the last index
     * @param f the value of index {@code i}
     * @return the maximum of {@code f(i)} (-infinity for an empty range)
     */
    public double maxDouble(int from, int to, IntToDoubleFunction f) {
        return reduceEach(from, to, Reduction.MAX, f);
    }

    private double reduceEach(int from, int to, Reduction op, IntToDoubleFunction f) {
        Objects.requireNonNull(f, "f");
        enterRegion();
        try {
            kind = RED_DOUBLE_EACH;
            doubleEach = f;
            reduction = op;
            return doubleResult(from, to, Schedule.STATIC, op);
        } finally {
            doubleEach = null;
            leave();
        }
    }

    private double doubleResult(int from, int to, Schedule schedule, Reduction op) {
        runLoop(from, to, schedule);
        double r = op.identityDouble();
        for (int w = 0; w < size; w++) {
            r = op.combine(r, doublePartials[(w + 1) * PaddedCells.STRIDE]);
        }
        return r;
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
        enterRegion();
        try {
            kind = RED_LONG;
            longFunction = f;
            reduction = op;
            return longResult(from, to, schedule, op);
        } finally {
            longFunction = null;
            leave();
        }
    }

    /**
     * @param from first index
     * @param to one past the last index
     * @param f the value of index {@code i}
     * @return the sum of {@code f(i)} (exact, wrapping on overflow like {@code +})
     */
    public long sumLong(int from, int to, IntToLongFunction f) {
        return reduceLongEach(from, to, Reduction.SUM, f);
    }

    /**
     * @param from first index
     * @param to one past the last index
     * @param f the value of index {@code i}
     * @return the minimum of {@code f(i)} ({@code Long.MAX_VALUE} for an empty range)
     */
    public long minLong(int from, int to, IntToLongFunction f) {
        return reduceLongEach(from, to, Reduction.MIN, f);
    }

    /**
     * @param from first index
     * @param to one past the last index
     * @param f the value of index {@code i}
     * @return the maximum of {@code f(i)} ({@code Long.MIN_VALUE} for an empty range)
     */
    public long maxLong(int from, int to, IntToLongFunction f) {
        return reduceLongEach(from, to, Reduction.MAX, f);
    }

    private long reduceLongEach(int from, int to, Reduction op, IntToLongFunction f) {
        Objects.requireNonNull(f, "f");
        enterRegion();
        try {
            kind = RED_LONG_EACH;
            longEach = f;
            reduction = op;
            return longResult(from, to, Schedule.STATIC, op);
        } finally {
            longEach = null;
            leave();
        }
    }

    private long longResult(int from, int to, Schedule schedule, Reduction op) {
        runLoop(from, to, schedule);
        long r = op.identityLong();
        for (int w = 0; w < size; w++) {
            r = op.combine(r, longPartials[(w + 1) * PaddedCells.STRIDE]);
        }
        return r;
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
    @SuppressWarnings("unchecked")
    public <T> T reduce(int from, int to, Schedule schedule, T identity, BinaryOperator<T> combiner,
            RangeFunction<T> f) {
        Objects.requireNonNull(f, "f");
        Objects.requireNonNull(combiner, "combiner");
        enterRegion();
        try {
            kind = RED_OBJECT;
            objectFunction = f;
            this.combiner = (BinaryOperator<Object>) combiner;
            this.identity = identity;
            runLoop(from, to, schedule);
            T r = identity;
            for (int w = 0; w < size; w++) {
                int at = (w + 1) * OBJECT_STRIDE;
                r = combiner.apply(r, (T) objectPartials[at]);
                objectPartials[at] = null;
            }
            return r;
        } finally {
            objectFunction = null;
            this.combiner = null;
            this.identity = null;
            leave();
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
        long tail = cells.getPlain(TAIL);
        while (tail - cells.getVolatile(HEAD) >= ring.length) {
            Task t = poll();
            if (t != null) {
                runTask(t);
            } else {
                Thread.onSpinWait();
            }
        }
        ring[(int) tail & (ring.length - 1)] = task;
        cells.setVolatile(TAIL, tail + 1); // publishes the task and its parameters
        wakeParkedWorkers();
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
        Thread me = Thread.currentThread();
        refuseWorkerThread(me, "waitForAll");
        Thread o = owner;
        if (o == null) {
            return;
        }
        if (o != me) {
            throw new IllegalStateException("waitForAll: the tasks of this pool were submitted by thread "
                    + o.getName() + ", not by " + me.getName());
        }
        if (mode != MODE_TASKS || inWaitForAll) {
            throw new IllegalStateException("waitForAll called from inside a parallel region or a task of the same pool");
        }
        inWaitForAll = true;
        Throwable f;
        try {
            Task t;
            while ((t = poll()) != null) {
                runTask(t);
            }
            if (cells.getVolatile(COMPLETED) != cells.getPlain(TAIL)) {
                await(0, W_TASKS, 0);
            }
        } finally {
            inWaitForAll = false;
            long tail = cells.getPlain(TAIL);
            for (long p = batchStart; p < tail; p++) {
                ring[(int) p & (ring.length - 1)] = null; // every slot is taken and finished: no reader left
            }
            batchStart = tail;
            f = takeFailure();
            leave();
        }
        if (f != null) {
            throw propagate(f);
        }
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

    private void runTask(Task t) {
        try {
            t.run();
        } catch (Throwable e) {
            recordFailure(e);
        } finally {
            long done = cells.getAndAdd(COMPLETED, 1) + 1;
            if (done == cells.getVolatile(TAIL)) {
                wake(0);
            }
        }
    }

    // ---------------------------------------------------------------- ownership

    private void enterRegion() {
        Thread me = Thread.currentThread();
        refuseWorkerThread(me, "a parallel loop or region");
        if (!OWNER.compareAndSet(this, (Thread) null, me)) {
            refuseBusy(me);
        }
        if (cells.getVolatile(CLOSED) != 0) {
            owner = null;
            throw new IllegalStateException("the task pool is closed");
        }
        mode = MODE_REGION;
    }

    private void enterTasks() {
        Thread me = Thread.currentThread();
        refuseWorkerThread(me, "submit");
        if (owner == me && mode == MODE_TASKS && !inWaitForAll) {
            return;
        }
        if (!OWNER.compareAndSet(this, (Thread) null, me)) {
            refuseBusy(me);
        }
        if (cells.getVolatile(CLOSED) != 0) {
            owner = null;
            throw new IllegalStateException("the task pool is closed");
        }
        mode = MODE_TASKS;
        batchStart = cells.getPlain(TAIL);
    }

    private void refuseWorkerThread(Thread me, String what) {
        if (me instanceof Worker w && w.pool == this) {
            throw new IllegalStateException(what + " on a pool from one of its own workers: nested use of a "
                    + "TaskPool is not supported (run the inner work serially, or use a second pool)");
        }
    }

    private void refuseBusy(Thread me) {
        if (cells.getVolatile(CLOSED) != 0) {
            throw new IllegalStateException("the task pool is closed");
        }
        Thread o = owner;
        if (o == me) {
            if (mode == MODE_TASKS && !inWaitForAll) {
                throw new IllegalStateException("tasks submitted by this thread are pending: call waitForAll() "
                        + "before starting a parallel loop or region on the same pool");
            }
            throw new IllegalStateException("nested use of a TaskPool: a loop body, region or task started work on "
                    + "its own pool (run the inner work serially, or use a second pool)");
        }
        throw new IllegalStateException("the task pool is in use by thread " + (o == null ? "?" : o.getName())
                + ": a pool is driven by one thread at a time");
    }

    private void leave() {
        owner = null;
    }

    // ---------------------------------------------------------------- dispatch

    private void runLoop(int from, int to, Schedule schedule) {
        Objects.requireNonNull(schedule, "schedule");
        this.from = from;
        this.to = Math.max(from, to);
        this.scheduleKind = schedule.kind();
        int c = schedule.chunk();
        if (c == 0 && scheduleKind == Schedule.Kind.DYNAMIC) {
            c = (int) Math.max(1, ((long) this.to - from) / (8L * size));
        }
        this.chunk = c;
        dispatch();
    }

    private void dispatch() {
        synchronized (failureLock) {
            failure = null;
        }
        cells.setPlain(FAILED, 0);
        cells.setPlain(NEXT, 0);
        cells.setPlain(BAR_ARRIVED, 0);
        if (size == 1) {
            runShare(0);
        } else {
            cells.setPlain(REMAINING, size - 1);
            cells.setVolatile(EPOCH, ++epoch); // publishes the region to the workers
            wakeParkedWorkers();
            runShare(0);
            if (cells.getVolatile(REMAINING) != 0) {
                await(0, W_DONE, 0);
            }
        }
        Throwable f = takeFailure();
        if (f != null) {
            throw propagate(f);
        }
    }

    private Throwable takeFailure() {
        synchronized (failureLock) {
            Throwable f = failure;
            failure = null;
            cells.setPlain(FAILED, 0);
            return f;
        }
    }

    private static RuntimeException propagate(Throwable f) {
        if (f instanceof RuntimeException r) {
            throw r;
        }
        if (f instanceof Error e) {
            throw e;
        }
        throw new TaskFailedException(f);
    }

    private void recordFailure(Throwable t) {
        synchronized (failureLock) {
            if (failure == null) {
                failure = t;
            } else if (t != failure && !(t instanceof RegionAbortedException)) {
                failure.addSuppressed(t);
            }
        }
        cells.setVolatile(FAILED, 1);
    }

    /** Runs worker {@code w}'s share of the current region, recording (never losing) its failure. */
    private void runShare(int w) {
        try {
            if (kind == REGION) {
                regionBody.run(regions[w]);
            } else {
                shareOfLoop(w);
            }
        } catch (Throwable t) {
            recordFailure(t);
        }
    }

    private void shareOfLoop(int w) {
        startPartial(w);
        int lo = from;
        int hi = to;
        long n = (long) hi - lo;
        switch (scheduleKind) {
            case STATIC -> {
                if (chunk == 0) {
                    int s = Splitter.start(lo, hi, size, w);
                    int e = Splitter.start(lo, hi, size, w + 1);
                    if (s < e) {
                        chunk(w, s, e);
                    }
                } else {
                    for (long s = (long) w * chunk; s < n; s += (long) size * chunk) {
                        chunk(w, (int) (lo + s), (int) (lo + Math.min(s + chunk, n)));
                    }
                }
            }
            case DYNAMIC -> {
                while (cells.getVolatile(FAILED) == 0) {
                    long s = cells.getAndAdd(NEXT, chunk);
                    if (s >= n) {
                        break;
                    }
                    chunk(w, (int) (lo + s), (int) (lo + Math.min(s + chunk, n)));
                }
            }
            case GUIDED -> {
                while (cells.getVolatile(FAILED) == 0) {
                    long s = cells.getVolatile(NEXT);
                    long rest = n - s;
                    if (rest <= 0) {
                        break;
                    }
                    long c = Math.min(rest, Math.max(chunk, (rest + size - 1) / size));
                    if (cells.compareAndSet(NEXT, s, s + c)) {
                        chunk(w, (int) (lo + s), (int) (lo + s + c));
                    }
                }
            }
        }
    }

    private void startPartial(int w) {
        switch (kind) {
            case RED_DOUBLE, RED_DOUBLE_EACH -> doublePartials[(w + 1) * PaddedCells.STRIDE] = reduction.identityDouble();
            case RED_LONG, RED_LONG_EACH -> longPartials[(w + 1) * PaddedCells.STRIDE] = reduction.identityLong();
            case RED_OBJECT -> objectPartials[(w + 1) * OBJECT_STRIDE] = identity;
            default -> {
            }
        }
    }

    private void chunk(int w, int s, int e) {
        switch (kind) {
            case FOR_RANGE -> rangeBody.run(s, e);
            case FOR_WORKER -> workerBody.run(w, s, e);
            case FOR_EACH -> {
                IntConsumer b = eachBody;
                for (int i = s; i < e; i++) {
                    b.accept(i);
                }
            }
            case RED_DOUBLE -> {
                int at = (w + 1) * PaddedCells.STRIDE;
                doublePartials[at] = reduction.combine(doublePartials[at], doubleFunction.apply(s, e));
            }
            case RED_DOUBLE_EACH -> {
                int at = (w + 1) * PaddedCells.STRIDE;
                IntToDoubleFunction f = doubleEach;
                Reduction op = reduction;
                double acc = doublePartials[at];
                if (op == Reduction.SUM) {
                    for (int i = s; i < e; i++) {
                        acc += f.applyAsDouble(i);
                    }
                } else {
                    for (int i = s; i < e; i++) {
                        acc = op.combine(acc, f.applyAsDouble(i));
                    }
                }
                doublePartials[at] = acc;
            }
            case RED_LONG -> {
                int at = (w + 1) * PaddedCells.STRIDE;
                longPartials[at] = reduction.combine(longPartials[at], longFunction.apply(s, e));
            }
            case RED_LONG_EACH -> {
                int at = (w + 1) * PaddedCells.STRIDE;
                IntToLongFunction f = longEach;
                Reduction op = reduction;
                long acc = longPartials[at];
                for (int i = s; i < e; i++) {
                    acc = op.combine(acc, f.applyAsLong(i));
                }
                longPartials[at] = acc;
            }
            case RED_OBJECT -> {
                int at = (w + 1) * OBJECT_STRIDE;
                objectPartials[at] = combiner.apply(objectPartials[at], objectFunction.apply(s, e));
            }
            default -> throw new IllegalStateException("no loop running: " + kind);
        }
    }

    /** Worker {@code w}'s end of its share: the last one to finish wakes the owner if it parked. */
    private void finishShare() {
        if (cells.getAndAdd(REMAINING, -1) == 1) {
            wake(0);
        }
    }

    void barrier(int w) {
        if (size == 1) {
            return;
        }
        long gen = cells.getVolatile(BAR_GEN);
        if (cells.getAndAdd(BAR_ARRIVED, 1) == size - 1) {
            cells.setVolatile(BAR_ARRIVED, 0);
            cells.setVolatile(BAR_GEN, gen + 1); // releases the others, publishing everyone's writes
            for (int v = 0; v < size; v++) {
                if (v != w) {
                    wake(v);
                }
            }
            return;
        }
        if (cells.getVolatile(BAR_GEN) == gen) {
            await(w, W_BARRIER, gen);
        }
        if (cells.getVolatile(BAR_GEN) == gen) {
            throw new RegionAbortedException();
        }
    }

    // ---------------------------------------------------------------- waiting and waking

    private boolean ready(int what, long arg) {
        return switch (what) {
            case W_IDLE -> cells.getVolatile(EPOCH) != arg || cells.getVolatile(HEAD) < cells.getVolatile(TAIL)
                    || cells.getVolatile(CLOSED) != 0;
            case W_DONE -> cells.getVolatile(REMAINING) == 0;
            case W_BARRIER -> cells.getVolatile(BAR_GEN) != arg || cells.getVolatile(FAILED) != 0;
            case W_TASKS -> cells.getVolatile(COMPLETED) == cells.getVolatile(TAIL);
            default -> throw new IllegalArgumentException("wait " + what);
        };
    }

    /**
     * Waits as worker {@code w} until {@code ready(what, arg)}: spin, then yield, then park. The park
     * hand-shake is Dekker-style on volatiles: the waiter announces ({@code parked[w] = 1}) and then
     * re-checks; a waker publishes its change and then looks at {@code parked[w]}.
     */
    private void await(int w, int what, long arg) {
        long spinStart = 0;
        for (int i = 1;; i++) {
            if (ready(what, arg)) {
                return;
            }
            if ((i & 63) == 0) {
                long now = System.nanoTime();
                if (spinStart == 0) {
                    spinStart = now;
                } else if (now - spinStart >= spinNanos) {
                    break;
                }
            }
            Thread.onSpinWait();
        }
        for (int i = 0; i < yields; i++) {
            if (ready(what, arg)) {
                return;
            }
            Thread.yield();
        }
        while (true) {
            parked.setVolatile(w, 1);
            if (ready(what, arg)) {
                parked.setVolatile(w, 0);
                return;
            }
            LockSupport.parkNanos(this, PARK_NANOS);
            parked.setVolatile(w, 0);
            if (ready(what, arg)) {
                return;
            }
        }
    }

    private void wake(int w) {
        if (parked.getVolatile(w) != 0) {
            Thread t = w == 0 ? owner : workers[w - 1];
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    private void wakeParkedWorkers() {
        for (int w = 1; w < size; w++) {
            wake(w);
        }
    }

    // ---------------------------------------------------------------- workers and shutdown

    private void workerLoop(int w) {
        long seen = 0; // EPOCH's initial value: a region published before this thread ran is not missed
        while (true) {
            if (!ready(W_IDLE, seen)) {
                await(w, W_IDLE, seen);
            }
            long e = cells.getVolatile(EPOCH);
            if (e != seen) {
                seen = e;
                runShare(w);
                finishShare();
                continue;
            }
            Task t;
            while ((t = poll()) != null) {
                runTask(t);
            }
            if (cells.getVolatile(CLOSED) != 0) {
                return;
            }
        }
    }

    /**
     * Stops the workers once the pool is idle (waiting for a running region or pending tasks of
     * another thread to finish) and joins them. Idempotent. Later calls to the pool throw
     * {@link IllegalStateException}. Not needed at exit: workers are daemon threads.
     */
    @Override
    public void close() {
        Thread me = Thread.currentThread();
        refuseWorkerThread(me, "close");
        if (cells.getVolatile(CLOSED) != 0) {
            return;
        }
        if (owner == me) {
            throw new IllegalStateException("close() inside a parallel region, or with pending tasks (call waitForAll first)");
        }
        while (!OWNER.compareAndSet(this, (Thread) null, me)) {
            if (cells.getVolatile(CLOSED) != 0) {
                return;
            }
            LockSupport.parkNanos(100_000);
        }
        cells.setVolatile(CLOSED, 1); // the owner slot stays taken: nothing can start any more
        wakeParkedWorkers();
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
        return cells.getVolatile(CLOSED) != 0;
    }

    @Override
    public String toString() {
        return "TaskPool[" + size + " workers" + (isClosed() ? ", closed" : "") + "]";
    }

    /** A pool thread: runs {@link #workerLoop} as worker {@code w}. */
    private static final class Worker extends Thread {
        final TaskPool pool;
        private final int w;

        Worker(TaskPool pool, int w, String name) {
            super(name);
            this.pool = pool;
            this.w = w;
            setDaemon(true);
        }

        @Override
        public void run() {
            pool.workerLoop(w);
        }
    }
}
