package mpjbuf;

/**
 * The current section's type does not fit the operation (a section of ints read into a double array, a missing section header).
 * Thrown to the calling thread; no shared state.
 */
public class TypeMismatchException extends BufferException {
    private static final long serialVersionUID = 1L;

    public TypeMismatchException() {
        super();
    }

    public TypeMismatchException(String message) {
        super(message);
    }

    public TypeMismatchException(String message, Throwable cause) {
        super(message, cause);
    }
}
