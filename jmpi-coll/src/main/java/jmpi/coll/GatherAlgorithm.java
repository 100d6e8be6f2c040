package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * MPI_Gather: {@code count} elements from every rank into the root's {@code r}, rank after rank.
 * Stateless implementations, called by many ranks at once ({@link Algorithm}).
 */
public interface GatherAlgorithm extends Algorithm {
    void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, int root);
}
