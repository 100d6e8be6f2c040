package jmpi.coll;

import jmpi.core.CoreRequest;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;

/**
 * Broadcast for ranks that are threads of one JVM: the root hands every rank a reference to its
 * buffer, each rank copies the message straight from the root's array at the same time, then tells
 * the root it is done (the root returns only when nobody reads its buffer any more). The reference
 * carries the root's count and type: a rank whose call describes others copies nothing, still
 * acknowledges, and fails ({@link Ctx#differs}). One copy per rank, no hops. Needs every member in this JVM and a primitive type. Cost: (p-1) alpha for the
 * references and the acknowledgements plus n beta_mem per rank, in parallel.
 */
final class BcastShared implements BcastAlgorithm {
    @Override
    public String name() {
        return "shared";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessShared();
    }

    @Override
    public void run(Ctx c, Object buf, int off, int count, BasicType t, int root) {
        int p = c.size;
        if (c.rank == root) {
            Object[] ref = {buf, off, count, t};
            CoreRequest[] reqs = new CoreRequest[2 * (p - 1)];
            for (int i = 0, k = 0; i < p; i++) {
                if (i != root) {
                    reqs[k++] = c.engine.isendShared(c.comm, ref, i, c.tag);
                    reqs[k++] = c.irecv(null, 0, 0, BasicType.BYTE, i); // "copied": the buffer may change again
                }
            }
            c.waitAll(reqs);
            return;
        }
        Object[] box = new Object[1];
        c.waitAll(c.engine.irecvShared(c.comm, box, root, c.tag));
        Object[] ref = (Object[]) box[0];
        int rootCount = (int) ref[2];
        BasicType rootType = (BasicType) ref[3];
        MpiError differs = rootCount != count || rootType != t ? c.differs(rootCount, rootType, count, t, root) : null;
        if (differs == null) {
            Ctx.copy(ref[0], (int) ref[1], buf, off, count);
        }
        c.send(null, 0, 0, BasicType.BYTE, root);
        if (differs != null) {
            throw differs;
        }
    }
}
