package jmpi.spi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Copies between a Java array of a message's elements and transport memory, as
 * {@code MemorySegment.copy} does, but a message of at most {@link #ELEMENTWISE_BYTES} bytes of a byte,
 * int, long or double array with a few plain accesses: {@code MemorySegment.copy} of a few bytes goes through
 * a copy stub call on both ranks' message path (about 4 % of an 8-byte ping-pong's samples in a perf
 * profile of the threads transport), where plain loads and stores inline. A byte array moves 8 bytes at a time
 * (then 4, then single bytes): byte by byte, copying an 8-byte message in and out cost about 4 ns of the
 * 47-48 ns per message of a window of 64 on the threads transport (bench/experiments/window-trace.sh,
 * bench/results/2026-12-07-small-bandwidth.txt). The threads transport's fastbox and eager ring and the engine's
 * delivery out of any transport's memory use it. The shm ring's small
 * records do not: with it (element by element), they measured no faster (bench/results/2026-11-29-small-copy.txt).
 *
 * <p>Concurrency: stateless; callers own the memory they pass.
 */
public final class SmallCopy {
    /** Messages of at most this many bytes are copied element by element. */
    public static final int ELEMENTWISE_BYTES = 16;
    private static final java.nio.ByteOrder NATIVE = java.nio.ByteOrder.nativeOrder();
    /** A byte array read and written 8 or 4 bytes at a time, in the platform's order (the segment's accesses too). */
    private static final java.lang.invoke.VarHandle BYTES_AS_LONG =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, NATIVE);
    private static final java.lang.invoke.VarHandle BYTES_AS_INT =
            java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, NATIVE);

    private SmallCopy() {
    }

    /**
     * Copies {@code count} elements of {@code array} from index {@code offset}, each of {@code layout}, into
     * {@code to} at byte {@code at}, unaligned, in {@code layout}'s byte order (element by element only when
     * that is the platform's).
     */
    public static void toSegment(Object array, int offset, int count, ValueLayout layout, MemorySegment to, long at) {
        if (count * layout.byteSize() <= ELEMENTWISE_BYTES && layout.order() == NATIVE) {
            switch (array) {
                case byte[] b when layout.byteSize() == 1 -> {
                    int i = 0;
                    for (; i + 8 <= count; i += 8) {
                        to.set(ValueLayout.JAVA_LONG_UNALIGNED, at + i, (long) BYTES_AS_LONG.get(b, offset + i));
                    }
                    if (i + 4 <= count) {
                        to.set(ValueLayout.JAVA_INT_UNALIGNED, at + i, (int) BYTES_AS_INT.get(b, offset + i));
                        i += 4;
                    }
                    for (; i < count; i++) {
                        to.set(ValueLayout.JAVA_BYTE, at + i, b[offset + i]);
                    }
                    return;
                }
                case int[] a when layout.byteSize() == 4 -> {
                    for (int i = 0; i < count; i++) {
                        to.set(ValueLayout.JAVA_INT_UNALIGNED, at + 4L * i, a[offset + i]);
                    }
                    return;
                }
                case long[] a when layout.byteSize() == 8 -> {
                    for (int i = 0; i < count; i++) {
                        to.set(ValueLayout.JAVA_LONG_UNALIGNED, at + 8L * i, a[offset + i]);
                    }
                    return;
                }
                case double[] a when layout.byteSize() == 8 -> {
                    for (int i = 0; i < count; i++) {
                        to.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, at + 8L * i, a[offset + i]);
                    }
                    return;
                }
                default -> {
                }
            }
        }
        MemorySegment.copy(array, offset, to, layout, at, count);
    }

    /**
     * Copies {@code count} elements, each of {@code layout}, from {@code from} at byte {@code at} into
     * {@code array} from index {@code offset}.
     */
    public static void fromSegment(MemorySegment from, long at, Object array, int offset, int count, ValueLayout layout) {
        if (count * layout.byteSize() <= ELEMENTWISE_BYTES && layout.order() == NATIVE) {
            switch (array) {
                case byte[] b when layout.byteSize() == 1 -> {
                    int i = 0;
                    for (; i + 8 <= count; i += 8) {
                        BYTES_AS_LONG.set(b, offset + i, from.get(ValueLayout.JAVA_LONG_UNALIGNED, at + i));
                    }
                    if (i + 4 <= count) {
                        BYTES_AS_INT.set(b, offset + i, from.get(ValueLayout.JAVA_INT_UNALIGNED, at + i));
                        i += 4;
                    }
                    for (; i < count; i++) {
                        b[offset + i] = from.get(ValueLayout.JAVA_BYTE, at + i);
                    }
                    return;
                }
                case int[] a when layout.byteSize() == 4 -> {
                    for (int i = 0; i < count; i++) {
                        a[offset + i] = from.get(ValueLayout.JAVA_INT_UNALIGNED, at + 4L * i);
                    }
                    return;
                }
                case long[] a when layout.byteSize() == 8 -> {
                    for (int i = 0; i < count; i++) {
                        a[offset + i] = from.get(ValueLayout.JAVA_LONG_UNALIGNED, at + 8L * i);
                    }
                    return;
                }
                case double[] a when layout.byteSize() == 8 -> {
                    for (int i = 0; i < count; i++) {
                        a[offset + i] = from.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, at + 8L * i);
                    }
                    return;
                }
                default -> {
                }
            }
        }
        MemorySegment.copy(from, layout, at, array, offset, count);
    }
}
