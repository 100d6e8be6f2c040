package jmpi.coll;

/** One collective algorithm: a name for the selection table and its restrictions. */
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
