package mpi;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jmpi.core.ErrorClass;

/**
 * Hints as (key, value) strings (MPI_Info). jmpi reads none of them, but keeps what a program sets, in the
 * order keys were first set, as MPI requires of {@link #getKey}. Keys up to {@code MPI.MAX_INFO_KEY} and values
 * up to {@code MPI.MAX_INFO_VAL} characters. Thread-safe.
 */
public final class Info implements Freeable, Cloneable {
    private final Map<String, String> entries = new LinkedHashMap<>();
    private boolean freed;
    private final boolean isNullInfo;

    /** MPI_Info_create. */
    public Info() throws MPIException {
        this.isNullInfo = false;
    }

    private Info(boolean nullInfo) {
        this.isNullInfo = nullInfo;
    }

    static Info nullInfo() {
        return new Info(true);
    }

    static Info env() {
        Info i = new Info(false);
        i.entries.put("command", "java");
        return i;
    }

    private void live() throws MPIException {
        if (freed || isNullInfo) {
            throw MPIException.of(MPI.ERR_INFO, isNullInfo ? "MPI.INFO_NULL is the null info" : "the info is freed");
        }
    }

    private static void key(String key) throws MPIException {
        if (key == null || key.isEmpty() || key.length() > MPI.MAX_INFO_KEY) {
            throw MPIException.of(MPI.ERR_INFO_KEY, "info key " + (key == null ? "null" : "\"" + key + "\"")
                    + " is empty or longer than " + MPI.MAX_INFO_KEY + " characters");
        }
    }

    /** MPI_Info_set. */
    public synchronized void set(String key, String value) throws MPIException {
        live();
        key(key);
        if (value == null || value.length() > MPI.MAX_INFO_VAL) {
            throw MPIException.of(MPI.ERR_INFO_VALUE, "info value for \"" + key + "\" is null or longer than "
                    + MPI.MAX_INFO_VAL + " characters");
        }
        entries.put(key, value);
    }

    /** MPI_Info_get: the value, or null when the key is not set. */
    public synchronized String get(String key) throws MPIException {
        live();
        key(key);
        return entries.get(key);
    }

    /** MPI_Info_delete (ERR_INFO_NOKEY when the key is not set). */
    public synchronized void delete(String key) throws MPIException {
        live();
        key(key);
        if (entries.remove(key) == null) {
            throw MPIException.of(MPI.ERR_INFO_NOKEY, "info key \"" + key + "\" is not set");
        }
    }

    /** MPI_Info_get_nkeys. */
    public synchronized int size() throws MPIException {
        live();
        return entries.size();
    }

    /** MPI_Info_get_nthkey. */
    public synchronized String getKey(int i) throws MPIException {
        live();
        if (i < 0 || i >= entries.size()) {
            throw MPIException.of(ErrorClass.ERR_ARG, "key index " + i + " is not in 0.." + (entries.size() - 1));
        }
        List<String> keys = new ArrayList<>(entries.keySet());
        return keys.get(i);
    }

    @Override
    public Info clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new RuntimeException(e.getMessage(), e);
        }
    }

    /** MPI_Info_dup. */
    public synchronized Info dup() throws MPIException {
        live();
        Info i = new Info();
        i.entries.putAll(entries);
        return i;
    }

    /** MPI_Info_free. */
    @Override
    public synchronized void free() throws MPIException {
        if (!isNullInfo) {
            freed = true;
            entries.clear();
        }
    }

    public boolean isNull() {
        return freed || isNullInfo;
    }
}
