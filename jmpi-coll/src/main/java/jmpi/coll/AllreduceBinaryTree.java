package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * Allreduce as Leus's binary tree: reduce up a heap-ordered binary tree receiving from both
 * children at once, then broadcast down it with non-blocking sends. Commutative operations. Cost:
 * about 4 log2 p (alpha + n beta) + 2 log2 p n gamma, less where the two children overlap.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class AllreduceBinaryTree implements AllreduceAlgorithm {
    @Override
    public String name() {
        return "binary";
    }

    @Override
    public String unusable(Problem p) {
        return p.unlessCommutative();
    }

    @Override
    public void run(Ctx c, Object s, int so, Object r, int ro, int count, BasicType t, Combiner op) {
        Object acc = ReduceBinary.up(c, s, so, count, t, op, 0);
        if (c.rank == 0) {
            Ctx.copy(acc, 0, r, ro, count);
        }
        new BcastBinaryTree().run(c, r, ro, count, t, 0);
    }
}
