package jmpi.core;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Accounting for the buffer attached with {@code MPI.Buffer_attach}: each buffered send reserves its
 * packed size plus the overhead until the receiver has taken the message, and fails with
 * {@code MPI_ERR_BUFFER} when the attached space cannot hold it. The data itself travels in a private
 * copy, so the attached array is space accounting only.
 *
 * <p>Threads: attach and detach by the owning rank; release by the receiving rank's thread.
 */
final class BsendBuffer {
    private volatile long capacity = -1;
    private final AtomicLong used = new AtomicLong();

    void attach(long bytes) {
        if (capacity >= 0) {
            throw new MpiError(ErrorClass.ERR_BUFFER, "a buffer is already attached; detach it first");
        }
        capacity = bytes;
    }

    boolean attached() {
        return capacity >= 0;
    }

    /** Space still reserved by buffered messages not yet received. */
    long inUse() {
        return used.get();
    }

    void detached() {
        capacity = -1;
    }

    void reserve(long bytes) {
        long cap = capacity;
        if (cap < 0) {
            throw new MpiError(ErrorClass.ERR_BUFFER, "buffered send with no buffer attached (call MPI.Buffer_attach)");
        }
        for (;;) {
            long u = used.get();
            if (u + bytes > cap) {
                throw new MpiError(ErrorClass.ERR_BUFFER, "attached buffer too small: message needs " + bytes
                        + " bytes (including overhead), " + (cap - u) + " of " + cap + " free");
            }
            if (used.compareAndSet(u, u + bytes)) {
                return;
            }
        }
    }

    void release(long bytes) {
        used.addAndGet(-bytes);
    }

    /**
     * Reserves space for one buffered message of {@code bytes} plus {@code overhead}; returns the
     * completion that gives it back once the receiver has taken the message.
     */
    jmpi.spi.Completion hold(long bytes, long overhead) {
        long reserved = bytes + overhead;
        reserve(reserved);
        return err -> release(reserved);
    }
}
