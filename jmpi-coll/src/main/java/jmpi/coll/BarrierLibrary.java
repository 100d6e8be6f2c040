package jmpi.coll;

/**
 * Barrier by the MPI library's own {@code MPI_Barrier} (the native transport). Stateless.
 */
final class BarrierLibrary implements BarrierAlgorithm {
    @Override
    public String name() {
        return "library";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessLibrary();
    }

    @Override
    public void run(Ctx c) {
        LibraryCalls.library(c).barrier(c.comm.collectiveContext());
    }
}
