package jmpi.tasks;

/**
 * A task of the ParJava programming model (Akopyan, Proc. ISP RAS 27(2), 2015): subclass it, implement {@link #run()}, set
 * the task's parameters (loop bounds, references to shared arrays) before handing it to
 * {@link TaskPool#submit(Task)}, and call {@link TaskPool#waitForAll()} on the main thread.
 *
 * <pre>{@code
 * class LoopTask extends Task {
 *     private double[] a, b;
 *     void setParams(int loopStart, int loopEnd, double[] a, double[] b) {
 *         setRange(loopStart, loopEnd);
 *         this.a = a; this.b = b;
 *     }
 *     public void run() { for (int i = loopStart; i < loopEnd; i++) a[i] = b[i] + 1; }
 * }
 * for (int k = 0; k < m; k++) {
 *     tasks[k].setParams(Splitter.start(0, n, m, k), Splitter.end(0, n, m, k), a, b);
 *     pool.submit(tasks[k]);
 * }
 * pool.waitForAll();
 * }</pre>
 *
 * A task object may be resubmitted after {@code waitForAll} returned; it must not be submitted
 * twice in one batch. Parameters written before {@code submit} are visible in {@code run}; what
 * {@code run} writes is visible to the main thread after {@code waitForAll}. Tasks run
 * concurrently: shared data written by several tasks needs {@link Critical} or {@link Atomics}.
 */
public abstract class Task {
    /** First index of the loop range this task processes (set by {@link #setRange}). */
    protected int loopStart;
    /** One past the last index of the loop range this task processes. */
    protected int loopEnd;

    /** Creates a task with the empty range {@code [0, 0)}. */
    protected Task() {
    }

    /**
     * Sets the task's loop bounds.
     *
     * @param loopStart first index
     * @param loopEnd one past the last index
     * @return this task
     */
    public Task setRange(int loopStart, int loopEnd) {
        this.loopStart = loopStart;
        this.loopEnd = loopEnd;
        return this;
    }

    /** The task's work; runs on one pool thread (or on the main thread inside {@code waitForAll}). */
    public abstract void run();
}
