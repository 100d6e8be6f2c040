package jmpi.launcher;

import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;

import jmpi.spi.JobControl;

/**
 * The shared state of one running job: whether it is aborting and which failures happened. The
 * first failure decides the exit code. Thread-safe; any rank's thread calls {@link #fail}.
 */
final class JobState implements JobControl {
    private final ConcurrentLinkedQueue<JobResult.Failure> failures = new ConcurrentLinkedQueue<>();
    private final Runnable onAbort;
    private volatile String abortReason;

    /** @param onAbort run once on the first failure (wakes every parked rank) */
    JobState(Runnable onAbort) {
        this.onAbort = onAbort;
    }

    @Override
    public boolean aborted() {
        return abortReason != null;
    }

    @Override
    public String abortReason() {
        return abortReason;
    }

    @Override
    public void fail(int rank, int exitCode, String why, Throwable cause) {
        failures.add(new JobResult.Failure(rank, exitCode == 0 ? 1 : exitCode, why, cause));
        boolean first;
        synchronized (this) {
            first = abortReason == null;
            if (first) {
                abortReason = "rank " + rank + " failed: " + why;
            }
        }
        if (first) {
            onAbort.run();
        }
    }

    List<JobResult.Failure> failures() {
        return List.copyOf(failures);
    }

    JobResult result() {
        List<JobResult.Failure> all = failures();
        return new JobResult(all.isEmpty() ? 0 : all.getFirst().exitCode(), all);
    }
}
