package jmpi.coll;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;

/**
 * Alltoall by the MPI library's own {@code MPI_Alltoall} (the native transport). Stateless.
 */
final class AlltoallLibrary extends LibraryAlgorithm implements AlltoallAlgorithm {
    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        long all = (long) count * c.size;
        LibraryCalls.inOut(c, s, so, all, r, ro, all, t, true,
                (in, out) -> LibraryCalls.library(c).alltoall(c.comm.collectiveContext(), in, out));
    }
}
