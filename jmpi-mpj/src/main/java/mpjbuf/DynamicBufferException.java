package mpjbuf;

/**
 * A failure writing or reading the dynamic (serialized) part of the buffer; the cause says which.
 * Thrown to the calling thread; no shared state.
 */
public class DynamicBufferException extends BufferException {
    private static final long serialVersionUID = 1L;

    public DynamicBufferException() {
        super();
    }

    public DynamicBufferException(String message) {
        super(message);
    }

    public DynamicBufferException(String message, Throwable cause) {
        super(message, cause);
    }
}
