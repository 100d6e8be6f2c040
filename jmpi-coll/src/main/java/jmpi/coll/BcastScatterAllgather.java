package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Broadcast as a binomial scatter of p chunks followed by a ring allgather (Van de Geijn). Needs
 * count >= p. Cost: log2 p alpha + (p-1)/p n beta for the scatter, (p-1) alpha + (p-1)/p n beta for
 * the allgather: about 2 n beta for large n, against log2 p n beta for a binomial tree.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BcastScatterAllgather implements BcastAlgorithm {
    @Override
    public String name() {
        return "scatter_allgather";
    }

    @Override
    public String unusable(Problem p) {
        return p.count() < p.size() ? "needs at least one element per rank (" + p.count() + " < " + p.size() + ")" : null;
    }

    @Override
    public void run(Ctx c, Object buf, int off, int count, BasicType t, int root) {
        int p = c.size;
        int rel = (c.rank - root + p) % p;
        int chunk = (count + p - 1) / p;
        // Binomial scatter: the rank at relative rank j, whose lowest set bit is m, gets the chunks of its
        // subtree, j .. min(j + m, p) - 1 (an empty range: nothing), from rank j - m, exactly as many
        // elements as that rank sends it.
        int mask = 1;
        while (mask < p) {
            if ((rel & mask) != 0) {
                int from = start(rel, chunk, count);
                int n = start(Math.min(rel + mask, p), chunk, count) - from;
                if (n > 0) {
                    c.recv(buf, off + from, n, t, (rel - mask + root) % p);
                }
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            int child = rel + mask;
            if (child < p) {
                int from = start(child, chunk, count);
                int n = start(Math.min(child + mask, p), chunk, count) - from;
                if (n > 0) {
                    c.send(buf, off + from, n, t, (child + root) % p);
                }
            }
        }
        // Ring allgather of the chunks, in relative ranks.
        int right = (c.rank + 1) % p;
        int left = (c.rank - 1 + p) % p;
        for (int step = 0; step < p - 1; step++) {
            int sendChunk = (rel - step + p) % p;
            int recvChunk = (rel - step - 1 + p) % p;
            c.sendrecv(buf, off + start(sendChunk, chunk, count), length(sendChunk, chunk, count), right,
                    buf, off + start(recvChunk, chunk, count), length(recvChunk, chunk, count), left, t);
        }
    }

    private static int start(int j, int chunk, int count) {
        return (int) Math.min(count, (long) j * chunk);
    }

    private static int length(int j, int chunk, int count) {
        return Math.min(count, (j + 1) * chunk) - start(j, chunk, count);
    }
}
