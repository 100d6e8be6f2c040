package mpi;

import jmpi.core.ErrorClass;
import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;

/**
 * A collective's view of a user buffer as consecutive elements of the base type, which is what jmpi's
 * collective algorithms move: the buffer itself for a contiguous datatype, else a temporary array (filled
 * from the buffer when the call reads it; copied back by {@link #back} when the call writes it). Built on a
 * {@link Buf} (which stages {@code java.nio} buffers). One per call; not thread-safe.
 */
final class Flat {
    final Object array;
    final int offset;
    /** Elements in the view. */
    final int elements;
    final BasicType base;
    private final Buf user;
    private final PackPlan plan;
    private final int items;

    private Flat(Object array, int offset, int elements, BasicType base, Buf user, PackPlan plan, int items) {
        this.array = array;
        this.offset = offset;
        this.elements = elements;
        this.base = base;
        this.user = user;
        this.plan = plan;
        this.items = items;
    }

    /**
     * {@code count} items of {@code type} in {@code buf}.
     *
     * @param read  the collective reads them
     * @param write the collective writes them ({@link #back} copies them to the user's buffer)
     */
    static Flat of(String what, Object buf, int count, Datatype type, boolean read, boolean write)
            throws MPIException {
        return of(what, buf, 0, count, type, read, write);
    }

    /** {@code count} items of {@code type} from base element {@code at} of {@code buf}. */
    static Flat of(String what, Object buf, int at, int count, Datatype type, boolean read, boolean write)
            throws MPIException {
        Buf b = Buf.of(what, buf, at, count, type, read, write);
        BasicType base = type.base();
        int n = elements(type, count);
        if (type.contiguous() || n == 0) {
            return new Flat(b.array, b.offset, n, base, write ? b : null, null, count);
        }
        PackPlan plan = type.plan();
        Object temp = java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), n);
        if (read) {
            PackPlan.copy(b.array, b.offset, count, plan, temp, 0, n, PackPlan.of(base));
        }
        return new Flat(temp, 0, n, base, write ? b : null, plan, count);
    }

    /** Elements of the base type in {@code count} items of {@code type}. */
    static int elements(Datatype type, int count) throws MPIException {
        long n = (long) count * type.elementsPerItem();
        if (n > Integer.MAX_VALUE - 8) {
            throw MPIException.of(ErrorClass.ERR_COUNT, count + " items of " + type + " exceed a Java array");
        }
        return (int) n;
    }

    /** Copies what the collective wrote into the user's buffer. */
    void back() {
        if (user == null) {
            return;
        }
        if (plan != null) {
            PackPlan.copy(array, 0, elements, PackPlan.of(base), user.array, user.offset, items, plan);
        }
        user.back();
    }

    /** The same view, or a private copy when it shares elements with {@code out}'s (the same user array). */
    Flat apart(Flat out) {
        if (out == null || array == null || array != out.array
                || offset + elements <= out.offset || out.offset + out.elements <= offset) {
            return this;
        }
        Object copy = java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), elements);
        System.arraycopy(array, offset, copy, 0, elements);
        return new Flat(copy, 0, elements, base, null, null, items);
    }
}
