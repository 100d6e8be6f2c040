package jmpi.datatype;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

/**
 * The basic (predefined) types of the mpiJava binding and the Java array each one lives in.
 * Pure functions only: sizes, array checks and copies. Immutable; safe from any thread.
 */
public enum BasicType {
    BYTE(1, byte[].class),
    CHAR(2, char[].class),
    SHORT(2, short[].class),
    BOOLEAN(1, boolean[].class),
    INT(4, int[].class),
    LONG(8, long[].class),
    FLOAT(4, float[].class),
    DOUBLE(8, double[].class),
    /** Serializable objects in an {@code Object[]} (any array whose elements are references). */
    OBJECT(1, Object[].class),
    /** Packed bytes ({@code MPI.PACKED}), in a {@code byte[]}. */
    PACKED(1, byte[].class);

    private static final BasicType[] BY_CODE = values();

    static {
        // Load every kind of heap memory segment now. Loaded later, on a first message of some type,
        // a new segment class would invalidate the class-hierarchy assumptions the JIT made when it
        // compiled the message paths, and all of them would be thrown away and recompiled mid-run.
        MemorySegment.ofArray(new byte[1]);
        MemorySegment.ofArray(new char[1]);
        MemorySegment.ofArray(new short[1]);
        MemorySegment.ofArray(new int[1]);
        MemorySegment.ofArray(new long[1]);
        MemorySegment.ofArray(new float[1]);
        MemorySegment.ofArray(new double[1]);
    }

    private final int size;
    private final Class<?> arrayClass;

    BasicType(int size, Class<?> arrayClass) {
        this.size = size;
        this.arrayClass = arrayClass;
    }

    /** Bytes one element occupies in a message (1 for OBJECT: its size is known only once serialized). */
    public int size() {
        return size;
    }

    /** The Java array type a buffer of this type must be. */
    public Class<?> arrayClass() {
        return arrayClass;
    }

    /** Stable code carried in frames. */
    public int code() {
        return ordinal();
    }

    public static BasicType ofCode(int code) {
        return BY_CODE[code];
    }

    /** True when {@code buffer} is an array this type can read and write. */
    public boolean accepts(Object buffer) {
        if (this == OBJECT) {
            return buffer instanceof Object[];
        }
        return buffer != null && buffer.getClass() == arrayClass;
    }

    /** Length of an array this type {@link #accepts}. */
    public static int length(Object array) {
        if (array != null && array.getClass().isArray()) {
            return java.lang.reflect.Array.getLength(array); // an intrinsic: no type tests one by one
        }
        throw new IllegalArgumentException("not an array usable as a message buffer: "
                + (array == null ? "null" : array.getClass().getName()));
    }

    /** A fresh array holding {@code count} elements of {@code src} from {@code offset} (a private snapshot). */
    public Object copyOf(Object src, int offset, int count) {
        return switch (src) {
            case byte[] a -> Arrays.copyOfRange(a, offset, offset + count);
            case char[] a -> Arrays.copyOfRange(a, offset, offset + count);
            case short[] a -> Arrays.copyOfRange(a, offset, offset + count);
            case boolean[] a -> Arrays.copyOfRange(a, offset, offset + count);
            case int[] a -> Arrays.copyOfRange(a, offset, offset + count);
            case long[] a -> Arrays.copyOfRange(a, offset, offset + count);
            case float[] a -> Arrays.copyOfRange(a, offset, offset + count);
            case double[] a -> Arrays.copyOfRange(a, offset, offset + count);
            default -> throw new IllegalArgumentException("not a primitive array: " + src.getClass().getName());
        };
    }

    /** True for types whose arrays a {@link MemorySegment} can view (every primitive type but boolean). */
    public boolean segmentable() {
        return this != OBJECT && this != BOOLEAN;
    }

    /**
     * The layout of one element in a message's bytes (native order, no alignment assumed); null for
     * types that are not {@link #segmentable()}.
     */
    public ValueLayout layout() {
        return switch (this) {
            case BYTE, PACKED -> ValueLayout.JAVA_BYTE;
            case CHAR -> ValueLayout.JAVA_CHAR_UNALIGNED;
            case SHORT -> ValueLayout.JAVA_SHORT_UNALIGNED;
            case INT -> ValueLayout.JAVA_INT_UNALIGNED;
            case LONG -> ValueLayout.JAVA_LONG_UNALIGNED;
            case FLOAT -> ValueLayout.JAVA_FLOAT_UNALIGNED;
            case DOUBLE -> ValueLayout.JAVA_DOUBLE_UNALIGNED;
            case BOOLEAN, OBJECT -> null;
        };
    }

    /**
     * The {@code count} elements of {@code array} from {@code offset} as bytes in native order, for a
     * transport that moves bytes: a view of the array itself where a segment can view it (no copy),
     * else a copy ({@code BOOLEAN}: one byte per element, 1 or 0).
     */
    public MemorySegment bytesOf(Object array, int offset, int count) {
        if (count == 0) {
            return MemorySegment.ofArray(new byte[0]); // the buffer may be null for an empty message
        }
        if (this == BOOLEAN) {
            boolean[] a = (boolean[]) array;
            byte[] b = new byte[count];
            for (int i = 0; i < count; i++) {
                b[i] = (byte) (a[offset + i] ? 1 : 0);
            }
            return MemorySegment.ofArray(b);
        }
        MemorySegment whole = memoryOf(array);
        if (whole == null) {
            throw new IllegalArgumentException("no byte view of " + array.getClass().getName());
        }
        return whole.asSlice((long) offset * size, (long) count * size);
    }

    /** The whole memory of a primitive array other than {@code boolean[]} (its elements as they lie), or null. */
    public static MemorySegment memoryOf(Object array) {
        return switch (array) {
            case byte[] a -> MemorySegment.ofArray(a);
            case char[] a -> MemorySegment.ofArray(a);
            case short[] a -> MemorySegment.ofArray(a);
            case int[] a -> MemorySegment.ofArray(a);
            case long[] a -> MemorySegment.ofArray(a);
            case float[] a -> MemorySegment.ofArray(a);
            case double[] a -> MemorySegment.ofArray(a);
            case null, default -> null;
        };
    }

    /** A private copy of what {@link #bytesOf} views (for eager sends, whose buffer the caller may reuse at once). */
    public byte[] bytesCopy(Object array, int offset, int count) {
        return bytesOf(array, offset, count).toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
    }

    /**
     * A writable byte view of {@code count} elements of {@code array} from {@code offset}, or null for
     * {@code BOOLEAN} (which must be staged and converted with {@link #copyFromBytes}).
     */
    public MemorySegment writableBytes(Object array, int offset, int count) {
        return this == BOOLEAN ? null : bytesOf(array, offset, count);
    }

    /** Copies {@code count} elements held as raw native-order bytes in {@code src} into {@code dst} from {@code offset}. */
    public void copyFromBytes(byte[] src, Object dst, int offset, int count) {
        if (this == BOOLEAN) {
            boolean[] a = (boolean[]) dst;
            for (int i = 0; i < count; i++) {
                a[offset + i] = src[i] != 0;
            }
            return;
        }
        MemorySegment.copy(MemorySegment.ofArray(src), layout(), 0, dst, offset, count);
    }

    /** Elements a message of {@code bytes} bytes holds, or -1 when it is not a whole number of them. */
    public int elementsIn(long bytes) {
        return bytes % size == 0 ? (int) (bytes / size) : -1;
    }
}
