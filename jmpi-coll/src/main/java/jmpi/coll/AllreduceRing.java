package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Allreduce on a ring: p - 1 steps of reduce-scatter (each rank passes one of p chunks to the right
 * and combines the one from the left), then p - 1 steps of allgather. Bandwidth-optimal, latency
 * linear in p. Commutative operations. Cost: 2 (p-1) alpha + 2 (p-1)/p n beta + (p-1)/p n gamma.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllreduceRing implements AllreduceAlgorithm {
    @Override
    public String name() {
        return "ring";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessCommutative();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        int p = c.size;
        int me = c.rank;
        Ctx.copy(s, so, r, ro, count);
        if (p == 1) {
            return;
        }
        int unit = op.unit();
        int chunk = ((count / unit + p - 1) / p) * unit; // whole items per chunk
        Object tmp = Ctx.alloc(t, chunk);
        int right = (me + 1) % p;
        int left = (me - 1 + p) % p;
        for (int step = 0; step < p - 1; step++) {
            int sendChunk = (me - step + p) % p;
            int recvChunk = (me - step - 1 + p) % p;
            int rs = start(recvChunk, chunk, count);
            int rn = start(recvChunk + 1, chunk, count) - rs;
            int ss = start(sendChunk, chunk, count);
            c.sendrecv(r, ro + ss, start(sendChunk + 1, chunk, count) - ss, right, tmp, 0, rn, left, t);
            op.apply(tmp, 0, r, ro + rs, rn, t);
        }
        for (int step = 0; step < p - 1; step++) {
            int sendChunk = (me + 1 - step + p) % p;
            int recvChunk = (me - step + p) % p;
            int ss = start(sendChunk, chunk, count);
            int rs = start(recvChunk, chunk, count);
            c.sendrecv(r, ro + ss, start(sendChunk + 1, chunk, count) - ss, right,
                    r, ro + rs, start(recvChunk + 1, chunk, count) - rs, left, t);
        }
    }

    private static int start(int j, int chunk, int count) {
        return Math.min(count, j * chunk);
    }
}
