package jmpi.transport.tcp;

/**
 * A peer broke the frame stream (bad header, oversized payload, truncation): the connection is unusable.
 * Concurrency: immutable once thrown (by the thread that polls the endpoint).
 */
final class WireException extends Exception {
    WireException(String message) {
        super(message);
    }
}
