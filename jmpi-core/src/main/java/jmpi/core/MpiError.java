package jmpi.core;

/** An MPI error found by the engine or the API layer: an error class plus what exactly was wrong. */
public final class MpiError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ErrorClass errorClass;

    public MpiError(ErrorClass errorClass, String detail) {
        super(errorClass.name() + ": " + detail);
        this.errorClass = errorClass;
    }

    public MpiError(ErrorClass errorClass, String detail, Throwable cause) {
        super(errorClass.name() + ": " + detail, cause);
        this.errorClass = errorClass;
    }

    public ErrorClass errorClass() {
        return errorClass;
    }
}
