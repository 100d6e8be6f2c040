package mpjbuf;

/**
 * Not enough room left in the static buffer for a write or a section header.
 * Thrown to the calling thread; no shared state.
 */
public class BufferOverflowException extends BufferException {
    private static final long serialVersionUID = 1L;

    public BufferOverflowException() {
        super();
    }

    public BufferOverflowException(String message) {
        super(message);
    }

    public BufferOverflowException(String message, Throwable cause) {
        super(message, cause);
    }
}
