package mpi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.Buffer;

import jmpi.core.ErrorClass;
import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;

/**
 * A user buffer as the engine takes it: an array of the datatype's base type and the element its data starts
 * at. Open MPI's Java API accepts arrays (data from index 0) and {@code java.nio} buffers (data from the
 * buffer's start: {@code arrayOffset()} of a heap buffer, the address of a direct one; position and limit are
 * ignored, as Open MPI ignores them). An array of the base type and a heap buffer backed by one are used in
 * place; any other buffer (direct, read-only, a view of another element type: the memory is what counts, in
 * native byte order) is <em>staged</em>: copied into a temporary array when the call reads it, and copied
 * back by {@link #back} when the call has written it.
 *
 * <p>One per call; not thread-safe.
 */
final class Buf {
    final Object array;
    final int offset;
    /** The user's memory when staged, else null. */
    private final MemorySegment memory;
    private final BasicType base;
    /** Elements staged. */
    private final int n;

    private Buf(Object array, int offset, MemorySegment memory, BasicType base, int n) {
        this.array = array;
        this.offset = offset;
        this.memory = memory;
        this.base = base;
        this.n = n;
    }

    /** An array view the engine fills or reads directly. */
    static Buf ofArray(Object array, int offset) {
        return new Buf(array, offset, null, null, 0);
    }

    /**
     * The buffer {@code buf} holding {@code count} items of {@code type}.
     *
     * @param read  the call reads the data (a send): a staged buffer is copied in
     * @param write the call writes the data (a receive): a staged buffer is copied back by {@link #back}
     */
    static Buf of(String what, Object buf, int count, Datatype type, boolean read, boolean write)
            throws MPIException {
        return of(what, buf, 0, count, type, read, write);
    }

    /** As {@link #of(String, Object, int, Datatype, boolean, boolean)}, the items starting {@code at} base elements in. */
    static Buf of(String what, Object buf, int at, int count, Datatype type, boolean read, boolean write)
            throws MPIException {
        if (at < 0) {
            throw MPIException.of(ErrorClass.ERR_ARG, what + ": displacement " + at + " is before the buffer's start");
        }
        if (type == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, what + ": the datatype is null");
        }
        if (count < 0) {
            throw MPIException.of(ErrorClass.ERR_COUNT, what + ": negative count " + count);
        }
        BasicType base = type.base();
        int reach = reach(type, count);
        if (buf == null) {
            if (reach == 0 && at == 0) {
                return new Buf(null, 0, null, null, 0);
            }
            throw MPIException.of(ErrorClass.ERR_BUFFER, what + " is null");
        }
        if (buf instanceof Buffer b) {
            if (write && b.isReadOnly()) {
                throw MPIException.of(ErrorClass.ERR_BUFFER, what + " is a read-only " + b.getClass().getSimpleName());
            }
            if (b.hasArray() && b.array().getClass() == base.arrayClass()) {
                int length = b.capacity();
                if ((long) at + reach > length) {
                    throw tooSmall(what, count, type, (long) at + reach, length);
                }
                return new Buf(b.array(), b.arrayOffset() + at, null, null, 0);
            }
            Buffer whole = b.duplicate().clear();
            MemorySegment all = MemorySegment.ofBuffer(whole);
            long have = all.byteSize() / base.size();
            if ((long) at + reach > have) {
                throw tooSmall(what, count, type, (long) at + reach, have);
            }
            MemorySegment memory = all.asSlice((long) at * base.size(), (long) reach * base.size());
            Object temp = java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), reach);
            if (read || type.plan() != null && !type.contiguous()) { // a receive through gaps keeps what they hold
                copyIn(memory, base, temp, reach);
            }
            return new Buf(temp, 0, write ? memory : null, base, reach);
        }
        if (buf.getClass() != base.arrayClass()) {
            throw MPIException.of(ErrorClass.ERR_TYPE, what + " is a " + buf.getClass().getSimpleName() + ", not the "
                    + base.arrayClass().getSimpleName() + " (or java.nio buffer) that " + type + " needs");
        }
        int length = java.lang.reflect.Array.getLength(buf);
        if ((long) at + reach > length) {
            throw tooSmall(what, count, type, (long) at + reach, length);
        }
        return new Buf(buf, at, null, null, 0);
    }

    /** The elements past the buffer's start that {@code count} items of {@code type} reach (from element 0). */
    static int reach(Datatype type, int count) throws MPIException {
        PackPlan plan = type.plan();
        if (plan == null) {
            return count;
        }
        long[] r = plan.reach(0, count);
        if (r[0] < 0) {
            throw MPIException.of(ErrorClass.ERR_BUFFER, count + " item(s) of " + type + " reach element " + r[0]
                    + ", before the buffer's start (Open MPI's Java API has no offset argument: use a slice)");
        }
        if (r[1] > Integer.MAX_VALUE - 8) {
            throw MPIException.of(ErrorClass.ERR_COUNT, count + " item(s) of " + type + " exceed a Java array");
        }
        return (int) r[1];
    }

    private static MPIException tooSmall(String what, int count, Datatype type, long reach, long have) {
        return MPIException.of(ErrorClass.ERR_BUFFER, what + ": " + count + " item(s) of " + type + " need " + reach
                + " elements, the buffer holds " + have);
    }

    private static void copyIn(MemorySegment memory, BasicType base, Object temp, int n) {
        if (base == BasicType.BOOLEAN) {
            boolean[] a = (boolean[]) temp;
            for (int i = 0; i < n; i++) {
                a[i] = memory.get(ValueLayout.JAVA_BYTE, i) != 0;
            }
        } else {
            MemorySegment.copy(memory, base.layout(), 0, temp, 0, n);
        }
    }

    /** Copies what the call wrote into a staged buffer back to the user's memory (no-op otherwise). */
    void back() {
        if (memory == null || n == 0) {
            return;
        }
        if (base == BasicType.BOOLEAN) {
            boolean[] a = (boolean[]) array;
            for (int i = 0; i < n; i++) {
                memory.set(ValueLayout.JAVA_BYTE, i, (byte) (a[i] ? 1 : 0));
            }
        } else {
            MemorySegment.copy(array, 0, memory, base.layout(), 0, n);
        }
    }
}
