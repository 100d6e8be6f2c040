package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * MPI_Alltoall: block j of rank i's {@code s} ({@code count} elements) to block i of rank j's {@code r}.
 * Stateless implementations, called by many ranks at once ({@link Algorithm}).
 */
public interface AlltoallAlgorithm extends Algorithm {
    void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t);
}
