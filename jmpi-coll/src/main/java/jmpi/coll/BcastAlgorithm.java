package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * MPI_Bcast of {@code count} elements at {@code off} of {@code buf} from {@code root}.
 * Stateless implementations, called by many ranks at once ({@link Algorithm}).
 */
public interface BcastAlgorithm extends Algorithm {
    void run(Ctx c, Object buf, int off, int count, BasicType t, int root);
}
