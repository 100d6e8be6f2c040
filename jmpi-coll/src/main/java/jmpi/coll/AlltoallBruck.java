package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Bruck's alltoall: rotate the blocks, then in step k send every block whose index has bit k set
 * to rank + 2^k (packed into one message), then rotate back. ceil(log2 p) messages instead of p - 1,
 * each about half the data: the choice for small blocks. Any size. Cost: ceil(log2 p)(alpha + n p/2 beta).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AlltoallBruck implements AlltoallAlgorithm {
    @Override
    public String name() {
        return "bruck";
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t) {
        int p = c.size;
        int me = c.rank;
        Object tmp = Ctx.alloc(t, p * count);
        for (int i = 0; i < p; i++) {
            Ctx.copy(s, so + ((me + i) % p) * count, tmp, i * count, count);
        }
        Object pack = Ctx.alloc(t, ((p + 1) / 2) * count);
        Object unpack = Ctx.alloc(t, ((p + 1) / 2) * count);
        for (int k = 1; k < p; k <<= 1) {
            int n = 0;
            for (int i = 0; i < p; i++) {
                if ((i & k) != 0) {
                    Ctx.copy(tmp, i * count, pack, n * count, count);
                    n++;
                }
            }
            c.sendrecv(pack, 0, n * count, (me + k) % p, unpack, 0, n * count, (me - k + p) % p, t);
            for (int i = 0, j = 0; i < p; i++) {
                if ((i & k) != 0) {
                    Ctx.copy(unpack, j * count, tmp, i * count, count);
                    j++;
                }
            }
        }
        // tmp block i came from rank (me - i) % p.
        for (int i = 0; i < p; i++) {
            Ctx.copy(tmp, i * count, r, ro + ((me - i + p) % p) * count, count);
        }
    }
}
