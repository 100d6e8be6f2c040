package jmpi.spi;

/**
 * The job seen from one rank: whether it is still running, and how to end it. Implemented by the
 * launcher (or a singleton runtime). Thread-safe.
 */
public interface JobControl {
    /** True once any rank failed or aborted: every wait must give up promptly. */
    boolean aborted();

    /** Why the job is aborting (which rank, what), or null while it is not. */
    String abortReason();

    /**
     * Ends the whole job because {@code rank} failed; the first failure decides the job's exit code.
     * Returns normally: the caller then unwinds its own thread.
     *
     * @param exitCode the job's exit code if this is the first failure (non-zero)
     * @param why      a one-line reason naming what went wrong
     * @param cause    the exception, if any
     */
    void fail(int rank, int exitCode, String why, Throwable cause);

    /**
     * {@code rank} has called MPI_Finalize: a rank that ends afterwards ends well (a launcher of
     * separate processes learns it this way; ranks as threads are checked directly).
     */
    default void finalized(int rank) {
    }
}
