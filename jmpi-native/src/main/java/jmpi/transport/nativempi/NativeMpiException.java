package jmpi.transport.nativempi;

/** An MPI call of the native library returned an error code (the library's error class numbering). Immutable. */
public final class NativeMpiException extends RuntimeException {
    private final String call;
    private final int code;

    public NativeMpiException(String call, int code) {
        super(call + " returned error code " + code);
        this.call = call;
        this.code = code;
    }

    public String call() {
        return call;
    }

    public int code() {
        return code;
    }
}
