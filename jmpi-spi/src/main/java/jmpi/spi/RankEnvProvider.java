package jmpi.spi;

import java.util.Optional;

/**
 * Finds the rank environment of a process that was not started inside a {@link RankScope} loader
 * (a rank started as its own process, or a program run directly as a singleton). Looked up with
 * {@link java.util.ServiceLoader}; the provider with the highest {@link #priority()} that answers wins.
 */
public interface RankEnvProvider {
    /**
     * The environment if this provider recognizes how the process was started.
     *
     * @param loader the class loader that defined the calling {@code mpi.MPI} (finds transports)
     */
    Optional<RankEnv> find(String[] args, ClassLoader loader);

    int priority();
}
