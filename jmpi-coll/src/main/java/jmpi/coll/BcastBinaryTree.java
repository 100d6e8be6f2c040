package jmpi.coll;

import java.util.ArrayList;
import java.util.List;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Broadcast down a binary tree in heap order (relative rank i has children 2i+1 and 2i+2), both
 * children sent to at once with non-blocking sends (Leus's tree). Any size. Cost: about
 * 2 log2 p (alpha + n beta), halved when the two sends overlap.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BcastBinaryTree implements BcastAlgorithm {
    @Override
    public String name() {
        return "binary";
    }

    @Override
    public void run(Ctx c, Object buf, int off, int count, BasicType t, int root) {
        int p = c.size;
        int rel = (c.rank - root + p) % p;
        if (rel != 0) {
            c.recv(buf, off, count, t, ((rel - 1) / 2 + root) % p);
        }
        List<CoreRequest> sends = new ArrayList<>(2);
        for (int child = 2 * rel + 1; child <= 2 * rel + 2 && child < p; child++) {
            sends.add(c.isend(buf, off, count, t, (child + root) % p));
        }
        c.waitAll(sends.toArray(new CoreRequest[0]));
    }
}
