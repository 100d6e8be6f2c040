package mpi;

import jmpi.core.ErrorClass;
import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;

/**
 * A v-collective's view of a user buffer of blocks ({@code counts[i]} items of the datatype at
 * {@code displs[i]} extents) as jmpi's collectives take it: an array of base elements with counts and
 * displacements in elements. A contiguous datatype uses the buffer in place (counts and displacements
 * scaled by the items' size); another gets a temporary array holding the blocks packed one after another
 * (filled when the call reads them; unpacked into the user's layout by {@link #back}). One per call.
 */
final class VFlat {
    final Object array;
    final int offset;
    final int[] counts;
    final int[] displs;
    final BasicType base;
    private final Buf user;
    private final PackPlan plan;
    private final int[] itemCounts;
    private final int[] itemDispls;
    private final int extent;

    private VFlat(Object array, int offset, int[] counts, int[] displs, BasicType base, Buf user, PackPlan plan,
                  int[] itemCounts, int[] itemDispls, int extent) {
        this.array = array;
        this.offset = offset;
        this.counts = counts;
        this.displs = displs;
        this.base = base;
        this.user = user;
        this.plan = plan;
        this.itemCounts = itemCounts;
        this.itemDispls = itemDispls;
        this.extent = extent;
    }

    /**
     * The blocks of {@code buf}; {@code n} is the communicator's size (the arrays' length).
     *
     * @param read  the call reads the blocks
     * @param write the call writes them ({@link #back} puts them in place)
     */
    static VFlat of(String what, Object buf, int[] counts, int[] displs, Datatype type, int n, boolean read,
                    boolean write) throws MPIException {
        if (counts == null || displs == null) {
            throw MPIException.of(ErrorClass.ERR_ARG, what + ": the counts or displacements are null");
        }
        if (counts.length < n || displs.length < n) {
            throw MPIException.of(ErrorClass.ERR_ARG, what + ": " + counts.length + " counts and " + displs.length
                    + " displacements for " + n + " ranks");
        }
        if (type == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, what + ": the datatype is null");
        }
        int extent = type.getExtent();
        int perItem = type.elementsPerItem();
        long span = 0;
        for (int i = 0; i < n; i++) {
            if (counts[i] < 0) {
                throw MPIException.of(ErrorClass.ERR_COUNT, what + ": counts[" + i + "] = " + counts[i] + " is negative");
            }
            if (counts[i] > 0) {
                if (displs[i] < 0) {
                    throw MPIException.of(ErrorClass.ERR_ARG, what + ": displs[" + i + "] = " + displs[i]
                            + " is before the buffer's start");
                }
                span = Math.max(span, (long) displs[i] + counts[i]);
            }
        }
        if (span > Integer.MAX_VALUE - 8) {
            throw MPIException.of(ErrorClass.ERR_COUNT, what + ": the blocks exceed a Java array");
        }
        // The buffer is checked as holding "span" items: block i's items are items displs[i].. of that range.
        Buf b = Buf.of(what, buf, (int) span, type, read, write);
        BasicType base = type.base();
        int[] ec = new int[n];
        int[] ed = new int[n];
        if (type.contiguous()) {
            for (int i = 0; i < n; i++) {
                ec[i] = Math.multiplyExact(counts[i], perItem);
                ed[i] = Math.multiplyExact(displs[i], perItem);
            }
            return new VFlat(b.array, b.offset, ec, ed, base, write ? b : null, null, null, null, extent);
        }
        PackPlan plan = type.plan();
        long total = 0;
        for (int i = 0; i < n; i++) {
            ec[i] = Math.multiplyExact(counts[i], perItem);
            ed[i] = (int) total;
            total += ec[i];
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw MPIException.of(ErrorClass.ERR_COUNT, what + ": the blocks exceed a Java array");
        }
        Object temp = java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), (int) total);
        if (read) {
            for (int i = 0; i < n; i++) {
                if (counts[i] > 0) {
                    PackPlan.copy(b.array, b.offset + displs[i] * extent, counts[i], plan, temp, ed[i], ec[i],
                            PackPlan.of(base));
                }
            }
        }
        return new VFlat(temp, 0, ec, ed, base, write ? b : null, plan, counts.clone(), displs.clone(), extent);
    }

    /** Puts what the call wrote into the user's buffer. */
    void back() {
        if (user == null) {
            return;
        }
        if (plan != null) {
            for (int i = 0; i < itemCounts.length; i++) {
                if (itemCounts[i] > 0) {
                    PackPlan.copy(array, displs[i], counts[i], PackPlan.of(base), user.array,
                            user.offset + itemDispls[i] * extent, itemCounts[i], plan);
                }
            }
        }
        user.back();
    }
}
