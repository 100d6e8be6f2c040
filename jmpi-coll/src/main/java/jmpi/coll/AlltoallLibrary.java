package jmpi.coll;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;

/**
 * Alltoall by the MPI library's own {@code MPI_Alltoall} (the native transport). Stateless.
 */
final class AlltoallLibrary implements AlltoallAlgorithm {
    @Override
    public String name() {
        return "library";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessLibrary();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        long all = (long) count * c.size;
        MemorySegment in = LibraryCalls.allocate(c, all, t);
        MemorySegment out = LibraryCalls.allocate(c, all, t);
        try {
            LibraryCalls.in(s, so, (int) all, t, in);
            LibraryCalls.library(c).alltoall(c.comm.collectiveContext(), LibraryCalls.bytes(in, all, t),
                    LibraryCalls.bytes(out, all, t));
            LibraryCalls.out(out, r, ro, (int) all, t);
        } finally {
            LibraryCalls.release(c, in);
            LibraryCalls.release(c, out);
        }
    }
}
