package jmpi.transport.nativempi;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongUnaryOperator;

import jmpi.spi.MatchingTransport;

/**
 * The MPI library's own collectives on the library communicators of a {@link NativeTransport}: barrier,
 * broadcast, reduce and allreduce (the predefined operations whose result is bit for bit Java's), allgather
 * and alltoall. Data movement goes as {@code MPI_BYTE}; reductions use the library's type of the same Java
 * element ({@code int} is {@code MPI_INT}, {@code long} {@code MPI_INT64_T}, {@code char}
 * {@code MPI_UNSIGNED_SHORT}, {@code byte} {@code MPI_SIGNED_CHAR}). Handles from each library's
 * {@code mpi.h}.
 *
 * <p>Libraries get reductions wrong: Open MPI 4.1's vectorized SUM of {@code MPI_SIGNED_CHAR} saturates at
 * 127 instead of wrapping; MPICH 4.0's MAX of {@code MPI_UNSIGNED_SHORT} compares signed. So each (type,
 * operation) pair is checked once, when the transport starts, with {@code MPI_Reduce_local} (the same
 * operation code the collectives run) on 1031 elements of edge and mixed values against Java's result; a pair
 * that differs is refused ({@link #refusesReduction}) and jmpi's own algorithms reduce it.
 *
 * <p>Threads: offered only when the library granted {@code THREAD_MULTIPLE} (a rank's threads then call
 * the library concurrently, one collective per communicator at a time as MPI requires); immutable.
 */
final class NativeCollectives implements MatchingTransport.LibraryCollectives {
    /** The element types checked, in an order every rank shares (the bits of the agreed mask). */
    private static final List<Class<?>> CHECKED = List.of(byte.class, short.class, char.class, int.class, long.class,
            float.class, double.class);
    /** Integer operations: Java's two's-complement results are the library's. */
    private static final List<String> INTEGER_OPS = List.of("SUM", "PROD", "MAX", "MIN", "BAND", "BOR", "BXOR");
    /** Floating-point operations: one IEEE operation per pair, as in Java (MAX/MIN differ on NaN and -0.0). */
    private static final List<String> FLOAT_OPS = List.of("SUM", "PROD");

    private final NativeMpi mpi;
    private final LongUnaryOperator comm; // context -> library communicator
    private final Map<Class<?>, Long> types;
    private final Map<String, Long> ops;
    /** Why a (type, operation) pair failed the check at start, by "type op". */
    private final Map<String, String> failed = new HashMap<>();

    NativeCollectives(NativeMpi mpi, LongUnaryOperator comm) {
        this.mpi = mpi;
        this.comm = comm;
        this.types = Map.of(
                byte.class, mpi.predefined("ompi_mpi_signed_char", 0x4c000118),
                short.class, mpi.predefined("ompi_mpi_short", 0x4c000203),
                char.class, mpi.predefined("ompi_mpi_unsigned_short", 0x4c000204),
                int.class, mpi.predefined("ompi_mpi_int", 0x4c000405),
                long.class, mpi.predefined("ompi_mpi_int64_t", 0x4c00083a),
                float.class, mpi.predefined("ompi_mpi_float", 0x4c00040a),
                double.class, mpi.predefined("ompi_mpi_double", 0x4c00080b));
        this.ops = Map.of(
                "MAX", mpi.predefined("ompi_mpi_op_max", 0x58000001),
                "MIN", mpi.predefined("ompi_mpi_op_min", 0x58000002),
                "SUM", mpi.predefined("ompi_mpi_op_sum", 0x58000003),
                "PROD", mpi.predefined("ompi_mpi_op_prod", 0x58000004),
                "BAND", mpi.predefined("ompi_mpi_op_band", 0x58000006),
                "BOR", mpi.predefined("ompi_mpi_op_bor", 0x58000008),
                "BXOR", mpi.predefined("ompi_mpi_op_bxor", 0x5800000a));
        // Checked here, then agreed over the world (a pair any rank's library got wrong is refused on every
        // rank: the ranks of a job must choose alike, and a library's vector code may depend on the CPU).
        List<String> pairs = new ArrayList<>();
        Map<String, String> wrongHere = new HashMap<>();
        for (Class<?> element : CHECKED) {
            boolean floating = element == float.class || element == double.class;
            for (String op : floating ? FLOAT_OPS : INTEGER_OPS) {
                String pair = element.getName() + " " + op;
                pairs.add(pair);
                String wrong = check(element, op);
                if (wrong != null) {
                    wrongHere.put(pair, wrong);
                }
            }
        }
        long mask = 0;
        for (int i = 0; i < pairs.size(); i++) {
            mask |= wrongHere.containsKey(pairs.get(i)) ? 1L << i : 0;
        }
        long agreed = 0;
        try (Arena a = Arena.ofConfined()) {
            MemorySegment mine = a.allocate(ValueLayout.JAVA_LONG);
            mine.set(ValueLayout.JAVA_LONG, 0, mask);
            long world = mpi.commWorld();
            int size = mpi.size(world);
            MemorySegment all = a.allocate(ValueLayout.JAVA_LONG, size);
            mpi.allgather(mine, 8, all, world);
            for (int r = 0; r < size; r++) {
                agreed |= all.getAtIndex(ValueLayout.JAVA_LONG, r);
            }
        }
        for (int i = 0; i < pairs.size(); i++) {
            if ((agreed & 1L << i) != 0) {
                failed.put(pairs.get(i), wrongHere.getOrDefault(pairs.get(i), "wrong on another rank's library"));
            }
        }
    }


