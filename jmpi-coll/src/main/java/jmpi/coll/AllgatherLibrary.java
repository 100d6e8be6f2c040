package jmpi.coll;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;

/**
 * Allgather by the MPI library's own {@code MPI_Allgather} (the native transport). In place (a rank's
 * send region may be its own block of the receive buffer). Stateless.
 */
final class AllgatherLibrary implements AllgatherAlgorithm {
    @Override
    public String name() {
        return "library";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessLibrary();
    }

    @Override
    public boolean inPlace() {
        return true;
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        long all = (long) count * c.size;
        MemorySegment in = LibraryCalls.allocate(c, count, t);
        MemorySegment out = LibraryCalls.allocate(c, all, t);
        try {
            LibraryCalls.in(s, so, count, t, in);
            LibraryCalls.library(c).allgather(c.comm.collectiveContext(), LibraryCalls.bytes(in, count, t),
                    LibraryCalls.bytes(out, all, t));
            LibraryCalls.out(out, r, ro, (int) all, t);
        } finally {
            LibraryCalls.release(c, in);
            LibraryCalls.release(c, out);
        }
    }
}
