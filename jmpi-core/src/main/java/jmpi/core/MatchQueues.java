package jmpi.core;

import jmpi.spi.Frame;
import jmpi.spi.LinePadding;

/**
 * MPI matching for one rank: the posted-receive queue and the unexpected-message queue.
 * Both are FIFO, which gives MPI's non-overtaking order: frames from one sender arrive in order
 * and are queued in order, and receives are matched in the order they were posted.
 *
 * <p>Concurrency: not thread-safe; the engine calls it only under its progress lock. Its four ends, written per
 * message, are padded away from the objects around it ({@link LinePadding}).
 */
final class MatchQueues extends MatchQueuesFields {
    static final int ANY_SOURCE = Engine.ANY_SOURCE;
    static final int ANY_TAG = Engine.ANY_TAG;

    @SuppressWarnings("unused")
    private long pad0, pad1, pad2, pad3, pad4, pad5, pad6, pad7;

    private static boolean matches(int context, int source, int tag, Frame f) {
        return f.context == context
                && (source == ANY_SOURCE || source == f.source)
                && (tag == ANY_TAG || tag == f.tag);
    }

    /** Removes and returns the first posted receive that accepts a message with this envelope, or null. */
    RecvRequest takePosted(int context, int source, int tag) {
        for (RecvRequest r = postedHead; r != null; r = r.next) {
            if (r.context == context && (r.wantSource == ANY_SOURCE || r.wantSource == source)
                    && (r.wantTag == ANY_TAG || r.wantTag == tag)) {
                unlinkPosted(r);
                return r;
            }
        }
        return null;
    }

    void post(RecvRequest r) {
        r.prev = postedTail;
        r.next = null;
        if (postedTail == null) {
            postedHead = r;
        } else {
            postedTail.next = r;
        }
        postedTail = r;
    }

    /** Removes {@code r} if it is still posted; returns whether it was. */
    boolean removePosted(RecvRequest r) {
        for (RecvRequest p = postedHead; p != null; p = p.next) {
            if (p == r) {
                unlinkPosted(r);
                return true;
            }
        }
        return false;
    }

    private void unlinkPosted(RecvRequest r) {
        if (r.prev == null) {
            postedHead = r.next;
        } else {
            r.prev.next = r.next;
        }
        if (r.next == null) {
            postedTail = r.prev;
        } else {
            r.next.prev = r.prev;
        }
        r.next = null;
        r.prev = null;
    }

    void addUnexpected(Frame f) {
        f.next = null;
        if (unexpectedTail == null) {
            unexpectedHead = f;
        } else {
            unexpectedTail.next = f;
        }
        unexpectedTail = f;
    }

    /** The first unexpected frame matching the envelope, removed when {@code remove}, or null. */
    Frame findUnexpected(int context, int source, int tag, boolean remove) {
        Frame prev = null;
        for (Frame f = unexpectedHead; f != null; prev = f, f = f.next) {
            if (matches(context, source, tag, f)) {
                if (remove) {
                    if (prev == null) {
                        unexpectedHead = f.next;
                    } else {
                        prev.next = f.next;
                    }
                    if (unexpectedTail == f) {
                        unexpectedTail = prev;
                    }
                    f.next = null;
                }
                return f;
            }
        }
        return null;
    }

    /** Visits every unexpected frame, oldest first. */
    void forEachUnexpected(java.util.function.Consumer<Frame> action) {
        for (Frame f = unexpectedHead; f != null; f = f.next) {
            action.accept(f);
        }
    }

    boolean isEmpty() {
        return postedHead == null && unexpectedHead == null;
    }
}

/** The queues' ends, between their paddings. */
abstract class MatchQueuesFields extends LinePadding {
    RecvRequest postedHead;
    RecvRequest postedTail;
    Frame unexpectedHead;
    Frame unexpectedTail;
}
