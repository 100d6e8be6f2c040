package jmpi.coll;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;

/**
 * Allreduce by the MPI library's own {@code MPI_Allreduce} (the native transport), for the predefined
 * operations whose library result is Java's bit for bit. In place. Stateless.
 */
final class AllreduceLibrary implements AllreduceAlgorithm {
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
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        MemorySegment in = LibraryCalls.allocate(c, count, t);
        MemorySegment out = LibraryCalls.allocate(c, count, t);
        try {
            LibraryCalls.in(s, so, count, t, in);
            LibraryCalls.library(c).allreduce(c.comm.collectiveContext(), LibraryCalls.bytes(in, count, t),
                    LibraryCalls.bytes(out, count, t), count, t.arrayClass().getComponentType(), ReduceLibrary.opName(op));
            LibraryCalls.out(out, r, ro, count, t);
        } finally {
            LibraryCalls.release(c, in);
            LibraryCalls.release(c, out);
        }
    }
}
