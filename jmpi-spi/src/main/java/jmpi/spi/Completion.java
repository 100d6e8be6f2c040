package jmpi.spi;

/** A callback the receiving side runs once for a frame (see {@link Frame#ack}). Any thread may call it. */
@FunctionalInterface
public interface Completion {
    /** @param errorClass the MPI error class the receiver saw (0 for success) */
    void complete(int errorClass);
}