    /** The (type, operation) pairs the library got wrong at start, with what it computed ("type op" to why). */
    Map<String, String> failedChecks() {
        return Map.copyOf(failed);
    }

    private static final int CHECK_COUNT = 1031; // past every vector width, with a tail

    /** Input {@code k} (0 or 1) at {@code i}: edge values first, then mixed bits. */
    private static long input(int k, int i) {
        long[] edges = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 127, 128, -128, 255, 32767, 32768, -32768, 65535,
            Integer.MAX_VALUE, Integer.MIN_VALUE, 0x7fff_ffffL + 1};
        if (i < edges.length) {
            return k == 0 ? edges[i] : edges[(i * 7 + 3) % edges.length];
        }
        long x = (i + 1L) * 0x9E37_79B9_7F4A_7C15L + k * 0xC2B2_AE3D_27D4_EB4FL;
        return x ^ (x >>> 29);
    }

    /** Why the library's {@code op} of {@code element} differs from Java's, or null when it agrees. */
    private String check(Class<?> element, String op) {
        ValueLayout layout = layout(element);
        try (Arena a = Arena.ofConfined()) {
            MemorySegment in = a.allocate(layout, CHECK_COUNT);
            MemorySegment inout = a.allocate(layout, CHECK_COUNT);
            for (int i = 0; i < CHECK_COUNT; i++) {
                put(in, element, i, input(0, i));
                put(inout, element, i, input(1, i));
            }
            mpi.reduceLocal(in, inout, CHECK_COUNT, types.get(element), ops.get(op));
            for (int i = 0; i < CHECK_COUNT; i++) {
                Object want = java(element, op, value(element, input(0, i)), value(element, input(1, i)));
                Object got = get(inout, element, i);
                if (!want.equals(got)) {
                    return mpi.libraryName() + " computed " + op + "(" + show(value(element, input(0, i))) + ", "
                            + show(value(element, input(1, i))) + ") = " + show(got) + " where Java gives " + show(want);
                }
            }
        }
        return null;
    }

    /** A value as a number (a char as its code). */
    private static String show(Object v) {
        return v instanceof Character c ? Integer.toString(c) : v.toString();
    }

    private static ValueLayout layout(Class<?> e) {
        return e == byte.class ? ValueLayout.JAVA_BYTE : e == short.class ? ValueLayout.JAVA_SHORT
                : e == char.class ? ValueLayout.JAVA_CHAR : e == int.class ? ValueLayout.JAVA_INT
                : e == long.class ? ValueLayout.JAVA_LONG : e == float.class ? ValueLayout.JAVA_FLOAT
                : ValueLayout.JAVA_DOUBLE;
    }

    /** {@code bits} as a value of {@code e} (floating types: a finite value made from them). */
    private static Object value(Class<?> e, long bits) {
        if (e == byte.class) {
            return (byte) bits;
        } else if (e == short.class) {
            return (short) bits;
        } else if (e == char.class) {
            return (char) bits;
        } else if (e == int.class) {
            return (int) bits;
        } else if (e == long.class) {
            return bits;
        } else if (e == float.class) {
            return (float) ((int) bits % 100_000) / 64f;
        }
        return (double) (bits % 1_000_000_007L) / 1024.0;
    }

    private static void put(MemorySegment m, Class<?> e, int i, long bits) {
        Object v = value(e, bits);
        switch (v) {
            case Byte b -> m.setAtIndex(ValueLayout.JAVA_BYTE, i, b);
            case Short s -> m.setAtIndex(ValueLayout.JAVA_SHORT, i, s);
            case Character c -> m.setAtIndex(ValueLayout.JAVA_CHAR, i, c);
            case Integer n -> m.setAtIndex(ValueLayout.JAVA_INT, i, n);
            case Long l -> m.setAtIndex(ValueLayout.JAVA_LONG, i, l);
            case Float f -> m.setAtIndex(ValueLayout.JAVA_FLOAT, i, f);
            default -> m.setAtIndex(ValueLayout.JAVA_DOUBLE, i, (Double) v);
        }
    }

    private static Object get(MemorySegment m, Class<?> e, int i) {
        return e == byte.class ? (Object) m.getAtIndex(ValueLayout.JAVA_BYTE, i)
                : e == short.class ? (Object) m.getAtIndex(ValueLayout.JAVA_SHORT, i)
                : e == char.class ? (Object) m.getAtIndex(ValueLayout.JAVA_CHAR, i)
                : e == int.class ? (Object) m.getAtIndex(ValueLayout.JAVA_INT, i)
                : e == long.class ? (Object) m.getAtIndex(ValueLayout.JAVA_LONG, i)
                : e == float.class ? (Object) m.getAtIndex(ValueLayout.JAVA_FLOAT, i)
                : (Object) m.getAtIndex(ValueLayout.JAVA_DOUBLE, i);
    }

    /** Java's {@code in op inout} for one element. */
    private static Object java(Class<?> e, String op, Object in, Object inout) {
        if (e == float.class) {
            float a = (Float) in;
            float b = (Float) inout;
            return op.equals("SUM") ? a + b : a * b;
        }
        if (e == double.class) {
            double a = (Double) in;
            double b = (Double) inout;
            return op.equals("SUM") ? a + b : a * b;
        }
        long a = e == char.class ? (Character) in : ((Number) in).longValue();
        long b = e == char.class ? (Character) inout : ((Number) inout).longValue();
        long r = switch (op) {
            case "SUM" -> a + b;
            case "PROD" -> a * b;
            case "MAX" -> Math.max(a, b);
            case "MIN" -> Math.min(a, b);
            case "BAND" -> a & b;
            case "BOR" -> a | b;
            default -> a ^ b;
        };
        return value(e, r);
    }

    @Override
    public String refusesReduction(Class<?> element, String op) {
        if (!types.containsKey(element)) {
            return "the library reduces primitive numbers only, not " + element.getName();
        }
        boolean floating = element == float.class || element == double.class;
        if (floating ? !FLOAT_OPS.contains(op) : !INTEGER_OPS.contains(op)) {
            return "the library's " + op + " of " + element.getName() + " is not Java's bit for bit"
                    + (floating ? " (only SUM and PROD are: its MAX and MIN treat NaN and -0.0 otherwise)" : "");
        }
        String wrong = failed.get(element.getName() + " " + op);
        return wrong == null ? null : "the library failed jmpi's check of " + op + " of " + element.getName()
                + " at start: " + wrong;
    }

    @Override
    public void barrier(int context) {
        mpi.barrier(comm.applyAsLong(context));
    }

    @Override
    public void bcast(int context, MemorySegment data, int root) {
        mpi.bcast(data, bytes(data), mpi.byteType(), root, comm.applyAsLong(context));
    }

    @Override
    public void reduce(int context, MemorySegment in, MemorySegment out, int count, Class<?> element, String op,
                       int root) {
        mpi.reduce(in, out, count, type(element), op(op), root, comm.applyAsLong(context));
    }

    @Override
    public void allreduce(int context, MemorySegment in, MemorySegment out, int count, Class<?> element, String op) {
        mpi.allreduce(in, out, count, type(element), op(op), comm.applyAsLong(context));
    }

    @Override
    public void allgather(int context, MemorySegment in, MemorySegment out) {
        mpi.allgather(in, bytes(in), out, comm.applyAsLong(context));
    }

    @Override
    public void alltoall(int context, MemorySegment in, MemorySegment out) {
        long c = comm.applyAsLong(context);
        int p = mpi.size(c);
        mpi.alltoall(in, bytes(in) / p, out, c);
    }

    private long type(Class<?> element) {
        Long t = types.get(element);
        if (t == null) {
            throw new IllegalArgumentException("no library type for " + element.getName());
        }
        return t;
    }

    private long op(String name) {
        Long o = ops.get(name);
        if (o == null) {
            throw new IllegalArgumentException("no library operation " + name);
        }
        return o;
    }

    private static int bytes(MemorySegment data) {
        if (data.byteSize() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(data.byteSize() + " bytes: more than the library takes in one call");
        }
        return (int) data.byteSize();
    }
}
