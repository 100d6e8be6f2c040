package jmpi.spi;

/**
 * Thrown out of any waiting MPI call once the job is aborting because some rank failed. An
 * {@link Error} so that a program's {@code catch (Exception e)} does not keep a doomed rank running.
 */
public final class JobAbortedError extends Error {
    private static final long serialVersionUID = 1L;

    public JobAbortedError(String reason) {
        super("job aborted: " + reason);
    }

    public JobAbortedError(String reason, Throwable cause) {
        super("job aborted: " + reason, cause);
    }
}
