package jmpi.coll;

/** Thresholds of the shared-memory ({@link Board}) algorithms. */
final class Shared {
    /**
     * Up to this many bytes per contribution the board algorithms copy through their staging arrays
     * (one synchronization, the caller may return at once); above it they read each other's arrays in
     * place and wait for their readers before returning.
     */
    static final long STAGE_BYTES = Long.getLong("jmpi.coll.stageBytes", 8192);

    private Shared() {
    }
}
