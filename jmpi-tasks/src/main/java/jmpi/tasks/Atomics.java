package jmpi.tasks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Atomic updates of single elements of shared {@code double[]} and {@code long[]} arrays, for tasks
 * that accumulate into shared data. Each update is one compare-and-set loop (or one atomic add for
 * longs) with volatile semantics. Elements updated this way should be read with {@link #get}
 * while tasks run; after the region or {@code waitForAll} plain reads see the final values.
 */
public final class Atomics {
    private static final VarHandle DOUBLES = MethodHandles.arrayElementVarHandle(double[].class);
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private Atomics() {
    }

    /**
     * @param a the array
     * @param i the element
     * @param delta what to add
     * @return the element's new value
     */
    public static double add(double[] a, int i, double delta) {
        double v;
        do {
            v = (double) DOUBLES.getVolatile(a, i);
        } while (!DOUBLES.weakCompareAndSet(a, i, v, v + delta));
        return v + delta;
    }

    /**
     * @param a the array
     * @param i the element
     * @param delta what to add
     * @return the element's new value
     */
    public static long add(long[] a, int i, long delta) {
        return (long) LONGS.getAndAdd(a, i, delta) + delta;
    }

    /**
     * Lowers {@code a[i]} to {@code value} if it is smaller.
     *
     * @param a the array
     * @param i the element
     * @param value the candidate
     * @return the element's new value
     */
    public static double min(double[] a, int i, double value) {
        double v;
        do {
            v = (double) DOUBLES.getVolatile(a, i);
            if (!(value < v)) {
                return v;
            }
        } while (!DOUBLES.weakCompareAndSet(a, i, v, value));
        return value;
    }

    /**
     * Raises {@code a[i]} to {@code value} if it is larger.
     *
     * @param a the array
     * @param i the element
     * @param value the candidate
     * @return the element's new value
     */
    public static double max(double[] a, int i, double value) {
        double v;
        do {
            v = (double) DOUBLES.getVolatile(a, i);
            if (!(value > v)) {
                return v;
            }
        } while (!DOUBLES.weakCompareAndSet(a, i, v, value));
        return value;
    }

    /**
     * @param a the array
     * @param i the element
     * @param value the candidate
     * @return the element's new value, {@code min(a[i], value)}
     */
    public static long min(long[] a, int i, long value) {
        long v;
        do {
            v = (long) LONGS.getVolatile(a, i);
            if (value >= v) {
                return v;
            }
        } while (!LONGS.weakCompareAndSet(a, i, v, value));
        return value;
    }

    /**
     * @param a the array
     * @param i the element
     * @param value the candidate
     * @return the element's new value, {@code max(a[i], value)}
     */
    public static long max(long[] a, int i, long value) {
        long v;
        do {
            v = (long) LONGS.getVolatile(a, i);
            if (value <= v) {
                return v;
            }
        } while (!LONGS.weakCompareAndSet(a, i, v, value));
        return value;
    }

    /**
     * @param a the array
     * @param i the element
     * @return {@code a[i]} read with volatile semantics
     */
    public static double get(double[] a, int i) {
        return (double) DOUBLES.getVolatile(a, i);
    }

    /**
     * @param a the array
     * @param i the element
     * @return {@code a[i]} read with volatile semantics
     */
    public static long get(long[] a, int i) {
        return (long) LONGS.getVolatile(a, i);
    }
}
