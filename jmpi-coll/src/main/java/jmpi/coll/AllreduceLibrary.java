package jmpi.coll;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;

/**
 * Allreduce by the MPI library's own {@code MPI_Allreduce} (the native transport), for the predefined
 * operations whose library result is Java's bit for bit. In place. Stateless.
 */
final class AllreduceLibrary extends LibraryAlgorithm implements AllreduceAlgorithm {
    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        LibraryCalls.inOut(c, s, so, count, r, ro, count, t, true, (in, out) -> LibraryCalls.library(c).allreduce(
                c.comm.collectiveContext(), in, out, count, t.arrayClass().getComponentType(), ReduceLibrary.opName(op)));
    }
}
