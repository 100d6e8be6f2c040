package jmpi.coll;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;

/**
 * Allgather by the MPI library's own {@code MPI_Allgather} (the native transport). In place (a rank's
 * send region may be its own block of the receive buffer). Stateless.
 */
final class AllgatherLibrary extends LibraryAlgorithm implements AllgatherAlgorithm {
    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        LibraryCalls.inOut(c, s, so, count, r, ro, (long) count * c.size, t, true,
                (in, out) -> LibraryCalls.library(c).allgather(c.comm.collectiveContext(), in, out));
    }
}
