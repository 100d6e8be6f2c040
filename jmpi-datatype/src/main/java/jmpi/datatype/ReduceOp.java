package jmpi.datatype;

/**
 * The predefined reduction operations as kernels over Java arrays: {@code inout[i] = in[i] op inout[i]}
 * for {@code count} elements (MPI's order of operands). All are associative and commutative.
 *
 * <p>Types: MAX, MIN, SUM, PROD on the numeric types (byte, short, char, int, long, float, double);
 * LAND, LOR, LXOR on boolean and the integer types (non-zero is true, the result 1 or 0); BAND,
 * BOR, BXOR on boolean and the integer types; MAXLOC and MINLOC on (value, index) pairs stored
 * as two consecutive elements of one array (mpiJava's {@code INT2}, {@code DOUBLE2}, ...: for them
 * {@code count} counts elements, so pairs = count / 2): the extreme value, and on ties the smaller
 * index. Integer arithmetic wraps as Java's does. A type an operation does not take is an
 * {@link IllegalArgumentException} from {@link #check}.
 *
 * <p>Pure functions; safe from any thread.
 */
public enum ReduceOp {
    MAX, MIN, SUM, PROD, LAND, BAND, LOR, BOR, LXOR, BXOR, MAXLOC, MINLOC;

    /** Whether this operation takes elements of {@code type}; throws naming both when not. */
    public void check(BasicType type) {
        boolean ok = switch (this) {
            case MAX, MIN, SUM, PROD, MAXLOC, MINLOC -> switch (type) {
                case BYTE, SHORT, CHAR, INT, LONG, FLOAT, DOUBLE -> true;
                default -> false;
            };
            case LAND, LOR, LXOR, BAND, BOR, BXOR -> switch (type) {
                case BOOLEAN, BYTE, SHORT, CHAR, INT, LONG -> true;
                default -> false;
            };
        };
        if (!ok) {
            throw new IllegalArgumentException("MPI." + name() + " does not apply to " + type + " elements");
        }
    }

    /** {@code inout[ioOff + i] = in[inOff + i] op inout[ioOff + i]} for i in [0, count). */
    public void apply(BasicType type, Object in, int inOff, Object inout, int ioOff, int count) {
        check(type);
        if (this == MAXLOC || this == MINLOC) {
            if (count % 2 != 0) {
                throw new IllegalArgumentException("MPI." + name() + " takes (value, index) pairs: " + count
                        + " elements is not a whole number of pairs");
            }
            loc(type, in, inOff, inout, ioOff, count / 2, this == MAXLOC);
            return;
        }
        switch (type) {
            case DOUBLE -> ReduceKernels.doubles(this, (double[]) in, inOff, (double[]) inout, ioOff, count);
            case FLOAT -> ReduceKernels.floats(this, (float[]) in, inOff, (float[]) inout, ioOff, count);
            case LONG -> ReduceKernels.longs(this, (long[]) in, inOff, (long[]) inout, ioOff, count);
            case INT -> ReduceKernels.ints(this, (int[]) in, inOff, (int[]) inout, ioOff, count);
            case SHORT -> ReduceKernels.shorts(this, (short[]) in, inOff, (short[]) inout, ioOff, count);
            case BYTE -> ReduceKernels.bytes(this, (byte[]) in, inOff, (byte[]) inout, ioOff, count);
            case CHAR -> ReduceKernels.chars(this, (char[]) in, inOff, (char[]) inout, ioOff, count);
            case BOOLEAN -> {
                boolean[] a = (boolean[]) in;
                boolean[] b = (boolean[]) inout;
                for (int i = 0; i < count; i++) {
                    b[ioOff + i] = longOp(a[inOff + i] ? 1 : 0, b[ioOff + i] ? 1 : 0) != 0;
                }
            }
            default -> throw new IllegalArgumentException("MPI." + name() + " does not apply to " + type + " elements");
        }
    }

    /** The operation on integer values (booleans as 0/1); the per-type loops are {@link ReduceKernels}. */
    long longOp(long a, long b) {
        return switch (this) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
            case LAND -> (a != 0 && b != 0) ? 1 : 0;
            case LOR -> (a != 0 || b != 0) ? 1 : 0;
            case LXOR -> ((a != 0) != (b != 0)) ? 1 : 0;
            case BAND -> a & b;
            case BOR -> a | b;
            case BXOR -> a ^ b;
            case MAXLOC, MINLOC -> throw new IllegalStateException("pairs are reduced by loc()");
        };
    }

    private static void loc(BasicType type, Object in, int inOff, Object inout, int ioOff, int pairs, boolean max) {
        for (int p = 0; p < pairs; p++) {
            int a = inOff + 2 * p;
            int b = ioOff + 2 * p;
            int byValue = compare(type, in, a, inout, b);
            boolean takeA = byValue == 0 ? compare(type, in, a + 1, inout, b + 1) < 0 : (max ? byValue > 0 : byValue < 0);
            if (takeA) {
                System.arraycopy(in, a, inout, b, 2);
            }
        }
    }

    /** Compares element i of array x with element j of array y (both of {@code type}). */
    private static int compare(BasicType type, Object x, int i, Object y, int j) {
        return switch (type) {
            case DOUBLE -> Double.compare(((double[]) x)[i], ((double[]) y)[j]);
            case FLOAT -> Float.compare(((float[]) x)[i], ((float[]) y)[j]);
            case LONG -> Long.compare(((long[]) x)[i], ((long[]) y)[j]);
            case INT -> Integer.compare(((int[]) x)[i], ((int[]) y)[j]);
            case SHORT -> Short.compare(((short[]) x)[i], ((short[]) y)[j]);
            case BYTE -> Byte.compare(((byte[]) x)[i], ((byte[]) y)[j]);
            case CHAR -> Character.compare(((char[]) x)[i], ((char[]) y)[j]);
            default -> throw new IllegalArgumentException("MAXLOC/MINLOC do not apply to " + type + " elements");
        };
    }
}
