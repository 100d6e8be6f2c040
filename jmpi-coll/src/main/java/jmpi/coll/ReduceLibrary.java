package jmpi.coll;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;

/**
 * Reduce by the MPI library's own {@code MPI_Reduce} (the native transport), for the predefined operations
 * whose library result is Java's bit for bit ({@link jmpi.spi.MatchingTransport.LibraryCollectives#refusesReduction}).
 * In place (the send region may be the receive region). Stateless.
 */
final class ReduceLibrary extends LibraryAlgorithm implements ReduceAlgorithm {
    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root) {
        LibraryCalls.inOut(c, s, so, count, r, ro, count, t, c.rank == root, (in, out) -> LibraryCalls.library(c)
                .reduce(c.comm.collectiveContext(), in, out, count, t.arrayClass().getComponentType(), opName(op), root));
    }

    /** The predefined operation's name (the selection let only predefined ones through). */
    static String opName(Combiner op) {
        return jmpi.datatype.ReduceOp.values()[(int) op.id() - 1].name();
    }
}
