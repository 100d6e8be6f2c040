package mpi;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import jmpi.coll.Combiner;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;
import jmpi.datatype.ReduceOp;

/**
 * A reduction operation (Open MPI Java API): the predefined ones ({@code MPI.MAX} ... {@code MPI.MAXLOC},
 * {@code MPI.REPLACE}, {@code MPI.NO_OP}) and user operations ({@link #Op(UserFunction, boolean)}).
 *
 * <p>As in Open MPI: {@code MPI.MAX} and {@code MPI.MIN} on {@code MPI.BYTE} compare <em>unsigned</em> bytes
 * (Open MPI maps BYTE to {@code MPI_UINT8_T}); {@code MAXLOC}/{@code MINLOC} take the pair types
 * ({@code MPI.INT2}, {@code MPI.DOUBLE_INT}, ...: bytes laid out as C's {@code struct {T value; int index;}},
 * ties resolved to the lower index); {@code PROD} of the complex types multiplies complex numbers. A
 * predefined arithmetic operation on a struct type is {@code ERR_OP}. Thread-safe.
 */
public final class Op implements Freeable {
    /** Predefined: what; null for a user operation (and for REPLACE / NO_OP). */
    private final ReduceOp predefined;
    private final String name;
    private final UserFunction function;
    private final boolean commute;
    private volatile boolean freed;

    Op(ReduceOp predefined, String name) {
        this.predefined = predefined;
        this.name = name;
        this.function = null;
        this.commute = true;
    }

    /** MPI_Op_create: {@code function} combines two operand vectors; {@code commute} says whether it commutes. */
    public Op(UserFunction function, boolean commute) {
        this.predefined = null;
        this.name = "user operation " + (function == null ? "null" : function.getClass().getName());
        this.function = function;
        this.commute = commute;
    }

    /** Whether operands may be reordered. */
    public boolean isCommutative() {
        return commute;
    }

    /** MPI_Op_free (a predefined operation is not freed). */
    @Override
    public void free() throws MPIException {
        MPI.check();
        if (function != null) {
            freed = true;
        }
    }

    /** True once a user operation is freed. */
    public boolean isNull() {
        return freed;
    }

    private boolean isReplace() {
        return this == MPI.REPLACE;
    }

