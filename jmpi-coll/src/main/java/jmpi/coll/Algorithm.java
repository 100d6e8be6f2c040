package jmpi.coll;

/**
 * One collective algorithm: a name for the selection table and its restrictions; the interface of its
 * collective ({@link BcastAlgorithm}, ...) adds {@code run}. Implementations are stateless singletons held by
 * the {@link Registry} and shared by every rank of the JVM: a call's state lives in its {@link Ctx} and locals,
 * so {@code run} may be called from any number of threads at once.
 */
public interface Algorithm {
    /** The name in the selection table and in {@code -Djmpi.coll.<collective>=<name>}. */
    String name();

    /** Why this algorithm cannot run {@code p}, or null when it can. */
    default String unusable(Problem p) {
        return null;
    }

    /**
     * Whether this algorithm runs correctly when this rank's send region is its receive region (the
     * reductions) or its own block of the receive buffer (the gathers), whatever the other ranks pass: the
     * mpiJava idiom for "in place". Otherwise {@link Coll} gives it a private copy of the send data.
     */
    default boolean inPlace() {
        return false;
    }
}
