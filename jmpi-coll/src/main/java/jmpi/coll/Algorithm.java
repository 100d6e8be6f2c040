package jmpi.coll;

/** One collective algorithm: a name for the selection table and its restrictions. */
public interface Algorithm {
    /** The name in the selection table and in {@code -Djmpi.coll.<collective>=<name>}. */
    String name();

    /** Why this algorithm cannot run {@code p}, or null when it can. */
    default String unusable(Problem p) {
        return null;
    }
}
