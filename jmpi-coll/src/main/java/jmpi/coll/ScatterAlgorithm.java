package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * MPI_Scatter: block i of the root's {@code s} ({@code count} elements) to rank i's {@code r}.
 * Stateless implementations, called by many ranks at once ({@link Algorithm}).
 */
public interface ScatterAlgorithm extends Algorithm {
    void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, int root);
}
