package jmpi.coll;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;

/**
 * Broadcast by the MPI library's own {@code MPI_Bcast} (the native transport), through native memory: the
 * root copies its elements in, the others copy them out. Stateless.
 */
final class BcastLibrary extends LibraryAlgorithm implements BcastAlgorithm {
    @Override
    public void run(Ctx c, Object buf, int off, int count, BasicType t, int root) {
        MemorySegment block = LibraryCalls.allocate(c, count, t);
        try {
            if (c.rank == root) {
                LibraryCalls.in(buf, off, count, t, block);
            }
            LibraryCalls.library(c).bcast(c.comm.collectiveContext(), LibraryCalls.bytes(block, count, t), root);
            if (c.rank != root) {
                LibraryCalls.out(block, buf, off, count, t);
            }
        } finally {
            LibraryCalls.release(c, block);
        }
    }
}
