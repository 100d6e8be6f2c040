package jmpi.core;

/** The MPI error classes, with the numbers of the MPI standard (MPI_SUCCESS = 0, ...). */
public enum ErrorClass {
    SUCCESS(0, "no error"),
    ERR_BUFFER(1, "invalid buffer"),
    ERR_COUNT(2, "invalid count argument"),
    ERR_TYPE(3, "invalid datatype"),
    ERR_TAG(4, "invalid tag"),
    ERR_COMM(5, "invalid communicator"),
    ERR_RANK(6, "invalid rank"),
    ERR_REQUEST(7, "invalid request"),
    ERR_ROOT(8, "invalid root"),
    ERR_GROUP(9, "invalid group"),
    ERR_OP(10, "invalid reduction operation"),
    ERR_TOPOLOGY(11, "invalid topology"),
    ERR_DIMS(12, "invalid dimension argument"),
    ERR_ARG(13, "invalid argument"),
    ERR_UNKNOWN(14, "unknown error"),
    ERR_TRUNCATE(15, "message truncated on receive"),
    ERR_OTHER(16, "known error not in this list"),
    ERR_INTERN(17, "internal error"),
    ERR_IN_STATUS(18, "error code is in status"),
    ERR_PENDING(19, "pending request");

    private static final ErrorClass[] BY_CODE = values();

    private final int code;
    private final String text;

    ErrorClass(int code, String text) {
        this.code = code;
        this.text = text;
    }

    public int code() {
        return code;
    }

    /** The standard's short description, as MPI_Error_string gives it. */
    public String text() {
        return text;
    }

    /** The error class of a code, or {@link #ERR_UNKNOWN} for a code outside the table. */
    public static ErrorClass ofCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : ERR_UNKNOWN;
    }

    /** The last predefined error code (MPI_ERR_LASTCODE). */
    public static int lastCode() {
        return BY_CODE.length - 1;
    }
}
