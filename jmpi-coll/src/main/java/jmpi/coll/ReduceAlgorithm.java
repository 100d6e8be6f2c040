package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * MPI_Reduce: {@code r} (significant at root only) = op over every rank's {@code s}, in rank order.
 * Stateless implementations, called by many ranks at once ({@link Algorithm}).
 */
public interface ReduceAlgorithm extends Algorithm {
    void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root);
}
