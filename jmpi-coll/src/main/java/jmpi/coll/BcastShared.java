package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Broadcast for ranks that are threads of one JVM, on the communicator's {@link Board}. Up to
 * {@link Shared#STAGE_BYTES} the root copies the message into its staging array and returns; the others
 * copy it out when they see the root's counter. Above, the root publishes a reference to its own
 * buffer, every rank copies straight from it at once, and the root returns when all have copied. No
 * messages, no hops. Needs every member in this JVM and a primitive type. Cost: one cache-line
 * hand-off plus n beta_mem per rank, in parallel (plus n beta_mem at the root when staged).
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
        Board.Member me = Board.member(c);
        long m = me.begin();
        long bytes = (long) count * t.size();
        boolean staged = bytes <= Shared.STAGE_BYTES;
        me.declare(m, count, t, root);
        if (c.rank == root) {
            if (staged) {
                Ctx.copy(buf, off, me.stage(m, t, count), 0, count);
                me.reach(m, 3); // the others check the root and size they see against theirs
                return;
            }
            me.publish(m, buf, off);
            me.reach(m, 2);
            me.awaitAll(m, 1);
            me.agreeAll(c, m, count, t, root);
            me.awaitAll(m, 3); // nobody reads the buffer any more: the caller may change it
            me.reach(m, 3);
            return;
        }
        me.reach(m, 1);
        me.awaitRoot(c, root, m, count, t);
        if (staged) {
            Ctx.copy(me.staged(root, m), 0, buf, off, count);
        } else {
            Object[] ref = me.refs(root, m);
            Ctx.copy(ref[0], (int) ref[1], buf, off, count);
        }
        me.reach(m, 3);
    }
}
