package jmpi.junit;

import java.io.Serial;
import java.util.List;

/**
 * An {@code @MpiTest} failed: some ranks threw, or the job timed out. The message names every failing rank with
 * its exception (and, after a timeout, every rank still running and where it was); the first rank's exception is
 * the cause and the other ranks' exceptions are suppressed (after a timeout: one {@link StuckRank} per rank still
 * running, whose stack trace shows where it was; those in {@code MPI.Finalize} come last).
 */
public final class MpiTestFailedError extends AssertionError {
    @Serial
    private static final long serialVersionUID = 1L;

    private final List<Integer> failedRanks;
    private final List<Integer> stuckRanks;
    private final boolean timedOut;

    MpiTestFailedError(String message, List<Integer> failedRanks, boolean timedOut, List<Integer> stuckRanks) {
        super(message);
        this.failedRanks = List.copyOf(failedRanks);
        this.timedOut = timedOut;
        this.stuckRanks = List.copyOf(stuckRanks);
    }

    /** The ranks that threw, in the order they failed. */
    public List<Integer> failedRanks() {
        return failedRanks;
    }

    /** Whether the job ran out of time. */
    public boolean timedOut() {
        return timedOut;
    }

    /** After a timeout: the ranks still running then, in rank order (empty otherwise). */
    public List<Integer> stuckRanks() {
        return stuckRanks;
    }

    /** Where a rank was when its job timed out: its stack trace is the rank's at that point, as far as known. */
    public static final class StuckRank extends RuntimeException {
        @Serial
        private static final long serialVersionUID = 1L;

        StuckRank(String message, StackTraceElement[] where) {
            super(message, null, false, true);
            setStackTrace(where);
        }
    }
}
