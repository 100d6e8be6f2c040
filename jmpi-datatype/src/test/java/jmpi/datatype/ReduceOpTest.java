package jmpi.datatype;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ReduceOp#apply} and its generated loops ({@link ReduceKernels}) for every element type and every
 * operation, against an element-by-element reference: counts 0, 1, odd tails and a long run, at offsets on
 * both sides; elements outside the range untouched; every type an operation does not take refused by name.
 */
class ReduceOpTest {
    private static final BasicType[] TYPES = {BasicType.BYTE, BasicType.BOOLEAN, BasicType.CHAR, BasicType.SHORT,
        BasicType.INT, BasicType.LONG, BasicType.FLOAT, BasicType.DOUBLE};
    private static final int[] COUNTS = {0, 1, 2, 3, 7, 16, 17, 66, 1001};

    private static boolean takes(ReduceOp op, BasicType t) {
        try {
            op.check(t);
            return true;
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains(op.name()) && e.getMessage().contains(t.name()), e.getMessage());
            return false;
        }
    }

    @Test
    void everyOpOnEveryTypeMatchesTheReference() {
        Random rnd = new Random(7);
        int applied = 0;
        for (ReduceOp op : ReduceOp.values()) {
            for (BasicType t : TYPES) {
                if (!takes(op, t)) {
                    Object a = Values.randomArray(t, 4, rnd);
                    assertThrows(IllegalArgumentException.class, () -> op.apply(t, a, 0, Values.copy(a), 0, 2));
                    continue;
                }
                for (int n : COUNTS) {
                    boolean pairs = op == ReduceOp.MAXLOC || op == ReduceOp.MINLOC;
                    int count = pairs ? 2 * n : n;
                    Object in = operand(t, count + 3, rnd);
                    Object inout = operand(t, count + 5, rnd);
                    if (pairs && n > 1) {
                        Values.set(in, 1, inout, 2); // a tie on the value: the smaller index wins
                    }
                    Object want = Values.copy(inout);
                    reference(op, t, in, 1, want, 2, count);
                    op.apply(t, in, 1, inout, 2, count);
                    assertEquals(-1, Values.firstDifference(want, inout), op + " on " + t + " count " + count);
                    applied++;
                }
            }
        }
        // MAX, MIN, SUM, PROD, MAXLOC, MINLOC on 7 types; LAND, LOR, LXOR, BAND, BOR, BXOR on 6
        assertEquals(COUNTS.length * (6 * 7 + 6 * 6), applied);
    }

    @Test
    void locTakesWholePairsOnly() {
        int[] a = {1, 0, 2, 1, 3};
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReduceOp.MAXLOC.apply(BasicType.INT, a, 0, a.clone(), 0, 3));
        assertTrue(e.getMessage().contains("pairs"), e.getMessage());
    }

    private static final double[] SPECIAL = {0.0, -0.0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, Float.MAX_VALUE, 1e300};

    /**
     * Small values for integer types (so that PROD and SUM also wrap sometimes); for floats, values of all
     * magnitudes, signed zeros and infinities (no NaN: its payload after an operation is not specified).
     */
    private static Object operand(BasicType t, int n, Random rnd) {
        Object a = Values.randomArray(t, n, rnd);
        if (t == BasicType.FLOAT || t == BasicType.DOUBLE) {
            for (int i = 0; i < n; i++) {
                double v = rnd.nextInt(8) == 0 ? SPECIAL[rnd.nextInt(SPECIAL.length)]
                        : rnd.nextGaussian() * Math.pow(10, rnd.nextInt(60) - 30);
                switch (a) {
                    case float[] x -> x[i] = (float) v;
                    case double[] x -> x[i] = v;
                    default -> throw new IllegalStateException();
                }
            }
        }
        if (t == BasicType.INT || t == BasicType.LONG || t == BasicType.SHORT) {
            for (int i = 0; i < n; i++) {
                long v = rnd.nextInt(4) == 0 ? rnd.nextLong() : rnd.nextInt(9) - 4;
                switch (a) {
                    case int[] x -> x[i] = (int) v;
                    case long[] x -> x[i] = v;
                    case short[] x -> x[i] = (short) v;
                    default -> throw new IllegalStateException();
                }
            }
        }
        return a;
    }

    private static void reference(ReduceOp op, BasicType t, Object in, int io, Object inout, int oo, int count) {
        if (op == ReduceOp.MAXLOC || op == ReduceOp.MINLOC) {
            for (int p = 0; p < count / 2; p++) {
                int a = io + 2 * p;
                int b = oo + 2 * p;
                int c = compare(in, a, inout, b);
                if (c == 0) {
                    c = compare(inout, b + 1, in, a + 1); // on a tie the smaller index wins
                } else if (op == ReduceOp.MINLOC) {
                    c = -c;
                }
                if (c > 0) {
                    Values.set(in, a, inout, b);
                    Values.set(in, a + 1, inout, b + 1);
                }
            }
            return;
        }
        for (int i = 0; i < count; i++) {
            switch (inout) {
                case double[] y -> y[oo + i] = real(op, ((double[]) in)[io + i], y[oo + i]);
                case float[] y -> y[oo + i] = (float) real(op, ((float[]) in)[io + i], y[oo + i]);
                case long[] y -> y[oo + i] = integer(op, ((long[]) in)[io + i], y[oo + i]);
                case int[] y -> y[oo + i] = (int) integer(op, ((int[]) in)[io + i], y[oo + i]);
                case short[] y -> y[oo + i] = (short) integer(op, ((short[]) in)[io + i], y[oo + i]);
                case byte[] y -> y[oo + i] = (byte) integer(op, ((byte[]) in)[io + i], y[oo + i]);
                case char[] y -> y[oo + i] = (char) integer(op, ((char[]) in)[io + i], y[oo + i]);
                case boolean[] y -> y[oo + i] = integer(op, ((boolean[]) in)[io + i] ? 1 : 0, y[oo + i] ? 1 : 0) != 0;
                default -> throw new IllegalStateException(t.name());
            }
        }
    }

    /** Float results are computed in double and rounded once: exact for +, *, max, min of two floats. */
    private static double real(ReduceOp op, double a, double b) {
        return switch (op) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
            default -> throw new IllegalStateException(op.name());
        };
    }

    private static long integer(ReduceOp op, long a, long b) {
        return switch (op) {
            case SUM -> a + b;
            case PROD -> a * b;
            case MAX -> Math.max(a, b);
            case MIN -> Math.min(a, b);
            case LAND -> a != 0 && b != 0 ? 1 : 0;
            case LOR -> a != 0 || b != 0 ? 1 : 0;
            case LXOR -> (a != 0) ^ (b != 0) ? 1 : 0;
            case BAND -> a & b;
            case BOR -> a | b;
            case BXOR -> a ^ b;
            default -> throw new IllegalStateException(op.name());
        };
    }

    private static int compare(Object x, int i, Object y, int j) {
        return switch (x) {
            case double[] a -> Double.compare(a[i], ((double[]) y)[j]);
            case float[] a -> Float.compare(a[i], ((float[]) y)[j]);
            case long[] a -> Long.compare(a[i], ((long[]) y)[j]);
            case int[] a -> Integer.compare(a[i], ((int[]) y)[j]);
            case short[] a -> Short.compare(a[i], ((short[]) y)[j]);
            case byte[] a -> Byte.compare(a[i], ((byte[]) y)[j]);
            case char[] a -> Character.compare(a[i], ((char[]) y)[j]);
            default -> throw new IllegalStateException(x.getClass().getName());
        };
    }
}
