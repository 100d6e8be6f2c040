package jmpi.datatype;

import java.io.ObjectInputFilter;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * {@code MPI.OBJECT} messages of a {@link PackPlan} over byte transports and {@code Comm.Pack}: segments cannot
 * hold objects, so a message's objects are gathered in stream order and serialized with {@link ObjectCodec}
 * (and the other way on receipt: deserialized behind the allow-list, then scattered into the receive buffer).
 * In a {@code Comm.Pack} buffer an object message is a 4-byte native-order length and its serialized form.
 * {@link PackPlan}'s public methods of the same names delegate here.
 *
 * <p>Stateless; thread-safe as {@link PackPlan} is.
 */
final class ObjectMessages {
    private ObjectMessages() {
    }

    /** The message's objects in stream order, in a fresh array. */
    static Object[] gather(PackPlan plan, Object[] array, int offset, int count) {
        checkObjectBase(plan);
        Object[] out = new Object[(int) plan.elementsOf(Math.max(count, 0))];
        PackPlan.copy(array, offset, count, plan, out, 0, out.length, PackPlan.of(BasicType.OBJECT));
        return out;
    }

    /** Stores {@code objects} (stream order) into the first elements of the receive buffer ({@code ERR_TRUNCATE}). */
    static void scatter(PackPlan plan, Object[] objects, Object[] array, int offset, int count) {
        checkObjectBase(plan);
        if (objects.length > plan.elementsOf(Math.max(count, 0))) {
            throw truncated(plan, objects.length, count);
        }
        PackPlan.copy(objects, 0, objects.length, PackPlan.of(BasicType.OBJECT), array, offset, count, plan);
    }

    /** Serializes the message's objects in stream order. */
    static byte[] serialize(PackPlan plan, Object[] array, int offset, int count) {
        Object[] objects = gather(plan, array, offset, count);
        return ObjectCodec.serialize(objects, 0, objects.length);
    }

    /** Deserializes {@code n} objects and stores them as {@link #scatter} does; on failure nothing is stored. */
    static void deserialize(PackPlan plan, byte[] data, int n, Object[] array, int offset, int count,
                            ClassLoader loader, ObjectInputFilter filter) {
        checkObjectBase(plan);
        plan.checkBuffer(array, offset, count);
        if (n > plan.elementsOf(count)) {
            throw truncated(plan, n, count);
        }
        Object[] read = (Object[]) java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), n);
        ObjectCodec.deserialize(data, n, read, 0, loader, filter);
        PackPlan.copy(read, 0, n, PackPlan.of(BasicType.OBJECT), array, offset, count, plan);
    }

    /** {@code Comm.Pack} of an object message: length and serialized form at {@code position}; the position after. */
    static int packInto(PackPlan plan, Object inbuf, int offset, int incount, byte[] outbuf, int position) {
        if (!(inbuf instanceof Object[])) {
            plan.checkBuffer(inbuf, offset, incount); // a wrong or null buffer: ERR_TYPE / ERR_BUFFER
        }
        byte[] data = serialize(plan, (Object[]) inbuf, offset, incount);
        PackPlan.checkSegment(MemorySegment.ofArray(outbuf), position, 4L + data.length, "output buffer");
        MemorySegment.ofArray(outbuf).set(ValueLayout.JAVA_INT_UNALIGNED, position, data.length);
        System.arraycopy(data, 0, outbuf, position + 4, data.length);
        return position + 4 + data.length;
    }

    /** {@code Comm.Unpack} of an object message written by {@link #packInto}; the position after it. */
    static int unpackFrom(PackPlan plan, byte[] inbuf, int position, Object outbuf, int offset, int outcount,
                          ClassLoader loader, ObjectInputFilter filter) {
        if (filter == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE,
                    "unpacking MPI.OBJECT needs the receiver's class loader and allow-list");
        }
        if (!(outbuf instanceof Object[])) {
            plan.checkBuffer(outbuf, offset, outcount);
        }
        MemorySegment in = MemorySegment.ofArray(inbuf);
        PackPlan.checkSegment(in, position, 4, "input buffer");
        int length = in.get(ValueLayout.JAVA_INT_UNALIGNED, position);
        PackPlan.checkSegment(in, position + 4L, length, "input buffer");
        if (length < 0) {
            throw new DatatypeException(DatatypeException.Kind.ERR_BUFFER, "corrupt packed object length " + length);
        }
        byte[] data = Arrays.copyOfRange(inbuf, position + 4, position + 4 + length);
        deserialize(plan, data, (int) plan.elementsOf(outcount), (Object[]) outbuf, offset, outcount, loader, filter);
        return position + 4 + length;
    }

    private static void checkObjectBase(PackPlan plan) {
        if (plan.base() != BasicType.OBJECT && plan.base() != null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "not an MPI.OBJECT type: " + plan.type());
        }
    }

    private static DatatypeException truncated(PackPlan plan, int objects, int count) {
        return new DatatypeException(DatatypeException.Kind.ERR_TRUNCATE, objects + " objects do not fit "
                + count + " item(s) of " + plan.elementsPerItem() + " element(s)");
    }
}
