package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * MPI_Scan: rank i's {@code r} = op over the {@code s} of ranks 0..i, in rank order.
 * Stateless implementations, called by many ranks at once ({@link Algorithm}).
 */
public interface ScanAlgorithm extends Algorithm {
    void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op);
}
