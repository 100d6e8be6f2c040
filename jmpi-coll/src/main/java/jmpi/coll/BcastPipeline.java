package jmpi.coll;

import jmpi.core.CoreRequest;
import jmpi.core.RecvRequest;
import jmpi.datatype.BasicType;

/**
 * Broadcast along a chain (root, root+1, ...) in segments of {@code jmpi.coll.segmentBytes}
 * (default 64 KiB): each rank forwards a segment while the next one arrives. Any size. Cost:
 * (p - 2 + n/s)(alpha + s beta) for segments of s bytes: for large n, close to n beta.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BcastPipeline implements BcastAlgorithm {
    @Override
    public String name() {
        return "pipeline";
    }

    @Override
    public void run(Ctx c, Object buf, int off, int count, BasicType t, int root) {
        int p = c.size;
        int rel = (c.rank - root + p) % p;
        int seg = Blocks.perSegment(CollSetting.segmentBytes(), t);
        int prev = (c.rank - 1 + p) % p;
        int next = (c.rank + 1) % p;
        boolean last = rel == p - 1;
        int segments = Math.max(1, (count + seg - 1) / seg);
        CoreRequest[] sends = last ? null : new CoreRequest[segments];
        RecvRequest pending = rel == 0 ? null : c.irecv(buf, off, Math.min(seg, count), t, prev);
        for (int k = 0; k < segments; k++) {
            int from = k * seg;
            int n = Math.min(seg, count - from);
            if (rel != 0) {
                RecvRequest r = pending;
                if (k + 1 < segments) {
                    int nextFrom = from + seg;
                    pending = c.irecv(buf, off + nextFrom, Math.min(seg, count - nextFrom), t, prev);
                }
                c.await(r);
            }
            if (!last) {
                sends[k] = c.isend(buf, off + from, n, t, next);
            }
        }
        if (sends != null) {
            c.waitAll(sends);
        }
    }
}
