package mpi;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import jmpi.core.ErrorClass;

/**
 * The attributes cached on one communicator, datatype or window (Open MPI Java API): values are kept as
 * serialized copies, as Open MPI's bindings keep them (so a value must be {@link java.io.Serializable}, and
 * {@code getAttr} returns a copy), and copied to a duplicate by {@code dup}. Keyvals are one space per rank,
 * above the predefined keys. Thread-safe.
 */
final class Attributes {
    /** The first keyval {@code createKeyval} hands out (predefined keys are below). */
    static final int FIRST_KEYVAL = 100;
    private static final AtomicInteger NEXT = new AtomicInteger(FIRST_KEYVAL);
    private static final Set<Integer> LIVE = ConcurrentHashMap.newKeySet();

    private final Map<Integer, byte[]> values = new ConcurrentHashMap<>();

    static int createKeyval() {
        int k = NEXT.getAndIncrement();
        LIVE.add(k);
        return k;
    }

    static void freeKeyval(int keyval) throws MPIException {
        if (!LIVE.remove(keyval)) {
            throw MPIException.of(MPI.ERR_KEYVAL, "keyval " + keyval + " was not created by createKeyval (or"
                    + " is freed already)");
        }
    }

    private static void check(int keyval) throws MPIException {
        if (!LIVE.contains(keyval)) {
            throw MPIException.of(MPI.ERR_KEYVAL, "keyval " + keyval + " is not a live keyval from createKeyval");
        }
    }

    void set(int keyval, Object value) throws MPIException {
        check(keyval);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw MPIException.of(ErrorClass.ERR_ARG, "the attribute value cannot be serialized (Open MPI's Java API"
                    + " keeps serialized copies): " + e);
        }
        values.put(keyval, bytes.toByteArray());
    }

    Object get(int keyval) throws MPIException {
        check(keyval);
        byte[] b = values.get(keyval);
        if (b == null) {
            return null;
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(b)) {
            @Override
            protected Class<?> resolveClass(java.io.ObjectStreamClass desc) throws IOException, ClassNotFoundException {
                ClassLoader l = Thread.currentThread().getContextClassLoader();
                try {
                    return Class.forName(desc.getName(), false, l != null ? l : Attributes.class.getClassLoader());
                } catch (ClassNotFoundException e) {
                    return super.resolveClass(desc);
                }
            }
        }) {
            return in.readObject();
        } catch (IOException | ClassNotFoundException e) {
            throw MPIException.of(ErrorClass.ERR_INTERN, "the attribute value cannot be read back: " + e);
        }
    }

    void delete(int keyval) throws MPIException {
        check(keyval);
        values.remove(keyval);
    }

    void copyTo(Attributes other) {
        other.values.putAll(values);
    }
}
