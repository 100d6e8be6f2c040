package mpjbuf;

/**
 * A read past the last section of the buffer.
 * Thrown to the calling thread; no shared state.
 */
public class BufferUnderflowException extends BufferException {
    private static final long serialVersionUID = 1L;

    public BufferUnderflowException() {
        super();
    }

    public BufferUnderflowException(String message) {
        super(message);
    }

    public BufferUnderflowException(String message, Throwable cause) {
        super(message, cause);
    }
}
