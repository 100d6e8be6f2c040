package jmpi.coll;

/** MPI_Barrier. */
public interface BarrierAlgorithm extends Algorithm {
    void run(Ctx c);
}
