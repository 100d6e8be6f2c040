package jmpi.conformance;

import java.lang.reflect.Array;
import java.util.Objects;

import mpi.Datatype;
import mpi.MPI;

/** Typed test buffers for rank bodies: a value pattern per basic type, array creation and checks. */
final class Buffers {
    static final Datatype[] TYPES = {MPI.BYTE, MPI.CHAR, MPI.SHORT, MPI.BOOLEAN, MPI.INT, MPI.LONG, MPI.FLOAT,
            MPI.DOUBLE, MPI.OBJECT};

    private Buffers() {
    }

    /** The pattern value number {@code v} for {@code type}. */
    static Object value(Datatype type, long v) {
        if (type == MPI.BYTE) {
            return (byte) (v * 7 + 3);
        } else if (type == MPI.CHAR) {
            return (char) (v * 31 + 1);
        } else if (type == MPI.SHORT) {
            return (short) (v * 131 - 5);
        } else if (type == MPI.BOOLEAN) {
            return v % 3 == 0;
        } else if (type == MPI.INT) {
            return (int) (v * 2654435761L);
        } else if (type == MPI.LONG) {
            return v * 0x9E3779B97F4A7C15L;
        } else if (type == MPI.FLOAT) {
            return (float) (v * 0.5 + 0.25);
        } else if (type == MPI.DOUBLE) {
            return v * 0.125 - 3.0;
        } else if (type == MPI.OBJECT) {
            return "s" + v;
        }
        throw new IllegalArgumentException("no pattern for " + type);
    }

    /** A new array for {@code type} of {@code length} elements, element i holding {@code value(type, seed + i)}. */
    static Object filled(Datatype type, int length, long seed) {
        Object a = newArray(type, length);
        for (int i = 0; i < length; i++) {
            Array.set(a, i, value(type, seed + i));
        }
        return a;
    }

    static Object newArray(Datatype type, int length) {
        if (type == MPI.BYTE) {
            return new byte[length];
        } else if (type == MPI.CHAR) {
            return new char[length];
        } else if (type == MPI.SHORT) {
            return new short[length];
        } else if (type == MPI.BOOLEAN) {
            return new boolean[length];
        } else if (type == MPI.INT) {
            return new int[length];
        } else if (type == MPI.LONG) {
            return new long[length];
        } else if (type == MPI.FLOAT) {
            return new float[length];
        } else if (type == MPI.DOUBLE) {
            return new double[length];
        } else if (type == MPI.OBJECT) {
            return new String[length];
        }
        throw new IllegalArgumentException("no array for " + type);
    }

    /** Asserts {@code a[from + i] == value(type, seed + i)} for i in [0, count). */
    static void check(Datatype type, Object a, int from, int count, long seed, String what) {
        for (int i = 0; i < count; i++) {
            Object expected = value(type, seed + i);
            Object actual = Array.get(a, from + i);
            if (!Objects.equals(expected, actual)) {
                throw new AssertionError(what + ": element " + (from + i) + " of " + type + " buffer is " + actual
                        + ", expected " + expected);
            }
        }
    }
}
