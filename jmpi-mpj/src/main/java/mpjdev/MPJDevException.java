package mpjdev;

/**
 * MPJ Express's device-layer exception. jmpi has no mpjdev device layer (its engine takes that place);
 * this class is here so that programs written for MPJ Express that import {@code mpjdev.*}, or catch
 * this exception, compile unchanged. Nothing in jmpi throws it. An ordinary exception: no shared state.
 */
public class MPJDevException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public MPJDevException() {
        super();
    }

    public MPJDevException(String message) {
        super(message);
    }

    public MPJDevException(Throwable cause) {
        super(cause);
    }

    public MPJDevException(String message, Throwable cause) {
        super(message, cause);
    }
}
