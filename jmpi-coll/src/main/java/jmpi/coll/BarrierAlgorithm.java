package jmpi.coll;

/**
 * MPI_Barrier.
 * Stateless implementations, called by many ranks at once ({@link Algorithm}).
 */
public interface BarrierAlgorithm extends Algorithm {
    void run(Ctx c);
}
