package mpi;

import jmpi.coll.Combiner;
import jmpi.core.ErrorClass;
import jmpi.datatype.ReduceOp;

/** A reduction operation (Open MPI Java API): the predefined ones in this first slice. Immutable. */
public final class Op {
    private final ReduceOp predefined;

    Op(ReduceOp predefined) {
        this.predefined = predefined;
    }

    /** Whether operands may be reordered (every predefined operation commutes). */
    public boolean isCommutative() throws MPIException {
        MPI.check();
        return true;
    }

    /** A predefined operation cannot be freed. */
    public void free() throws MPIException {
        MPI.check();
        throw MPIException.of(ErrorClass.ERR_OP, "MPI." + predefined.name() + " is predefined: it cannot be freed");
    }

    /** The combiner for elements of {@code type}; ERR_OP when the operation does not take them. */
    Combiner combiner(Datatype type) throws MPIException {
        try {
            predefined.check(type.basic());
        } catch (IllegalArgumentException e) {
            throw MPIException.of(ErrorClass.ERR_OP, e.getMessage());
        }
        return Combiner.of(predefined);
    }

    @Override
    public String toString() {
        return "MPI." + predefined.name();
    }
}
