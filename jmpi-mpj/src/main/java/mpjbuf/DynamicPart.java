package mpjbuf;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * The dynamic part of a {@link Buffer}: one Java serialization stream holding the elements of its
 * {@link Type#OBJECT} and {@code *_DYNAMIC} sections in order. While the buffer is written the stream is
 * open for writing; {@link #finish} completes it into bytes; reading opens a stream over those bytes, which
 * for a received buffer resolves classes with the receiving rank's loader behind its MPI.OBJECT allow-list.
 *
 * <p>Not thread-safe: owned by its buffer, which is not thread-safe either.
 */
final class DynamicPart {
    private ByteArrayOutputStream bytes;
    private ObjectOutputStream out;
    private ObjectInputStream in;
    /** The complete stream (after {@link #finish}, a receipt or {@link #replace}), or null when there is none. */
    private byte[] data;
    /** How objects of a received part are read: the receiving rank's loader and allow-list (null: local data). */
    private ClassLoader loader;
    private ObjectInputFilter filter;
    /** The class the allow-list refused last while reading objects (for the exception's message). */
    private String refused;

    /** The complete stream's bytes, or null. */
    byte[] data() {
        return data;
    }

    /** Replaces the stream's bytes (low level: {@link Buffer#setDynamicBuffer}); drops any open stream. */
    void replace(byte[] data) {
        closeStreams();
        this.data = data;
    }

    /** Takes a received stream, to be read with {@code loader} behind {@code filter} (null for local data). */
    void received(byte[] data, ClassLoader loader, ObjectInputFilter filter) {
        this.data = data;
        this.loader = loader;
        this.filter = filter;
    }

    /** Forgets the stream, its bytes and how to read them (the buffer is cleared). */
    void clear() {
        closeStreams();
        data = null;
        loader = null;
        filter = null;
    }

    /** Completes a stream being written into {@link #data}; nothing when none was written. */
    void finish() throws DynamicBufferException {
        if (out != null) {
            try {
                out.flush();
            } catch (IOException e) {
                throw new DynamicBufferException("cannot complete the dynamic buffer: " + e, e);
            }
            data = bytes.toByteArray();
        }
    }

    void closeStreams() {
        in = null; // over a byte array: nothing to release
        out = null;
        bytes = null;
    }

    /** The stream to append elements to, opened on first use. */
    ObjectOutputStream out() throws IOException {
        if (out == null) {
            if (data != null) {
                // set by setDynamicBuffer: appending a second serialization stream would make it unreadable
                throw new IOException("the dynamic part was set with setDynamicBuffer; clear() before writing");
            }
            bytes = new ByteArrayOutputStream();
            out = new ObjectOutputStream(bytes);
        }
        return out;
    }

    /** The stream to read elements from, opened on first use. */
    ObjectInputStream in() throws BufferException {
        if (in == null) {
            if (data == null) {
                throw new BufferUnderflowException("the buffer has no dynamic part to read from");
            }
            try {
                in = new ObjectInputStream(new ByteArrayInputStream(data)) {
                    @Override
                    protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                        if (loader != null) {
                            try {
                                return Class.forName(desc.getName(), false, loader);
                            } catch (ClassNotFoundException e) {
                                return super.resolveClass(desc);
                            }
                        }
                        return super.resolveClass(desc);
                    }
                };
            } catch (IOException e) {
                throw new DynamicBufferException("the dynamic part is not a serialization stream: " + e, e);
            }
            ObjectInputFilter allow = filter;
            if (allow != null) {
                in.setObjectInputFilter(info -> {
                    ObjectInputFilter.Status s = allow.checkInput(info);
                    if (s == ObjectInputFilter.Status.REJECTED) {
                        refused = info.serialClass() != null ? info.serialClass().getName()
                                : "a stream limit (depth " + info.depth() + ")";
                    }
                    return s;
                });
            }
        }
        return in;
    }

    /** Reads the next object; a class the allow-list refuses is named in the exception. */
    Object readObject() throws BufferException {
        ObjectInputStream stream = in();
        refused = null;
        try {
            return stream.readObject();
        } catch (InvalidClassException e) {
            throw new DynamicBufferException((refused != null ? "object of class " + refused
                    + " refused by the MPI.OBJECT allow-list" : "cannot read an object: " + e)
                    + " (allow more with -Djmpi.object.allow=<pattern>)", e);
        } catch (IOException | ClassNotFoundException e) {
            throw new DynamicBufferException("cannot read an object from the buffer: " + e, e);
        }
    }
}
