package jmpi.coll;

import jmpi.core.RecvRequest;
import jmpi.datatype.BasicType;

/**
 * Broadcast as a binomial scatter of p chunks followed by a ring allgather (Van de Geijn). Needs
 * count >= p. Cost: log2 p alpha + (p-1)/p n beta for the scatter, (p-1) alpha + (p-1)/p n beta for
 * the allgather: about 2 n beta for large n, against log2 p n beta for a binomial tree.
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
        // Binomial scatter: relative rank j ends with (at least) chunk j.
        int have = rel == 0 ? count : 0;
        int mask = 1;
        while (mask < p) {
            if ((rel & mask) != 0) {
                int from = Math.min(count, rel * chunk);
                if (count - from > 0) { // the parent sends exactly count - from elements, or nothing
                    RecvRequest r = c.irecv(buf, off + from, count - from, t, (rel - mask + root) % p);
                    c.waitAll(r);
                    have = r.count();
                }
                break;
            }
            mask <<= 1;
        }
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (rel + mask < p) {
                int give = have - chunk * mask;
                if (give > 0) {
                    c.send(buf, off + Math.min(count, (rel + mask) * chunk), give, t, (rel + mask + root) % p);
                    have -= give;
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
        return Math.min(count, j * chunk);
    }

    private static int length(int j, int chunk, int count) {
        return Math.min(count, (j + 1) * chunk) - start(j, chunk, count);
    }
}
