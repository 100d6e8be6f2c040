package jmpi.tasks;

/**
 * A pool thread, worker {@code w >= 1} of its pool (daemon). Idle, it waits (see {@link Waiting})
 * until a new region is published, a task is queued or the pool closes; it runs its share of each
 * region ({@link Dispatch#runPublished}), runs queued tasks until the queue is empty, and ends once
 * the pool is closed.
 *
 * <p>Concurrency: all its state is confined to the thread ({@code seen}, the last epoch it ran);
 * everything it shares goes through {@link Dispatch}, {@link TaskRing} and {@link Ownership}.
 */
final class Worker extends Thread {
    private final int w;
    private final Dispatch dispatch;
    private final TaskRing ring;
    final Ownership ownership; // identifies the pool: its own workers may not drive it
    private final Waiting waiting;
    private final Waiting.Condition busy;

    Worker(int w, String name, Dispatch dispatch, TaskRing ring, Ownership ownership, Waiting waiting) {
        super(name);
        this.w = w;
        this.dispatch = dispatch;
        this.ring = ring;
        this.ownership = ownership;
        this.waiting = waiting;
        this.busy = seen -> dispatch.published() != seen || ring.hasTasks() || ownership.closed();
        setDaemon(true);
    }

    @Override
    public void run() {
        long seen = 0; // the epoch's initial value: a region published before this thread ran is not missed
        while (true) {
            if (!busy.holds(seen)) {
                waiting.await(w, busy, seen);
            }
            long e = dispatch.published();
            if (e != seen) {
                seen = e;
                dispatch.runPublished(w);
                continue;
            }
            ring.drain();
            if (ownership.closed()) {
                return;
            }
        }
    }
}
