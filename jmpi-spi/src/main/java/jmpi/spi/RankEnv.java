package jmpi.spi;

/**
 * Everything the per-rank side (the {@code mpi} classes, loaded once per rank) needs from the shared
 * runtime to start a rank. This small interface is the whole boundary between the two sides.
 */
public interface RankEnv {
    int rank();

    int size();

    Endpoint endpoint();

    JobControl job();

    /** Ranks of this job that share this JVM's processors (for the idle strategy). */
    int localRanks();

    /** The program's own arguments, launcher options removed. */
    String[] args();

    /** Fully qualified name of the program's main class, or null when unknown. */
    String mainClass();
}
