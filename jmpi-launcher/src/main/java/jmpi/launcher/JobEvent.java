package jmpi.launcher;

import java.util.concurrent.BlockingQueue;

/**
 * What the ranks of a job of processes, and the processes themselves, report to the launcher's
 * deciding thread, on one queue ({@link #into}).
 */
sealed interface JobEvent {
    /** A rank authenticated with the bootstrap service. */
    record Connected(int rank) implements JobEvent {
    }

    /** A rank called MPI_Finalize (it may still be running). */
    record Finalized(int rank) implements JobEvent {
    }

    /** A rank aborts the job. */
    record Aborted(int rank, int exitCode, String reason) implements JobEvent {
    }

    /** A rank's process ended. */
    record Exited(int rank, int exitCode) implements JobEvent {
    }

    /** Bootstrap events as {@link JobEvent}s added to {@code queue}. */
    static BootstrapServer.Events into(BlockingQueue<JobEvent> queue) {
        return new BootstrapServer.Events() {
            @Override
            public void connected(int rank) {
                queue.add(new Connected(rank));
            }

            @Override
            public void finalized(int rank) {
                queue.add(new Finalized(rank));
            }

            @Override
            public void aborted(int rank, int exitCode, String reason) {
                queue.add(new Aborted(rank, exitCode, reason));
            }
        };
    }
}
