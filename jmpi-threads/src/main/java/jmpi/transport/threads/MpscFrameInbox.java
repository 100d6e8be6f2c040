package jmpi.transport.threads;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

import jmpi.spi.Frame;
import jmpi.spi.LinePadding;

/**
 * A multi-producer single-consumer inbox of {@link Frame}s, intrusive (linked through
 * {@link Frame#next}, so sending allocates nothing here).
 *
 * <p>Producers push onto a lock-free stack with one CAS on {@code top}; the consumer takes the whole
 * stack with one atomic swap and reverses it, which yields the frames in the order their pushes took
 * effect: in particular each producer's frames in the order it sent them (MPI's non-overtaking rule).
 *
 * <p>Memory: a producer's plain writes to the frame (and to {@code frame.next}) happen-before its
 * successful CAS (volatile semantics); the consumer's {@code getAndSet} synchronizes with it, so the
 * consumer sees complete frames. After the swap no producer can reach the taken frames, so the
 * consumer may reuse {@code next}.
 */
final class MpscFrameInbox extends MpscFrameInboxFields {
    private static final VarHandle TOP;

    static {
        try {
            TOP = MethodHandles.lookup().findVarHandle(MpscFrameInboxFields.class, "top", Frame.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused")
    private long pad0, pad1, pad2, pad3, pad4, pad5, pad6, pad7;

    /** Any thread. */
    void push(Frame f) {
        Frame t;
        do {
            t = top;
            f.next = t;
        } while (!TOP.compareAndSet(this, t, f));
    }

    boolean isEmpty() {
        return top == null;
    }

    /** Consumer only: all frames pushed so far, oldest first, or null. */
    Frame takeAll() {
        Frame f = (Frame) TOP.getAndSet(this, (Frame) null);
        Frame reversed = null;
        while (f != null) {
            Frame n = f.next;
            f.next = reversed;
            reversed = f;
            f = n;
        }
        return reversed;
    }
}

/** The inbox's one field, padded away from the objects around it ({@link LinePadding}). */
abstract class MpscFrameInboxFields extends LinePadding {
    volatile Frame top;
}
