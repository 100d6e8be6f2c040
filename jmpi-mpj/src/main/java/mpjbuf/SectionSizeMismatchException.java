package mpjbuf;

/**
 * A read past the end of the current section, or a new section started before the previous one was read completely.
 * Thrown to the calling thread; no shared state.
 */
public class SectionSizeMismatchException extends BufferException {
    private static final long serialVersionUID = 1L;

    public SectionSizeMismatchException() {
        super();
    }

    public SectionSizeMismatchException(String message) {
        super(message);
    }

    public SectionSizeMismatchException(String message, Throwable cause) {
        super(message, cause);
    }
}
