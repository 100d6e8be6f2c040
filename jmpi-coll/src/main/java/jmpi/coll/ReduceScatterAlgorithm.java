package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * MPI_Reduce_scatter: the op over every rank's {@code s} (sum of {@code counts} elements), block i
 * ({@code counts[i]} elements) to rank i's {@code r}.
 * Stateless implementations, called by many ranks at once ({@link Algorithm}).
 */
public interface ReduceScatterAlgorithm extends Algorithm {
    void run(Ctx c, Object s, int so, Object r, int ro, int[] counts, BasicType t, Combiner op);
}
