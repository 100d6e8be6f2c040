package mpi;

import jmpi.coll.Combiner;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.datatype.ReduceOp;

/**
 * A reduction operation (mpiJava 1.2 {@code Op}): one of the predefined ones ({@code MPI.SUM}, ...)
 * or a {@link User_function}. A non-commutative operation is applied in rank order.
 */
public class Op {
    private final ReduceOp predefined;
    private final User_function function;
    private final boolean commute;
    private boolean freed;

    Op(ReduceOp predefined) {
        this.predefined = predefined;
        this.function = null;
        this.commute = true;
    }

    /** MPI_Op_create: a user operation; {@code commute} says whether operands may be reordered. */
    public Op(User_function function, boolean commute) {
        if (function == null) {
            throw MPI.COMM_WORLD.raise(new MpiError(ErrorClass.ERR_OP, "user function is null"));
        }
        this.predefined = null;
        this.function = function;
        this.commute = commute;
    }

    /** MPI_Op_free. Predefined operations cannot be freed. */
    public void Free() {
        if (predefined != null) {
            throw MPI.COMM_WORLD.raise(new MpiError(ErrorClass.ERR_OP, "predefined operation MPI." + predefined.name()
                    + " cannot be freed"));
        }
        freed = true;
    }

    /** MPJ Express's name for {@link #Free()}. */
    public void free() {
        Free();
    }

    /** Whether operands may be reordered. */
    public boolean Is_commute() {
        return commute;
    }

    /** The combiner for one call on items of {@code datatype}; checks that the operation takes them. */
    Combiner combiner(Datatype datatype) {
        if (freed) {
            throw new MpiError(ErrorClass.ERR_OP, "the operation has been freed");
        }
        BasicType basic = datatype.basicForMessages();
        if (predefined != null) {
            boolean pairs = predefined == ReduceOp.MAXLOC || predefined == ReduceOp.MINLOC;
            if (pairs != (datatype.elementsPerItem() == 2)) {
                throw new MpiError(ErrorClass.ERR_OP, "MPI." + predefined.name() + (pairs
                        ? " needs a (value, index) pair type (MPI.INT2, MPI.DOUBLE2, ...), not " + datatype
                        : " does not apply to the pair type " + datatype));
            }
            try {
                predefined.check(basic);
            } catch (IllegalArgumentException e) {
                throw new MpiError(ErrorClass.ERR_OP, e.getMessage());
            }
            return Combiner.of(predefined);
        }
        int per = datatype.elementsPerItem();
        return new Combiner() {
            @Override
            public void apply(Object in, int inOff, Object inout, int ioOff, int count, BasicType type) {
                function.Call(in, inOff, inout, ioOff, count / per, datatype);
            }

            @Override
            public boolean commutative() {
                return commute;
            }

            @Override
            public int unit() {
                return per;
            }

            @Override
            public long id() {
                return Combiner.userId(function.getClass().getName(), commute);
            }

            @Override
            public String toString() {
                return "user operation " + function.getClass().getName() + (commute ? "" : " (non-commutative)");
            }
        };
    }

    @Override
    public String toString() {
        return predefined != null ? "MPI." + predefined.name() : "user operation";
    }
}
