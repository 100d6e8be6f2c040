package jmpi.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link SmallCopy} copies exactly what {@code MemorySegment.copy} copies, for every array type a message may have,
 * at every count from 0 to past the element-wise bound, at array offsets and unaligned segment offsets, in both byte
 * orders; and touches nothing outside the range on either side.
 */
class SmallCopyTest {
    private record Kind(String name, ValueLayout layout, java.util.function.IntFunction<Object> make) {
    }

    private static final List<Kind> KINDS = List.of(
            new Kind("byte", ValueLayout.JAVA_BYTE, n -> { byte[] a = new byte[n]; for (int i = 0; i < n; i++) { a[i] = (byte) (i * 7 + 1); } return a; }),
            new Kind("short", ValueLayout.JAVA_SHORT_UNALIGNED, n -> { short[] a = new short[n]; for (int i = 0; i < n; i++) { a[i] = (short) (i * 1031 + 3); } return a; }),
            new Kind("char", ValueLayout.JAVA_CHAR_UNALIGNED, n -> { char[] a = new char[n]; for (int i = 0; i < n; i++) { a[i] = (char) (i * 977 + 5); } return a; }),
            new Kind("int", ValueLayout.JAVA_INT_UNALIGNED, n -> { int[] a = new int[n]; for (int i = 0; i < n; i++) { a[i] = i * 0x01010101 + 0x7f000011; } return a; }),
            new Kind("float", ValueLayout.JAVA_FLOAT_UNALIGNED, n -> { float[] a = new float[n]; for (int i = 0; i < n; i++) { a[i] = i * 1.5f - 7.25f; } return a; }),
            new Kind("long", ValueLayout.JAVA_LONG_UNALIGNED, n -> { long[] a = new long[n]; for (int i = 0; i < n; i++) { a[i] = i * 0x0101010101010101L + 0x7f00000000000013L; } return a; }),
            new Kind("double", ValueLayout.JAVA_DOUBLE_UNALIGNED, n -> { double[] a = new double[n]; for (int i = 0; i < n; i++) { a[i] = i * -3.5 + 1e300; } return a; }));

    @Test
    void copiesWhatMemorySegmentCopyCopiesAndNothingElse() {
        try (Arena arena = Arena.ofConfined()) {
            for (Kind k : KINDS) {
                for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
                    ValueLayout layout = k.layout().withOrder(order);
                    int maxCount = (int) (SmallCopy.ELEMENTWISE_BYTES / layout.byteSize()) + 3;
                    for (int count = 0; count <= maxCount; count++) {
                        for (int offset : new int[] {0, 1, 3}) {
                            for (long at : new long[] {0, 1, 7, 64}) {
                                check(arena, k, layout, count, offset, at);
                            }
                        }
                    }
                }
            }
        }
    }

    private static void check(Arena arena, Kind k, ValueLayout layout, int count, int offset, long at) {
        String what = k.name() + " " + layout.order() + " count " + count + " offset " + offset + " at " + at;
        Object src = k.make().apply(offset + count + 2);
        long bytes = (long) count * layout.byteSize();
        MemorySegment want = arena.allocate(at + bytes + 16);
        MemorySegment got = arena.allocate(at + bytes + 16);
        want.fill((byte) 0x5a);
        got.fill((byte) 0x5a);
        MemorySegment.copy(src, offset, want, layout, at, count);
        SmallCopy.toSegment(src, offset, count, layout, got, at);
        assertEquals(-1L, want.mismatch(got), what + ": into a segment");
        // and back: into an array holding other values, whose elements outside the range must stay
        Object wantBack = k.make().apply(offset + count + 2);
        Object gotBack = k.make().apply(offset + count + 2);
        java.lang.reflect.Array.set(wantBack, 0, java.lang.reflect.Array.get(src, 1));
        java.lang.reflect.Array.set(gotBack, 0, java.lang.reflect.Array.get(src, 1));
        MemorySegment from = arena.allocate(at + bytes + 16);
        for (long i = 0; i < from.byteSize(); i++) {
            from.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 13 + 11));
        }
        MemorySegment.copy(from, layout, at, wantBack, offset, count);
        SmallCopy.fromSegment(from, at, gotBack, offset, count, layout);
        switch (wantBack) {
            case byte[] a -> assertArrayEquals(a, (byte[]) gotBack, what + ": out of a segment");
            case short[] a -> assertArrayEquals(a, (short[]) gotBack, what + ": out of a segment");
            case char[] a -> assertArrayEquals(a, (char[]) gotBack, what + ": out of a segment");
            case int[] a -> assertArrayEquals(a, (int[]) gotBack, what + ": out of a segment");
            case float[] a -> assertArrayEquals(a, (float[]) gotBack, what + ": out of a segment");
            case long[] a -> assertArrayEquals(a, (long[]) gotBack, what + ": out of a segment");
            case double[] a -> assertArrayEquals(a, (double[]) gotBack, what + ": out of a segment");
            default -> throw new AssertionError(wantBack.getClass());
        }
    }
}