    /** The combiner for items of {@code type}; ERR_OP when this operation does not take them. */
    Combiner combiner(Datatype type) throws MPIException {
        if (freed) {
            throw MPIException.of(ErrorClass.ERR_OP, name + " has been freed");
        }
        if (type == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, "the datatype is null");
        }
        BasicType base = type.base();
        if (this == MPI.NO_OP || isReplace()) {
            return new Simple(isReplace(), Math.max(1, type.elementsPerItem()), this == MPI.NO_OP ? 14 : 13);
        }
        if (predefined == null) {
            if (function == null) {
                throw MPIException.of(ErrorClass.ERR_OP, "the user operation's function is null");
            }
            return new UserCombiner(function, commute, type);
        }
        if (predefined == ReduceOp.MAXLOC || predefined == ReduceOp.MINLOC) {
            if (type.pairValue() == null) {
                throw MPIException.of(ErrorClass.ERR_OP, name + " takes the pair types (MPI.INT2, MPI.SHORT_INT,"
                        + " MPI.LONG_INT, MPI.FLOAT_INT, MPI.DOUBLE_INT), not " + type);
            }
            return new PairCombiner(predefined == ReduceOp.MAXLOC, type.pairValue());
        }
        if (type.structured()) {
            throw MPIException.of(ErrorClass.ERR_OP, name + " does not apply to " + type + ", a struct type (Open MPI"
                    + " applies predefined operations to one basic type; MAXLOC / MINLOC to the pair types)");
        }
        if (type.isComplex()) {
            if (predefined == ReduceOp.PROD) {
                return new ComplexProduct(base);
            }
            if (predefined != ReduceOp.SUM) {
                throw MPIException.of(ErrorClass.ERR_OP, name + " does not apply to the complex type " + type);
            }
        }
        if (base == BasicType.BYTE && (predefined == ReduceOp.MAX || predefined == ReduceOp.MIN)) {
            return new UnsignedByte(predefined == ReduceOp.MAX);
        }
        try {
            predefined.check(base);
        } catch (IllegalArgumentException e) {
            throw MPIException.of(ErrorClass.ERR_OP, name + ": " + e.getMessage());
        }
        return Combiner.of(predefined);
    }

    @Override
    public String toString() {
        return name;
    }

    /** MPI_REPLACE (the result is the later operand) and MPI_NO_OP (the result is the earlier one). */
    private record Simple(boolean replace, int unit, long id) implements Combiner {
        @Override
        public void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType type) {
            if (replace) {
                System.arraycopy(in, inOff, inout, ioOff, count);
            }
        }

        @Override
        public boolean commutative() {
            return false;
        }
    }

    /** MAX / MIN of unsigned bytes. */
    private record UnsignedByte(boolean max) implements Combiner {
        @Override
        public void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType type) {
            byte[] a = (byte[]) in;
            byte[] b = (byte[]) inout;
            for (int i = 0; i < count; i++) {
                int x = a[inOff + i] & 0xFF;
                int y = b[ioOff + i] & 0xFF;
                if (max ? x > y : x < y) {
                    b[ioOff + i] = a[inOff + i];
                }
            }
        }

        @Override
        public boolean commutative() {
            return true;
        }

        @Override
        public long id() {
            return max ? 1 : 2;
        }
    }

    /**
     * MAXLOC / MINLOC on flattened pairs: each item is the value's bytes then the int index's (the padding of
     * C's layout is not part of the data), native byte order.
     */
    private record PairCombiner(boolean max, BasicType value) implements Combiner {
        @Override
        public void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType type) {
            MemorySegment a = MemorySegment.ofArray((byte[]) in);
            MemorySegment b = MemorySegment.ofArray((byte[]) inout);
            int v = value.size();
            int item = v + 4;
            for (int i = 0; i < count; i += item) {
                long x = inOff + i;
                long y = ioOff + i;
                int c = compare(a, x, b, y);
                int xi = a.get(ValueLayout.JAVA_INT_UNALIGNED, x + v);
                int yi = b.get(ValueLayout.JAVA_INT_UNALIGNED, y + v);
                boolean take = max ? c > 0 : c < 0;
                if (take || c == 0 && xi < yi) {
                    MemorySegment.copy(a, x, b, y, item);
                }
            }
        }

        private int compare(MemorySegment a, long x, MemorySegment b, long y) {
            return switch (value) {
                case SHORT -> Short.compare(a.get(ValueLayout.JAVA_SHORT_UNALIGNED, x), b.get(ValueLayout.JAVA_SHORT_UNALIGNED, y));
                case INT -> Integer.compare(a.get(ValueLayout.JAVA_INT_UNALIGNED, x), b.get(ValueLayout.JAVA_INT_UNALIGNED, y));
                case LONG -> Long.compare(a.get(ValueLayout.JAVA_LONG_UNALIGNED, x), b.get(ValueLayout.JAVA_LONG_UNALIGNED, y));
                case FLOAT -> compareFloating(a.get(ValueLayout.JAVA_FLOAT_UNALIGNED, x), b.get(ValueLayout.JAVA_FLOAT_UNALIGNED, y));
                case DOUBLE -> compareFloating(a.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, x), b.get(ValueLayout.JAVA_DOUBLE_UNALIGNED, y));
                default -> throw new IllegalStateException("no pair of " + value);
            };
        }

        /** As C compares: unordered (NaN) is neither greater nor less. */
        private static int compareFloating(double p, double q) {
            return p > q ? 1 : p < q ? -1 : 0;
        }

        @Override
        public boolean commutative() {
            return true;
        }

        @Override
        public int unit() {
            return value.size() + 4;
        }

        @Override
        public long id() {
            return max ? 11 : 12;
        }
    }

    /** PROD of complex numbers (re, im pairs of float or double). */
    private record ComplexProduct(BasicType base) implements Combiner {
        @Override
        public void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType type) {
            if (base == BasicType.FLOAT) {
                float[] a = (float[]) in;
                float[] b = (float[]) inout;
                for (int i = 0; i + 1 < count; i += 2) {
                    float re = a[inOff + i] * b[ioOff + i] - a[inOff + i + 1] * b[ioOff + i + 1];
                    float im = a[inOff + i] * b[ioOff + i + 1] + a[inOff + i + 1] * b[ioOff + i];
                    b[ioOff + i] = re;
                    b[ioOff + i + 1] = im;
                }
            } else {
                double[] a = (double[]) in;
                double[] b = (double[]) inout;
                for (int i = 0; i + 1 < count; i += 2) {
                    double re = a[inOff + i] * b[ioOff + i] - a[inOff + i + 1] * b[ioOff + i + 1];
                    double im = a[inOff + i] * b[ioOff + i + 1] + a[inOff + i + 1] * b[ioOff + i];
                    b[ioOff + i] = re;
                    b[ioOff + i + 1] = im;
                }
            }
        }

        @Override
        public boolean commutative() {
            return true;
        }

        @Override
        public int unit() {
            return 2;
        }

        @Override
        public long id() {
            return 4;
        }
    }

    /**
     * A user function on flattened items: each call lays the items out as the datatype does ({@code count *
     * extent} base elements), calls the function's ByteBuffer form (whose default calls the array form; the
     * array form directly for BOOLEAN), and flattens the result back.
     */
    private static final class UserCombiner implements Combiner {
        private final UserFunction function;
        private final boolean commute;
        private final Datatype type;
        private final BasicType base;
        private final int perItem;
        private final int extent;
        private final PackPlan plan;

        UserCombiner(UserFunction function, boolean commute, Datatype type) throws MPIException {
            this.function = function;
            this.commute = commute;
            this.type = type;
            this.base = type.base();
            this.perItem = type.elementsPerItem();
            this.extent = type.getExtent();
            this.plan = type.contiguous() ? null : type.plan();
            if (perItem == 0) {
                throw MPIException.of(ErrorClass.ERR_TYPE, "a user operation on " + type + ", which holds no data");
            }
            if (type.getLb() != 0 || type.getTrueLb() < 0) {
                throw MPIException.of(ErrorClass.ERR_TYPE, "a user operation on " + type + ", whose lower bound is not 0:"
                        + " jmpi lays operands out from element 0");
            }
        }

        @Override
        public void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType t) {
            int items = count / perItem;
            if (items == 0) {
                return;
            }
            int n = plan == null ? count : Math.max(items * extent, (int) plan.reach(0, items)[1]);
            Object a = layout(in, inOff, items, n);
            Object b = layout(inout, ioOff, items, n);
            try {
                if (base == BasicType.BOOLEAN) {
                    function.call(a, b, items, type);
                } else {
                    ByteBuffer x = ByteBuffer.allocateDirect(n * base.size()).order(ByteOrder.nativeOrder());
                    ByteBuffer y = ByteBuffer.allocateDirect(n * base.size()).order(ByteOrder.nativeOrder());
                    MemorySegment.copy(a, 0, MemorySegment.ofBuffer(x), base.layout(), 0, n);
                    MemorySegment ys = MemorySegment.ofBuffer(y);
                    MemorySegment.copy(b, 0, ys, base.layout(), 0, n);
                    function.call(x, y, items, type);
                    MemorySegment.copy(ys, base.layout(), 0, b, 0, n);
                }
            } catch (MPIException e) {
                throw new MpiError(ErrorClass.ERR_OP, "the user operation failed: " + e.getMessage(), e);
            }
            if (plan == null) {
                System.arraycopy(b, 0, inout, ioOff, count);
            } else {
                PackPlan.copy(b, 0, items, plan, inout, ioOff, count, PackPlan.of(base));
            }
        }

        /** {@code items} flat items from {@code offset} as the type lays them out in an array of {@code n}. */
        private Object layout(Object flat, int offset, int items, int n) {
            Object out = java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), n);
            if (plan == null) {
                System.arraycopy(flat, offset, out, 0, n);
            } else {
                PackPlan.copy(flat, offset, items * perItem, PackPlan.of(base), out, 0, items, plan);
            }
            return out;
        }

        @Override
        public boolean commutative() {
            return commute;
        }

        @Override
        public int unit() {
            return perItem;
        }

        @Override
        public long id() {
            return Combiner.userId(function.getClass().getName(), commute);
        }
    }
}
