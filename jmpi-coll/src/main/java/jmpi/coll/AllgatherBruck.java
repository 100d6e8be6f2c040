package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Bruck's allgather: ceil(log2 p) steps; in step k a rank sends the blocks it has (up to 2^k) to
 * rank - 2^k and receives as many from rank + 2^k; a final rotation puts blocks in rank order. Any
 * size. Cost: ceil(log2 p) alpha + (p-1) n beta.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllgatherBruck implements AllgatherAlgorithm {
    @Override
    public String name() {
        return "bruck";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        int p = c.size;
        int me = c.rank;
        Object tmp = Ctx.alloc(t, p * count);
        Ctx.copy(s, so, tmp, 0, count);
        for (int k = 1; k < p; k <<= 1) {
            int blocks = Math.min(k, p - k);
            c.sendrecv(tmp, 0, blocks * count, (me - k + p) % p, tmp, k * count, blocks * count, (me + k) % p, t);
        }
        // tmp block i came from rank (me + i) % p.
        for (int i = 0; i < p; i++) {
            Ctx.copy(tmp, i * count, r, ro + ((me + i) % p) * count, count);
        }
    }
}
