package jmpi.conformance;

import java.util.Arrays;

import jmpi.coll.Combiner;
import jmpi.core.CoreComm;
import jmpi.core.Engine;
import jmpi.datatype.BasicType;
import jmpi.spi.RankEnvProvider;

/**
 * Data and references for the non-blocking collective tests ({@link NbcTest}): contributions of every
 * basic type from (rank, salt), block comparisons naming what differs, sequential reductions in rank
 * order, non-commutative combiners, and v-layouts with zero counts and non-monotone displacements.
 */
final class NbcData {
    private NbcData() {
    }

    /** The types data movement is checked with (every basic type a program can send). */
    static final BasicType[] MOVE_TYPES = {BasicType.BYTE, BasicType.CHAR, BasicType.SHORT, BasicType.BOOLEAN,
        BasicType.INT, BasicType.LONG, BasicType.FLOAT, BasicType.DOUBLE, BasicType.OBJECT};

    /** An engine for this rank, found as MPI.Init finds it (the rank's loader is a RankScope). */
    static Engine engine(Class<?> body, String[] args) {
        ClassLoader loader = body.getClassLoader();
        return new Engine(RankEnvProvider.forApi(args, loader).orElseThrow(), loader);
    }

    static long val(int who, int i, long salt) {
        long v = (who + 1) * 1_000_003L + i * 31L + (i % 7) * who + salt * 7919L;
        return v ^ (v >>> 7);
    }

    /** {@code n} elements of {@code t}, the contribution of {@code who} under {@code salt}. */
    static Object block(BasicType t, int n, int who, long salt) {
        Object a = alloc(t, n);
        for (int i = 0; i < n; i++) {
            long v = val(who, i, salt);
            switch (t) {
                case BYTE -> ((byte[]) a)[i] = (byte) v;
                case CHAR -> ((char[]) a)[i] = (char) v;
                case SHORT -> ((short[]) a)[i] = (short) v;
                case BOOLEAN -> ((boolean[]) a)[i] = (v & 1) == 1;
                case INT -> ((int[]) a)[i] = (int) v;
                case LONG -> ((long[]) a)[i] = v;
                case FLOAT -> ((float[]) a)[i] = (float) (v % 100_003);
                case DOUBLE -> ((double[]) a)[i] = v % 1_000_003; // integers: sums of a few are exact
                case OBJECT -> ((Object[]) a)[i] = i % 5 == 4 ? Integer.valueOf((int) v) : "o" + v;
                default -> throw new IllegalArgumentException(t.toString());
            }
        }
        return a;
    }

    static Object alloc(BasicType t, int n) {
        return java.lang.reflect.Array.newInstance(t.arrayClass().getComponentType(), n);
    }

    static int length(Object a) {
        return java.lang.reflect.Array.getLength(a);
    }

    /** Copies the whole of {@code src} into {@code dst} at {@code at}. */
    static void put(Object src, Object dst, int at) {
        System.arraycopy(src, 0, dst, at, length(src));
    }

    /** {@code got[at .. at + len(want))} must equal {@code want}. */
    static void expect(String what, Object want, Object got, int at) {
        int n = length(want);
        boolean same = switch (want) {
            case byte[] w -> Arrays.equals(w, 0, n, (byte[]) got, at, at + n);
            case char[] w -> Arrays.equals(w, 0, n, (char[]) got, at, at + n);
            case short[] w -> Arrays.equals(w, 0, n, (short[]) got, at, at + n);
            case boolean[] w -> Arrays.equals(w, 0, n, (boolean[]) got, at, at + n);
            case int[] w -> Arrays.equals(w, 0, n, (int[]) got, at, at + n);
            case long[] w -> Arrays.equals(w, 0, n, (long[]) got, at, at + n);
            case float[] w -> Arrays.equals(w, 0, n, (float[]) got, at, at + n);
            case double[] w -> Arrays.equals(w, 0, n, (double[]) got, at, at + n);
            case Object[] w -> Arrays.equals(w, 0, n, (Object[]) got, at, at + n);
            default -> throw new IllegalArgumentException(want.getClass().toString());
        };
        if (!same) {
            int first = -1;
            for (int i = 0; i < n && first < 0; i++) {
                if (!java.util.Objects.equals(java.lang.reflect.Array.get(want, i),
                        java.lang.reflect.Array.get(got, at + i))) {
                    first = i;
                }
            }
            throw new AssertionError(what + ": element " + first + " of " + n + " is "
                    + java.lang.reflect.Array.get(got, at + first) + ", expected " + java.lang.reflect.Array.get(want, first));
        }
    }

