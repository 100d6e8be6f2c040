package jmpi.coll;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;

/**
 * Reduce by the MPI library's own {@code MPI_Reduce} (the native transport), for the predefined operations
 * whose library result is Java's bit for bit ({@link jmpi.spi.MatchingTransport.LibraryCollectives#refusesReduction}).
 * In place (the send region may be the receive region). Stateless.
 */
final class ReduceLibrary implements ReduceAlgorithm {
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
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root) {
        MemorySegment in = LibraryCalls.allocate(c, count, t);
        MemorySegment out = LibraryCalls.allocate(c, count, t);
        try {
            LibraryCalls.in(s, so, count, t, in);
            LibraryCalls.library(c).reduce(c.comm.collectiveContext(), LibraryCalls.bytes(in, count, t),
                    LibraryCalls.bytes(out, count, t), count, t.arrayClass().getComponentType(), opName(op), root);
            if (c.rank == root) {
                LibraryCalls.out(out, r, ro, count, t);
            }
        } finally {
            LibraryCalls.release(c, in);
            LibraryCalls.release(c, out);
        }
    }

    /** The predefined operation's name (the selection let only predefined ones through). */
    static String opName(Combiner op) {
        return jmpi.datatype.ReduceOp.values()[(int) op.id() - 1].name();
    }
}
