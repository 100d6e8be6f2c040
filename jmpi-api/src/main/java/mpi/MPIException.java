package mpi;

import jmpi.core.ErrorClass;
import jmpi.core.MpiError;

/**
 * An MPI error: its error class ({@link #Get_error_class()}, one of {@code MPI.ERR_*}) and what was
 * wrong. Unchecked, unlike mpiJava 1.2's: programs written for mpiJava (which declare or catch it)
 * and for bindings with unchecked exceptions both compile unchanged.
 */
public class MPIException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int errorClass;

    /** An {@code ERR_OTHER} error without a message (MPJ Express). */
    public MPIException() {
        this(MPI.ERR_OTHER, null);
    }

    public MPIException(String message) {
        this(MPI.ERR_OTHER, message);
    }

    /**
     * An error caused by {@code cause} (MPJ Express): its error class is the cause's when the cause is an
     * {@code MPIException}, else {@code ERR_OTHER}.
     */
    public MPIException(Throwable cause) {
        super(cause);
        this.errorClass = cause instanceof MPIException m ? m.errorClass : MPI.ERR_OTHER;
    }

    public MPIException(int errorClass, String message) {
        super(message);
        this.errorClass = errorClass;
    }

    MPIException(MpiError error) {
        super(error.getMessage(), error);
        this.errorClass = error.errorClass().code();
    }

    /** The MPI error class (MPI_Error_class). */
    public int Get_error_class() {
        return errorClass;
    }

    /** The error code; jmpi's codes are its classes (MPI_Error_class of it is itself). */
    public int Get_error_code() {
        return errorClass;
    }

    /** The standard's text for this exception's error class (MPI_Error_string). */
    public String Get_error_string() {
        return MPI.Error_string(errorClass);
    }

    static MPIException of(ErrorClass c, String detail) {
        return new MPIException(c.code(), c.name() + ": " + detail);
    }
}
