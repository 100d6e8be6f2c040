package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * A reduction as collectives apply it: {@code inout = in op inout} elementwise over {@code count}
 * elements of {@code type} (MPI's operand order: {@code in} holds the lower ranks' contribution when
 * an algorithm keeps rank order). Non-commutative combiners are only given to algorithms that
 * combine in rank order. Implementations hold no per-call state: one may serve many ranks at once.
 */
public interface Combiner {
    void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType type);

    boolean commutative();

    /**
     * Elements per item of the operation's datatype (2 for MAXLOC / MINLOC pairs and a user operation on
     * pairs): algorithms that cut the vector into pieces cut at multiples of it.
     */
    default int unit() {
        return 1;
    }

    /**
     * Names the operation the same way on every rank, for {@code -Djmpi.coll.check} (MPI requires every
     * rank to pass the same one): 1 + the ordinal of a predefined {@link jmpi.datatype.ReduceOp}, larger
     * values for user operations ({@link #userId}), 0 when unknown.
     */
    default long id() {
        return 0;
    }

    /** The {@link #id()} of a user operation: its function's class name and whether it commutes. */
    static long userId(String functionClass, boolean commutative) {
        return 1L << 40 | (commutative ? 1L << 33 : 0) | (functionClass.hashCode() & 0xFFFF_FFFFL);
    }

    /** A predefined operation. */
    static Combiner of(jmpi.datatype.ReduceOp op) {
        return new Combiner() {
            @Override
            public void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType type) {
                op.apply(type, in, inOff, inout, ioOff, count);
            }

            @Override
            public boolean commutative() {
                return true;
            }

            @Override
            public int unit() {
                return op == jmpi.datatype.ReduceOp.MAXLOC || op == jmpi.datatype.ReduceOp.MINLOC ? 2 : 1;
            }

            @Override
            public long id() {
                return 1 + op.ordinal();
            }

            @Override
            public String toString() {
                return "MPI." + op.name();
            }
        };
    }
}
