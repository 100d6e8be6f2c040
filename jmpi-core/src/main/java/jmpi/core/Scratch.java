package jmpi.core;

import jmpi.datatype.BasicType;

/**
 * Per-thread arrays for a copy that lives only within one call: a small send's elements gathered from a derived
 * datatype before the transport copies them into its own memory ({@link Matching}), and a small receive's staging
 * before the receive plan scatters it ({@link Delivery#fromSegment}). A fresh array per message cost more than the
 * copies themselves (zeroed, then garbage): on threads, a vector of doubles 8 apart measured about twice the time of
 * packing by hand at 1-8 KiB (bench/compare-noncontig.sh).
 *
 * <p>Two sets per thread, {@link #SEND} and {@link #RECEIVE}, so that a receive completed by a poll never reuses the
 * array a send of the same thread is still filling. A user of an array must be done with it before the call that
 * took it returns: nothing may keep a reference.
 *
 * <p>Concurrency: thread-confined.
 */
final class Scratch {
    /** Larger arrays are not kept (fresh ones): the small-message limits are below this. */
    static final long MAX_BYTES = 64 * 1024;
    static final int SEND = 0;
    static final int RECEIVE = 1;
    private static final int TYPES = BasicType.values().length;
    private static final ThreadLocal<Object[]> ARRAYS = ThreadLocal.withInitial(() -> new Object[2 * TYPES]);

    private Scratch() {
    }

    /**
     * An array of at least {@code elements} elements of primitive {@code type} for use {@code set} ({@link #SEND} or
     * {@link #RECEIVE}) of this thread; a fresh one (not kept) when it would be over {@link #MAX_BYTES}.
     */
    static Object take(int set, BasicType type, int elements) {
        if ((long) elements * type.size() > MAX_BYTES || type == BasicType.OBJECT) {
            return SendPacking.fresh(type, elements);
        }
        Object[] arrays = ARRAYS.get();
        int slot = set * TYPES + type.ordinal();
        Object a = arrays[slot];
        if (a == null || java.lang.reflect.Array.getLength(a) < elements) {
            int length = Math.max(64, Integer.highestOneBit(Math.max(1, elements - 1)) << 1);
            length = (int) Math.max(elements, Math.min(length, MAX_BYTES / Math.max(1, type.size())));
            a = SendPacking.fresh(type, length);
            arrays[slot] = a;
        }
        return a;
    }
}
