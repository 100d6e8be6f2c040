package jmpi.mpj;

import java.io.ObjectInputFilter;

import mpjbuf.Buffer;
import mpjbuf.BufferException;

/**
 * How the {@code mpi} API moves an {@link Buffer mpjbuf.Buffer} through a message without a public
 * method on {@code Buffer} for it: {@code Buffer} installs the one implementation when it is loaded
 * (once per rank: both classes are loaded per rank). The installed implementation is published under
 * this class's lock; the calls themselves act on one buffer, which is not thread-safe.
 */
public abstract class BufferAccess {
    private static BufferAccess installed;

    protected BufferAccess() {
    }

    /** Called by {@code Buffer}'s static initializer; a second installation is refused. */
    public static synchronized void install(BufferAccess access) {
        if (installed != null) {
            throw new IllegalStateException("mpjbuf.Buffer's access is installed already");
        }
        installed = access;
    }

    private static BufferAccess get() {
        BufferAccess a;
        synchronized (BufferAccess.class) {
            a = installed;
        }
        if (a == null) {
            try {
                Class.forName(Buffer.class.getName(), true, Buffer.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("mpjbuf.Buffer cannot be loaded", e);
            }
            synchronized (BufferAccess.class) {
                a = installed;
            }
        }
        return a;
    }

    /** Commits {@code buffer}, returns its contents as one message, and clears it (MPJ Express's send). */
    public static byte[] forSend(Buffer buffer) throws BufferException {
        return get().takeForSend(buffer);
    }

    /**
     * Prepares {@code buffer} for a receive: returns the one-element array the message lands in. The
     * buffer takes the message in at its next use (or {@link #settleNow}); objects in it are then read
     * with {@code loader} behind {@code filter}.
     */
    public static Object[] forReceive(Buffer buffer, ClassLoader loader, ObjectInputFilter filter)
            throws BufferException {
        return get().armReceive(buffer, loader, filter);
    }

    /** Makes {@code buffer} take in a message that has arrived (a blocking receive, to report failures at once). */
    public static void settleNow(Buffer buffer) throws BufferException {
        get().settle(buffer);
    }

    protected abstract byte[] takeForSend(Buffer buffer) throws BufferException;

    protected abstract Object[] armReceive(Buffer buffer, ClassLoader loader, ObjectInputFilter filter)
            throws BufferException;

    protected abstract void settle(Buffer buffer) throws BufferException;
}
