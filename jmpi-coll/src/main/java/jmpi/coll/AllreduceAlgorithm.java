package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * MPI_Allreduce: every rank's {@code r} = op over every rank's {@code s}, in rank order.
 * Stateless implementations, called by many ranks at once ({@link Algorithm}).
 */
public interface AllreduceAlgorithm extends Algorithm {
    void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op);
}
