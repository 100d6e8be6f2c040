package mpjbuf;

/**
 * The buffer is in the wrong state for the call: written while readable, read while writeable, or used after free().
 * Thrown to the calling thread; no shared state.
 */
public class WrongStateException extends BufferException {
    private static final long serialVersionUID = 1L;

    public WrongStateException() {
        super();
    }

    public WrongStateException(String message) {
        super(message);
    }

    public WrongStateException(String message, Throwable cause) {
        super(message, cause);
    }
}
