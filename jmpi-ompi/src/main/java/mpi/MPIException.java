package mpi;

import jmpi.core.ErrorClass;
import jmpi.core.MpiError;

/**
 * An MPI error (Open MPI Java API): a checked exception with the MPI error code and class (Open MPI's values,
 * {@code MPI.ERR_*}) and a message saying what was wrong. Immutable.
 */
public final class MPIException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int errorCode;
    private final int errorClass;

    /** An error found by the Java layer before any call (code and class 0, as Open MPI's bindings give them). */
    public MPIException(String message) {
        super(message);
        this.errorCode = 0;
        this.errorClass = 0;
    }

    /** An error wrapping {@code cause} (class ERR_OTHER). */
    public MPIException(Throwable cause) {
        super(cause == null ? null : cause.getMessage(), cause);
        this.errorCode = MPI.ERR_OTHER;
        this.errorClass = MPI.ERR_OTHER;
    }

    MPIException(int errorClass, String message, Throwable cause) {
        super(message, cause);
        this.errorCode = errorClass;
        this.errorClass = errorClass;
    }

    /** The engine's error, with its class translated to Open MPI's number. */
    static MPIException of(MpiError e) {
        ErrorClass c = e.errorClass();
        return new MPIException(Errors.code(c), "MPI_" + c.name() + ": " + e.getMessage(), e);
    }

    /** An error of Open MPI's class {@code code} ({@code MPI.ERR_KEYVAL}, ...: classes the engine does not have). */
    static MPIException of(int code, String detail) {
        return new MPIException(code, "MPI_" + Errors.name(code) + ": " + detail, null);
    }

    /** {@code MPI.ERR_UNSUPPORTED_OPERATION}: a call of the API that jmpi does not provide. */
    static MPIException unsupported(String call, String why) {
        return of(MPI.ERR_UNSUPPORTED_OPERATION, call + " is not supported by jmpi: " + why);
    }

    /** An error of class {@code c} with {@code detail}. */
    static MPIException of(ErrorClass c, String detail) {
        return of(new MpiError(c, detail));
    }

    /** The MPI error code (jmpi's codes are its classes). */
    public int getErrorCode() {
        return errorCode;
    }

    /** The MPI error class ({@code MPI.ERR_*}). */
    public int getErrorClass() {
        return errorClass;
    }
}
