package jmpi.core;

import java.util.concurrent.atomic.AtomicReferenceArray;

import jmpi.datatype.BasicType;
import jmpi.datatype.ObjectCodec;
import jmpi.datatype.PackPlan;

/**
 * How both matchers ({@link Matching}, {@link LibraryMatching}) turn a send's elements into what goes on the
 * wire: a derived datatype's elements gathered into one dense array, {@code MPI.OBJECT}s serialized.
 *
 * <p><b>Packed copies are private, and large ones are reused.</b> The array {@link #gather} returns is known to
 * no one but the send that asked for it. The protocol that carries the send may {@link #claim} it right after
 * (same thread): a byte transport then sends it without a second private copy, and when a rendezvous is done
 * with it returns it with {@link #release}, for the next large gather. A fresh array of a large message costs
 * more than the gather itself (zeroed first, cold in cache, garbage soon after: measured on a 256 KiB vector of
 * doubles, about half of the whole send over shared memory). An array that is not released (handed over as a
 * same-JVM eager message, or sent by a transport that keeps no account of it) is simply garbage once used.
 *
 * <p>Concurrency: the pool is shared by every rank and thread of the JVM; slots are taken and filled with one
 * atomic operation each. The claim is per thread.
 */
final class SendPacking {
    /** Packed copies from this size on come from, and go back to, the pool (below it a fresh array is cheap). */
    static final long POOL_MIN_BYTES = 32 * 1024;
    /** Larger packed copies are not kept (the pool should not pin much memory). */
    static final long POOL_MAX_BYTES = 16L * 1024 * 1024;
    /**
     * Packed copies from this size on may be {@link #claim}ed; a smaller one costs less to copy again than the
     * thread-local bookkeeping costs every message.
     */
    static final long CLAIM_MIN_BYTES = 256;
    /** Arrays kept per element type. */
    private static final int SLOTS = 4;
    private static final AtomicReferenceArray<Object> POOL = new AtomicReferenceArray<>(BasicType.values().length * SLOTS);
    /** The last array {@link #gather} returned on this thread, until it is claimed. */
    private static final ThreadLocal<Object> LAST = new ThreadLocal<>();

    private SendPacking() {
    }

    /** The {@code elements} elements {@code items} of {@code plan}'s type select from {@code buf}, packed densely. */
    static Object gather(Object buf, int offset, int items, PackPlan plan, int elements, BasicType type) {
        Object packed = take(type, elements);
        PackPlan.copy(buf, offset, items, plan, packed, 0, elements, PackPlan.of(type));
        if ((long) elements * type.size() >= CLAIM_MIN_BYTES) {
            LAST.set(packed);
        }
        return packed;
    }

    /**
     * True when {@code buf} is the array {@link #gather} just returned on this thread (of at least
     * {@link #CLAIM_MIN_BYTES}), which the caller now owns:
     * no one else holds it, so it may travel without a copy, and may be {@link #release}d once nothing reads it.
     * Each gathered array is claimed at most once.
     */
    static boolean claim(Object buf) {
        if (buf == null || LAST.get() != buf) {
            return false;
        }
        LAST.remove();
        return true;
    }

    /** Returns a claimed packed array (or a staging array {@link #take}n) to the pool, once nothing reads it any more. */
    static void release(Object packed) {
        BasicType type = typeOf(packed);
        if (type == null) {
            return;
        }
        long bytes = (long) java.lang.reflect.Array.getLength(packed) * type.size();
        if (bytes < POOL_MIN_BYTES || bytes > POOL_MAX_BYTES) {
            return;
        }
        int base = type.ordinal() * SLOTS;
        for (int s = 0; s < SLOTS; s++) {
            if (POOL.get(base + s) == null && POOL.compareAndSet(base + s, null, packed)) {
                return;
            }
        }
    }

    /** An array of at least {@code elements} elements of {@code type}: from the pool when large, else fresh. */
    static Object take(BasicType type, int elements) {
        long bytes = (long) elements * type.size();
        if (type != BasicType.OBJECT && bytes >= POOL_MIN_BYTES && bytes <= POOL_MAX_BYTES) {
            int base = type.ordinal() * SLOTS;
            for (int s = 0; s < SLOTS; s++) {
                Object a = POOL.get(base + s);
                if (a != null && java.lang.reflect.Array.getLength(a) >= elements && POOL.compareAndSet(base + s, a, null)) {
                    return a;
                }
            }
        }
        return fresh(type, elements);
    }

    /** A new array of {@code elements} elements of {@code type}. */
    static Object fresh(BasicType type, int elements) {
        return switch (type) {
            case BYTE -> new byte[elements];
            case CHAR -> new char[elements];
            case SHORT -> new short[elements];
            case BOOLEAN -> new boolean[elements];
            case INT -> new int[elements];
            case LONG -> new long[elements];
            case FLOAT -> new float[elements];
            case DOUBLE -> new double[elements];
            default -> java.lang.reflect.Array.newInstance(type.arrayClass().getComponentType(), elements);
        };
    }

    /** The primitive type of a pooled array, or null for other arrays (never pooled). */
    private static BasicType typeOf(Object array) {
        return switch (array) {
            case byte[] a -> BasicType.BYTE;
            case char[] a -> BasicType.CHAR;
            case short[] a -> BasicType.SHORT;
            case boolean[] a -> BasicType.BOOLEAN;
            case int[] a -> BasicType.INT;
            case long[] a -> BasicType.LONG;
            case float[] a -> BasicType.FLOAT;
            case double[] a -> BasicType.DOUBLE;
            default -> null;
        };
    }

    /** {@code count} objects of {@code buf} from {@code offset}, serialized; ERR_TYPE when one cannot be. */
    static byte[] serialize(Object[] buf, int offset, int count) {
        try {
            return ObjectCodec.serialize(buf, offset, count);
        } catch (ObjectCodec.ObjectCodecException e) {
            throw new MpiError(ErrorClass.ERR_TYPE, e.getMessage(), e);
        }
    }
}
