package mpi;

import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;

/**
 * A collective's (or {@code Pack}'s) view of a user buffer as consecutive basic elements: the buffer
 * itself for a contiguous datatype, else a temporary array (filled from the buffer for data the call
 * reads; copied back into it by {@link #back} for data it writes).
 */
final class Flat {
    final Object array;
    final int offset;
    private final Object user;
    private final int userOffset;
    private final int items;
    private final jmpi.datatype.PackPlan plan;

    private Flat(Object array, int offset, Object user, int userOffset, int items, jmpi.datatype.PackPlan plan) {
        this.array = array;
        this.offset = offset;
        this.user = user;
        this.userOffset = userOffset;
        this.items = items;
        this.plan = plan;
    }

    static Flat of(Object buf, int offset, int items, Datatype type, boolean read) {
        if (type.contiguous() || buf == null) {
            return new Flat(buf, offset, null, 0, 0, null);
        }
        if (type.elementsPerItem() == 0) { // a type of markers only: no data, in a buffer of its wire type
            return new Flat(new byte[0], 0, null, 0, 0, null);
        }
        jmpi.datatype.PackPlan plan = type.planForMessages();
        BasicType base = plan.base();
        int n = elements(type, items);
        Object temp = java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), n);
        if (read) {
            jmpi.datatype.PackPlan.copy(buf, offset, items, plan, temp, 0, n, jmpi.datatype.PackPlan.of(base));
        }
        return new Flat(temp, 0, buf, offset, items, plan);
    }

    /**
     * This (send) view, or a private copy of its {@code n} elements when they share an element with
     * the {@code outN} elements of {@code out} (the same array passed as send and receive buffer: see
     * {@link Alias}).
     */
    Flat apart(int n, Flat out, int outN) {
        if (out == null || array == null || array != out.array // (the common case allocates nothing)
                || !Alias.run(offset, n).overlaps(Alias.run(out.offset, outN))) {
            return this;
        }
        Alias.Send copy = Alias.copy(array, offset, Alias.run(offset, n));
        return new Flat(copy.array(), copy.offset(), null, 0, 0, null);
    }

    /** Basic elements in {@code items} items of {@code type}; more than an array holds is {@code ERR_COUNT}. */
    static int elements(Datatype type, int items) {
        long n = (long) items * type.elementsPerItem();
        if (n > Integer.MAX_VALUE - 8) {
            throw new MpiError(ErrorClass.ERR_COUNT, items + " items of " + type + " exceed an array");
        }
        return (int) n;
    }

    /** Copies what the collective wrote into the user's buffer (no-op for a contiguous datatype). */
    void back() {
        if (plan != null) {
            int n = (int) plan.elementsOf(items); // checked by of()
            jmpi.datatype.PackPlan.copy(array, 0, n, jmpi.datatype.PackPlan.of(plan.base()), user, userOffset, items, plan);
        }
    }
}
