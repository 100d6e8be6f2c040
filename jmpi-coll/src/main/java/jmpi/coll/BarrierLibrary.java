package jmpi.coll;

/**
 * Barrier by the MPI library's own {@code MPI_Barrier} (the native transport). Stateless.
 */
final class BarrierLibrary extends LibraryAlgorithm implements BarrierAlgorithm {
    @Override
    public void run(Ctx c) {
        LibraryCalls.library(c).barrier(c.comm.collectiveContext());
    }
}
