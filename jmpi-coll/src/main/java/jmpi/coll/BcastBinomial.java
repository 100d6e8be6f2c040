package jmpi.coll;

import java.util.ArrayList;
import java.util.List;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Broadcast down a binomial tree (ranks relative to the root): receive from the parent, then send to
 * the children, largest subtree first, all at once. Any size. Cost: ceil(log2 p)(alpha + n beta).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BcastBinomial implements BcastAlgorithm {
    @Override
    public String name() {
        return "binomial";
    }

    @Override
    public void run(Ctx c, Object buf, int off, int count, BasicType t, int root) {
        int p = c.size;
        int rel = (c.rank - root + p) % p;
        int mask = 1;
        while (mask < p) {
            if ((rel & mask) != 0) {
                c.recv(buf, off, count, t, (rel - mask + root) % p);
                break;
            }
            mask <<= 1;
        }
        List<CoreRequest> sends = new ArrayList<>();
        for (mask >>= 1; mask > 0; mask >>= 1) {
            if (rel + mask < p) {
                sends.add(c.isend(buf, off, count, t, (rel + mask + root) % p));
            }
        }
        c.waitAll(sends.toArray(new CoreRequest[0]));
    }
}
