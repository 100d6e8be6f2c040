package jmpi.datatype;

/**
 * A datatype used or built wrongly: a negative count, a byte displacement that is not a whole number of
 * elements, a buffer too small for the accesses a type map makes, a freed handle, a type signature that
 * does not match. The {@link #errorClass()} names the MPI error class; the API layer maps it one to one
 * onto its own ({@code jmpi.core.ErrorClass} has the same names), since this module depends on nothing.
 * Immutable once made; thrown to the thread whose call failed.
 */
public final class DatatypeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The MPI error classes a datatype operation can raise (names as in {@code jmpi.core.ErrorClass}). */
    public enum Kind {
        /** Invalid buffer: null, or too small for the elements the type map reaches (MPI_ERR_BUFFER). */
        ERR_BUFFER,
        /** Invalid count (negative) (MPI_ERR_COUNT). */
        ERR_COUNT,
        /** Invalid datatype: null, freed, uncommitted, mixed base types, wrong array, signature mismatch (MPI_ERR_TYPE). */
        ERR_TYPE,
        /** Invalid argument: negative block length, mismatched array lengths, misaligned byte values (MPI_ERR_ARG). */
        ERR_ARG,
        /** A message longer than the receive buffer's capacity (MPI_ERR_TRUNCATE). */
        ERR_TRUNCATE
    }

    private final Kind errorClass;

    public DatatypeException(Kind errorClass, String message) {
        super(message);
        this.errorClass = errorClass;
    }

    /** The MPI error class of this failure. */
    public Kind errorClass() {
        return errorClass;
    }

    @Override
    public String getMessage() {
        return errorClass + ": " + super.getMessage();
    }
}
