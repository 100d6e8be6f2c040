package jmpi.spi;

/**
 * Implemented by a class loader that holds one rank's copy of the {@code mpi} classes and of the
 * program: {@code MPI.Init} asks its own defining loader for the rank it belongs to.
 */
public interface RankScope {
    RankEnv rankEnv();
}
