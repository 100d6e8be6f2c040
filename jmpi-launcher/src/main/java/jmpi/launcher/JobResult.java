package jmpi.launcher;

import java.util.List;

/**
 * How a job ended. Concurrency: immutable.
 *
 * @param exitCode 0 when every rank ended well, else the first failing rank's code
 * @param failures the failures in the order they happened (the first decided the exit code)
 */
public record JobResult(int exitCode, List<Failure> failures) {
    /** One rank's failure: its rank, the exit code it asked for, why, and the exception if any. */
    public record Failure(int rank, int exitCode, String why, Throwable cause) {
        @Override
        public String toString() {
            return "rank " + rank + " failed (exit code " + exitCode + "): " + why;
        }
    }

    public boolean ok() {
        return exitCode == 0;
    }

    /** A multi-line report of every failure, for people. */
    public String describe() {
        if (failures.isEmpty()) {
            return "job ended normally";
        }
        StringBuilder b = new StringBuilder();
        for (Failure f : failures) {
            b.append(f).append('\n');
        }
        return b.toString();
    }
}
