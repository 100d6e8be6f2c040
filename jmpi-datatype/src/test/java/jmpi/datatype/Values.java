package jmpi.datatype;

import java.nio.ByteBuffer;
import java.util.Random;

/** Element-wise helpers for the tests: random arrays, raw-bit comparison, one element to and from bytes. */
final class Values {
    private Values() {
    }

    static Object randomArray(BasicType t, int n, Random rnd) {
        return switch (t) {
            case BYTE, PACKED -> {
                byte[] a = new byte[n];
                rnd.nextBytes(a);
                yield a;
            }
            case BOOLEAN -> {
                boolean[] a = new boolean[n];
                for (int i = 0; i < n; i++) {
                    a[i] = rnd.nextBoolean();
                }
                yield a;
            }
            case CHAR -> {
                char[] a = new char[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (char) rnd.nextInt();
                }
                yield a;
            }
            case SHORT -> {
                short[] a = new short[n];
                for (int i = 0; i < n; i++) {
                    a[i] = (short) rnd.nextInt();
                }
                yield a;
            }
            case INT -> rnd.ints(n).toArray();
            case LONG -> rnd.longs(n).toArray();
            case FLOAT -> {
                float[] a = new float[n];
                for (int i = 0; i < n; i++) {
                    a[i] = Float.intBitsToFloat(rnd.nextInt()); // NaN payloads too: copies must keep raw bits
                }
                yield a;
            }
            case DOUBLE -> {
                double[] a = new double[n];
                for (int i = 0; i < n; i++) {
                    a[i] = Double.longBitsToDouble(rnd.nextLong());
                }
                yield a;
            }
            case OBJECT -> {
                Object[] a = new Object[n];
                for (int i = 0; i < n; i++) {
                    a[i] = "o" + rnd.nextInt(1000);
                }
                yield a;
            }
        };
    }

    /** Index of the first element whose raw bits differ, or -1. */
    static int firstDifference(Object a, Object b) {
        int n = BasicType.length(a);
        if (n != BasicType.length(b)) {
            return Math.min(n, BasicType.length(b));
        }
        for (int i = 0; i < n; i++) {
            if (!same(a, b, i)) {
                return i;
            }
        }
        return -1;
    }

    private static boolean same(Object a, Object b, int i) {
        return switch (a) {
            case byte[] x -> x[i] == ((byte[]) b)[i];
            case boolean[] x -> x[i] == ((boolean[]) b)[i];
            case char[] x -> x[i] == ((char[]) b)[i];
            case short[] x -> x[i] == ((short[]) b)[i];
            case int[] x -> x[i] == ((int[]) b)[i];
            case long[] x -> x[i] == ((long[]) b)[i];
            case float[] x -> Float.floatToRawIntBits(x[i]) == Float.floatToRawIntBits(((float[]) b)[i]);
            case double[] x -> Double.doubleToRawLongBits(x[i]) == Double.doubleToRawLongBits(((double[]) b)[i]);
            case Object[] x -> x[i] == ((Object[]) b)[i];
            default -> throw new IllegalArgumentException();
        };
    }

    static Object copy(Object a) {
        return switch (a) {
            case byte[] x -> x.clone();
            case boolean[] x -> x.clone();
            case char[] x -> x.clone();
            case short[] x -> x.clone();
            case int[] x -> x.clone();
            case long[] x -> x.clone();
            case float[] x -> x.clone();
            case double[] x -> x.clone();
            case Object[] x -> x.clone();
            default -> throw new IllegalArgumentException();
        };
    }

    static void put(ByteBuffer out, Object array, int i) {
        switch (array) {
            case byte[] x -> out.put(x[i]);
            case boolean[] x -> out.put((byte) (x[i] ? 1 : 0));
            case char[] x -> out.putChar(x[i]);
            case short[] x -> out.putShort(x[i]);
            case int[] x -> out.putInt(x[i]);
            case long[] x -> out.putLong(x[i]);
            case float[] x -> out.putInt(Float.floatToRawIntBits(x[i]));
            case double[] x -> out.putLong(Double.doubleToRawLongBits(x[i]));
            default -> throw new IllegalArgumentException();
        }
    }

    static void get(ByteBuffer in, Object array, int i) {
        switch (array) {
            case byte[] x -> x[i] = in.get();
            case boolean[] x -> x[i] = in.get() != 0;
            case char[] x -> x[i] = in.getChar();
            case short[] x -> x[i] = in.getShort();
            case int[] x -> x[i] = in.getInt();
            case long[] x -> x[i] = in.getLong();
            case float[] x -> x[i] = Float.intBitsToFloat(in.getInt());
            case double[] x -> x[i] = Double.longBitsToDouble(in.getLong());
            default -> throw new IllegalArgumentException();
        }
    }

    /** Copies element {@code si} of {@code src} to element {@code di} of {@code dst}. */
    static void set(Object src, int si, Object dst, int di) {
        System.arraycopy(src, si, dst, di, 1);
    }
}
