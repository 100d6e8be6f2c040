package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Rabenseifner's reduce: reduce-scatter by recursive halving, then the blocks gathered to the root
 * (ranks beyond the largest power of two fold into a neighbour first). Commutative operations, at
 * least one element per block. Cost: 2 log2 p alpha + 2 (p-1)/p n beta + (p-1)/p n gamma: for large
 * n, about half the data volume of a binomial reduce.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class ReduceRabenseifner implements ReduceAlgorithm {
    @Override
    public String name() {
        return "rabenseifner";
    }

    @Override
    public String unusable(Problem p) {
        return Halving.unusable(p);
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op, int root) {
        Object buf = Ctx.alloc(t, count);
        Ctx.copy(s, so, buf, 0, count);
        Halving h = new Halving(c, count, op.unit());
        h.fold(buf, count, t, op);
        if (h.newRank >= 0) {
            h.reduceScatter(buf, t, op);
            h.allgather(buf, t); // every remaining rank now holds the result
        }
        // The result lives on every odd rank below 2 rem and every rank from 2 rem on.
        int holder = root < 2 * h.rem ? (root % 2 == 1 ? root : root + 1) : root;
        if (c.rank == holder && holder != root) {
            c.send(buf, 0, count, t, root);
        } else if (c.rank == root) {
            if (holder != root) {
                c.recv(r, ro, count, t, holder);
            } else {
                Ctx.copy(buf, 0, r, ro, count);
            }
        }
    }
}