    /** {@code x0 op x1 op ... op x(k-1)} computed one by one from the right (exact for the tests' operations). */
    static Object fold(Object[] xs, int k, int n, BasicType t, Combiner op) {
        Object acc = alloc(t, n);
        System.arraycopy(xs[k - 1], 0, acc, 0, n);
        for (int i = k - 2; i >= 0; i--) {
            op.apply(xs[i], 0, acc, 0, n, t);
        }
        return acc;
    }

    /**
     * Affine maps x -> a x + b as pairs of longs; {@code inout = in op inout} is "inout after in", so the
     * result depends on rank order. Unit 2 (counts are even).
     */
    static final Combiner COMPOSE = new Combiner() {
        @Override
        public void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType type) {
            long[] x = (long[]) in;
            long[] y = (long[]) inout;
            for (int i = 0; i + 1 < count; i += 2) {
                long xa = x[inOff + i];
                long xb = x[inOff + i + 1];
                long ya = y[ioOff + i];
                long yb = y[ioOff + i + 1];
                y[ioOff + i] = ya * xa;
                y[ioOff + i + 1] = ya * xb + yb;
            }
        }

        @Override
        public boolean commutative() {
            return false;
        }

        @Override
        public int unit() {
            return 2;
        }

        @Override
        public String toString() {
            return "compose";
        }
    };

    /** {@code in op inout = in}: the leftmost operand wins (associative, not commutative). */
    static final Combiner KEEP_LEFT = new Combiner() {
        @Override
        public void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType type) {
            System.arraycopy(in, inOff, inout, ioOff, count);
        }

        @Override
        public boolean commutative() {
            return false;
        }

        @Override
        public String toString() {
            return "keep-left";
        }
    };

    /** Per rank, counts with zeros for some ranks (at least one, when p > 1). */
    static int[] vcounts(int p, int n, long salt) {
        int[] c = new int[p];
        for (int i = 0; i < p; i++) {
            c[i] = (i + salt) % 3 == 0 ? 0 : n + i % 2;
        }
        return c;
    }

    /** Displacements of blocks laid out in reverse rank order, with a gap of 2 before each: not monotone. */
    static int[] vdispls(int[] counts) {
        int[] d = new int[counts.length];
        int pos = 1;
        for (int i = counts.length - 1; i >= 0; i--) {
            d[i] = pos;
            pos += counts[i] + 2;
        }
        return d;
    }

    /** Elements a layout reaches (plus one). */
    static int span(int[] counts, int[] displs) {
        int m = 0;
        for (int i = 0; i < counts.length; i++) {
            m = Math.max(m, displs[i] + counts[i]);
        }
        return m + 1;
    }

    /** The neighbour lists of the tests' graph: in-neighbours x-1, x+1, x, x+2; out-neighbours x+1, x-1, x, x-2. */
    static int[] sources(CoreComm c) {
        int p = c.size();
        int x = c.rank();
        return new int[] {(x - 1 + p) % p, (x + 1) % p, x, (x + 2) % p};
    }

    static int[] destinations(CoreComm c) {
        int p = c.size();
        int x = c.rank();
        return new int[] {(x + 1) % p, (x - 1 + p) % p, x, ((x - 2) % p + p) % p};
    }
}
