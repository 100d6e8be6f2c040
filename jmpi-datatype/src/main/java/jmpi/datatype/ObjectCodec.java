package jmpi.datatype;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * Serialization of {@code MPI.OBJECT} elements. Deserialization always runs behind an
 * {@link ObjectInputFilter} allow-list ({@link ObjectAllowList}) and resolves classes through the
 * receiving rank's class loader, so that a received object is an instance of the receiver's own
 * classes (ranks as threads each load the program separately). Stateless; safe from any thread (each
 * call has its own streams).
 */
public final class ObjectCodec {
    private ObjectCodec() {
    }

    /** Serializes {@code count} elements of {@code src} from {@code offset} into one byte array. */
    public static byte[] serialize(Object[] src, int offset, int count) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * count);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            for (int i = 0; i < count; i++) {
                out.writeObject(src[offset + i]);
            }
        } catch (IOException e) {
            throw new ObjectCodecException("cannot serialize MPI.OBJECT element: " + e, e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads {@code count} objects from {@code data} into {@code dst} from {@code offset}. Either all of
     * them are stored or, on failure, none.
     *
     * @param loader the receiving rank's class loader
     * @param filter the allow-list; a class outside it fails with {@link ObjectCodecException}, and so
     *               does an object that {@code dst}'s element type cannot hold
     */
    public static void deserialize(byte[] data, int count, Object[] dst, int offset, ClassLoader loader,
                                   ObjectInputFilter filter) {
        Object[] read = new Object[count];
        Class<?> element = dst.getClass().getComponentType();
        String[] refused = {null};
        ObjectInputFilter naming = info -> {
            ObjectInputFilter.Status status = filter.checkInput(info);
            if (status == ObjectInputFilter.Status.REJECTED) {
                refused[0] = info.serialClass() != null ? info.serialClass().getName()
                        : "a stream limit (depth " + info.depth() + ", references " + info.references() + ")";
            }
            return status;
        };
        try (ObjectInputStream in = new LoaderObjectInputStream(new ByteArrayInputStream(data), loader)) {
            in.setObjectInputFilter(naming);
            for (int i = 0; i < count; i++) {
                read[i] = in.readObject();
            }
        } catch (InvalidClassException e) {
            throw new ObjectCodecException("MPI.OBJECT element refused by the deserialization allow-list: "
                    + (refused[0] != null ? refused[0] : e.getMessage())
                    + "; allow it with -Djmpi.object.allow=<pattern>", e);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            // RuntimeException: thrown by an element's own readObject; it belongs to this receive, not to
            // whichever call happened to drive the receiver's progress.
            throw new ObjectCodecException("cannot deserialize MPI.OBJECT element: " + e, e);
        }
        for (int i = 0; i < count; i++) {
            if (read[i] != null && !element.isInstance(read[i])) {
                throw new ObjectCodecException("received MPI.OBJECT element " + i + " is a "
                        + read[i].getClass().getName() + ", which the receive buffer (" + element.getName()
                        + "[]) cannot hold", null);
            }
        }
        System.arraycopy(read, 0, dst, offset, count);
    }

    /** A failure to (de)serialize an {@code MPI.OBJECT} element. */
    public static final class ObjectCodecException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ObjectCodecException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final class LoaderObjectInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderObjectInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
