package mpi;

import jmpi.datatype.PackPlan;

/**
 * Send and receive buffers of one call that share array elements. mpiJava and MPJ Express have no
 * {@code MPI_IN_PLACE}: programs pass the same array as both, e.g.
 * {@code Allreduce(x, 0, x, 0, n, MPI.DOUBLE, MPI.SUM)}. Between threads of one JVM other ranks read a
 * send buffer where it lies (rendezvous, the shared-memory board) while the call already writes its
 * receive buffer, so a shared element could be read after it was overwritten. The calls therefore send
 * from a private copy of the send region whenever it shares an element with the receive region, and
 * only then: the result is exactly that of disjoint buffers, on every transport and algorithm.
 */
final class Alias {
    private Alias() {
    }

    /** Elements {@code [lo, hi)} of an array. */
    record Range(long lo, long hi) {
        static final Range NONE = new Range(0, 0);

        boolean isEmpty() {
            return lo >= hi;
        }

        boolean overlaps(Range o) {
            return !isEmpty() && !o.isEmpty() && lo < o.hi && o.lo < hi;
        }

        Range hull(Range o) {
            return isEmpty() ? o : o.isEmpty() ? this : new Range(Math.min(lo, o.lo), Math.max(hi, o.hi));
        }
    }

    /** The elements {@code count} items of {@code type} at {@code offset} reach. */
    static Range reach(int offset, int count, Datatype type) {
        PackPlan plan = type.planForMessages();
        if (plan == null) {
            return count <= 0 ? Range.NONE : new Range(offset, (long) offset + count);
        }
        long[] r = plan.reach(offset, count);
        return new Range(r[0], r[1]);
    }

    /** {@code n} consecutive elements at {@code offset}. */
    static Range run(int offset, int n) {
        return n <= 0 ? Range.NONE : new Range(offset, (long) offset + n);
    }

    /** The union's hull of blocks {@code counts[i]} elements at {@code offset + displs[i]}. */
    static Range blocks(int offset, int[] counts, int[] displs) {
        Range r = Range.NONE;
        for (int i = 0; i < counts.length; i++) {
            r = r.hull(run(offset + displs[i], counts[i]));
        }
        return r;
    }

    /** True when some block {@code counts[i]} at {@code offset + displs[i]} overlaps {@code range}. */
    static boolean anyBlockOverlaps(Range range, int offset, int[] counts, int[] displs) {
        for (int i = 0; i < counts.length; i++) {
            if (run(offset + displs[i], counts[i]).overlaps(range)) {
                return true;
            }
        }
        return false;
    }

    /** Whether the send region of {@code send} and the receive region of {@code recv} share an element. */
    static boolean shared(Object send, Range sendRange, Object recv, Range recvRange) {
        return send != null && send == recv && sendRange.overlaps(recvRange);
    }

    /** A send buffer and the offset of the send data in it: the caller's, or a private copy's. */
    record Send(Object array, int offset) {
    }

    /**
     * A private copy of the elements {@code [from, range.hi)} of {@code buf}, where {@code from} is
     * {@code min(range.lo, offset)}, with the caller's offset moved into it ({@code offset - from}).
     */
    static Send copy(Object buf, int offset, Range range) {
        int from = (int) Math.min(range.lo(), offset);
        int n = (int) (range.hi() - from);
        Object c = java.lang.reflect.Array.newInstance(buf.getClass().getComponentType(), n);
        System.arraycopy(buf, from, c, 0, n);
        return new Send(c, offset - from);
    }
}
