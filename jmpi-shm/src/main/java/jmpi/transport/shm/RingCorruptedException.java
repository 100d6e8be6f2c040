package jmpi.transport.shm;

/**
 * A peer wrote something impossible into a ring of this rank (unknown kind or version, an impossible
 * length, a sequence gap): the peer is broken and the endpoint refuses to go on guessing.
 * Concurrency: immutable once thrown (thrown by the polling thread).
 */
public final class RingCorruptedException extends IllegalStateException {
    RingCorruptedException(String message) {
        super(message);
    }
}
