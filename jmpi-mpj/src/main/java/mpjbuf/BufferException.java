package mpjbuf;

/**
 * The checked exception of {@link Buffer}'s operations (as in MPJ Express); subclasses say what went wrong.
 * Thrown to the calling thread; no shared state.
 */
public class BufferException extends Exception {
    private static final long serialVersionUID = 1L;

    public BufferException() {
        super();
    }

    public BufferException(String message) {
        super(message);
    }

    public BufferException(String message, Throwable cause) {
        super(message, cause);
    }
}
