package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * A reduction as collectives apply it: {@code inout = in op inout} elementwise over {@code count}
 * elements of {@code type} (MPI's operand order: {@code in} holds the lower ranks' contribution when
 * an algorithm keeps rank order). Non-commutative combiners are only given to algorithms that
 * combine in rank order.
 */
public interface Combiner {
    void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType type);

    boolean commutative();

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
            public String toString() {
                return "MPI." + op.name();
            }
        };
    }
}
