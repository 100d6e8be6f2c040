package jmpi.core;

/**
 * A pending operation and, once {@link #isDone()}, its status. Completed by the owning rank's
 * progress or, for a rendezvous or synchronous send, by the receiving rank's thread.
 *
 * <p>Memory: the status fields are written before the volatile {@code done} store and read after
 * the volatile {@code done} load, so they need no other synchronization.
 */
public abstract sealed class CoreRequest implements Waitable permits SendRequest, RecvRequest {
    private static final java.lang.invoke.VarHandle DONE;

    static {
        try {
            DONE = java.lang.invoke.MethodHandles.lookup().findVarHandle(CoreRequest.class, "done", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    final Engine engine;
    @SuppressWarnings("unused") // written through DONE too
    private volatile boolean done;
    int source;
    int tag;
    int count;
    int typeCode;
    ErrorClass error = ErrorClass.SUCCESS;
    String errorDetail;
    boolean cancelled;

    CoreRequest(Engine engine) {
        this.engine = engine;
    }

    @Override
    public final boolean isDone() {
        return done;
    }

    /** Completion seen by other threads at once (and before any wake-up that follows). */
    final void markDone() {
        done = true;
    }

    /**
     * Completion by the rank's own progress: a release store, cheaper than a volatile one, as the
     * thread that completes is normally the one that waits; other threads see it moments later.
     */
    final void markDoneLocally() {
        DONE.setRelease(this, true);
    }

    /** The engine of the rank that owns this request. */
    public Engine engine() {
        return engine;
    }

    public int source() {
        return source;
    }

    public int tag() {
        return tag;
    }

    /** Elements received (for a receive), of basic type {@link #typeCode()}. */
    public int count() {
        return count;
    }

    public int typeCode() {
        return typeCode;
    }

    public boolean cancelled() {
        return cancelled;
    }

    /** The error the operation ended with ({@link ErrorClass#SUCCESS} when none). */
    public ErrorClass error() {
        return error;
    }

    /** What exactly went wrong, when {@link #error()} is not {@link ErrorClass#SUCCESS}. */
    public String errorDetail() {
        return errorDetail;
    }

    /** Throws the operation's error, if it ended with one. */
    public void throwIfFailed() {
        if (error != ErrorClass.SUCCESS) {
            throw new MpiError(error, errorDetail);
        }
    }
}
