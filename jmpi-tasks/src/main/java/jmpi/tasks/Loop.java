package jmpi.tasks;

import java.util.Objects;
import java.util.function.IntConsumer;

/**
 * The descriptor of a parallel loop: the bounds {@code [from, to)} and the {@link Schedule} that
 * deals its chunks; each worker's share is the chunks the schedule gives it, and a subclass says
 * what one chunk runs ({@link Range}, {@link PerWorker}, {@link Each}, or a {@link Reduce reduction}).
 * Static schedules need no shared state; dynamic ones take chunks from a shared counter (one
 * {@code getAndAdd} per chunk), guided ones shrink the chunks (remaining / workers, by CAS), and both
 * stop handing out chunks once a worker failed.
 *
 * <p>Concurrency: the fields are written by the owner before the loop is published (see
 * {@link Work}); the shared counter is a volatile cell alone on its 128 bytes, reset by the owner
 * before publication.
 */
abstract sealed class Loop extends Work permits Loop.Range, Loop.PerWorker, Loop.Each, Reduce {
    final int workers;
    private final Failures failures;
    private final PaddedCells next = new PaddedCells(1); // dynamic, guided: next unassigned iteration - from
    private int from;
    private int to;
    private Schedule.Kind kind;
    private int chunk;

    Loop(int workers, Failures failures) {
        this.workers = workers;
        this.failures = failures;
    }

    /**
     * Sets the iteration space and the schedule (owner, before publication). An empty or reversed
     * range runs nothing.
     */
    final void deal(int from, int to, Schedule schedule) {
        Objects.requireNonNull(schedule, "schedule");
        this.from = from;
        this.to = Math.max(from, to);
        this.kind = schedule.kind();
        int c = schedule.chunk();
        if (c == 0 && kind == Schedule.Kind.DYNAMIC) {
            c = (int) Math.max(1, ((long) this.to - from) / (8L * workers));
        }
        this.chunk = c;
        next.setPlain(0, 0);
    }

    @Override
    final void runShare(int w) {
        begin(w);
        int lo = from;
        int hi = to;
        long n = (long) hi - lo;
        switch (kind) {
            case STATIC -> {
                if (chunk == 0) {
                    int s = Splitter.start(lo, hi, workers, w);
                    int e = Splitter.start(lo, hi, workers, w + 1);
                    if (s < e) {
                        chunk(w, s, e);
                    }
                } else {
                    for (long s = (long) w * chunk; s < n; s += (long) workers * chunk) {
                        chunk(w, (int) (lo + s), (int) (lo + Math.min(s + chunk, n)));
                    }
                }
            }
            case DYNAMIC -> {
                while (!failures.failed()) {
                    long s = next.getAndAdd(0, chunk);
                    if (s >= n) {
                        break;
                    }
                    chunk(w, (int) (lo + s), (int) (lo + Math.min(s + chunk, n)));
                }
            }
            case GUIDED -> {
                while (!failures.failed()) {
                    long s = next.getVolatile(0);
                    long rest = n - s;
                    if (rest <= 0) {
                        break;
                    }
                    long c = Math.min(rest, Math.max(chunk, (rest + workers - 1) / workers));
                    if (next.compareAndSet(0, s, s + c)) {
                        chunk(w, (int) (lo + s), (int) (lo + s + c));
                    }
                }
            }
        }
    }

    /** Called once per worker before its first chunk (reductions start their partial here). */
    void begin(int w) {
    }

    /** Runs the chunk {@code [s, e)} on worker {@code w}. */
    abstract void chunk(int w, int s, int e);

    /** {@link TaskPool#parallelFor(int, int, Schedule, RangeBody)}. */
    static final class Range extends Loop {
        private RangeBody body;

        Range(int workers, Failures failures) {
            super(workers, failures);
        }

        void set(RangeBody body) {
            this.body = body;
        }

        @Override
        void chunk(int w, int s, int e) {
            body.run(s, e);
        }

        @Override
        void clear() {
            body = null;
        }
    }

    /** {@link TaskPool#parallelFor(int, int, Schedule, WorkerRangeBody)}. */
    static final class PerWorker extends Loop {
        private WorkerRangeBody body;

        PerWorker(int workers, Failures failures) {
            super(workers, failures);
        }

        void set(WorkerRangeBody body) {
            this.body = body;
        }

        @Override
        void chunk(int w, int s, int e) {
            body.run(w, s, e);
        }

        @Override
        void clear() {
            body = null;
        }
    }

    /** {@link TaskPool#parallelForEach}: one call per index. */
    static final class Each extends Loop {
        private IntConsumer body;

        Each(int workers, Failures failures) {
            super(workers, failures);
        }

        void set(IntConsumer body) {
            this.body = body;
        }

        @Override
        void chunk(int w, int s, int e) {
            IntConsumer b = body;
            for (int i = s; i < e; i++) {
                b.accept(i);
            }
        }

        @Override
        void clear() {
            body = null;
        }
    }
}
