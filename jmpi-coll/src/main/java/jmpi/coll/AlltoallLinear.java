package jmpi.coll;

import java.util.ArrayList;
import java.util.List;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Alltoall with every exchange started at once, at most {@value #IN_FLIGHT} peers at a time (bounded
 * so that a large communicator does not flood a rank). Any size. Cost: (p-1)(alpha + n beta) with
 * the transfers overlapped.
 */
final class AlltoallLinear implements AlltoallAlgorithm {
    static final int IN_FLIGHT = 32;

    @Override
    public String name() {
        return "linear";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        int p = c.size;
        int me = c.rank;
        Ctx.copy(s, so + me * count, r, ro + me * count, count);
        for (int first = 1; first < p; first += IN_FLIGHT) {
            List<CoreRequest> reqs = new ArrayList<>();
            for (int k = first; k < Math.min(p, first + IN_FLIGHT); k++) {
                int src = (me - k + p) % p;
                reqs.add(c.irecv(r, ro + src * count, count, t, src));
            }
            for (int k = first; k < Math.min(p, first + IN_FLIGHT); k++) {
                int dst = (me + k) % p;
                reqs.add(c.isend(s, so + dst * count, count, t, dst));
            }
            c.waitAll(reqs.toArray(new CoreRequest[0]));
        }
    }
}
