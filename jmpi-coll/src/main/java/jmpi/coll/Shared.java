package jmpi.coll;

/** Thresholds of the shared-memory ({@link Board}) algorithms, read once ({@link CollSetting#STAGE_BYTES}). Immutable. */
final class Shared {
    /**
     * Up to this many bytes per contribution the board algorithms copy through their staging arrays
     * (one synchronization, the caller may return at once); above it they read each other's arrays in
     * place and wait for their readers before returning.
     */
    static final long STAGE_BYTES = CollSetting.stageBytes();

    private Shared() {
    }
}
