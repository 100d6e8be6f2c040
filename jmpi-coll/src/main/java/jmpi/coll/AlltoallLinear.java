package jmpi.coll;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Alltoall with every exchange started at once, at most {@value #IN_FLIGHT} peers at a time (bounded
 * so that a large communicator does not flood a rank). Any size. Cost: (p-1)(alpha + n beta) with
 * the transfers overlapped. Also serves MPI_Alltoallv ({@link #alltoallv}).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AlltoallLinear implements AlltoallAlgorithm {
    static final int IN_FLIGHT = 32;

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        int[] counts = Blocks.counts(c.size, count);
        int[] displs = Blocks.displs(c.size, count);
        alltoallv(c, s, so, counts, displs, r, ro, counts, displs, t);
    }

    /** {@code scounts[j]} elements at {@code sdispls[j]} to rank j, received at {@code rdispls[i]} from rank i. */
    static void alltoallv(Ctx c, Object s, int so, int[] scounts, int[] sdispls, Object r, int ro, int[] rcounts,
                          int[] rdispls, BasicType t) {
        int p = c.size;
        int me = c.rank;
        Ctx.copy(s, so + sdispls[me], r, ro + rdispls[me], scounts[me]);
        for (int first = 1; first < p; first += IN_FLIGHT) {
            int last = Math.min(p, first + IN_FLIGHT);
            CoreRequest[] reqs = new CoreRequest[2 * (last - first)];
            int i = 0;
            for (int k = first; k < last; k++) {
                int src = (me - k + p) % p;
                reqs[i++] = c.irecv(r, ro + rdispls[src], rcounts[src], t, src);
            }
            for (int k = first; k < last; k++) {
                int dst = (me + k) % p;
                reqs[i++] = c.isend(s, so + sdispls[dst], scounts[dst], t, dst);
            }
            c.waitAll(reqs);
        }
    }
}
