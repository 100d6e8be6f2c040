package mpjbuf;

/**
 * A bad argument that is no index out of bounds (a negative rank of a strided region, a null section type).
 * Thrown to the calling thread; no shared state.
 */
public class IllegalArgumentException extends BufferException {
    private static final long serialVersionUID = 1L;

    public IllegalArgumentException() {
        super();
    }

    public IllegalArgumentException(String message) {
        super(message);
    }

    public IllegalArgumentException(String message, Throwable cause) {
        super(message, cause);
    }
}
