package jmpi.coll;

import java.util.ArrayList;
import java.util.List;

import jmpi.core.CoreRequest;
import jmpi.datatype.BasicType;

/**
 * Split broadcast (Leus's "Vcast x2"): the message is cut in two halves; the first half goes
 * down the left subtree of a heap-ordered binary tree, the second down the right one; then every
 * node of one subtree swaps halves with its partner in the other (the i-th node of each, in heap
 * order); a node without a partner gets the missing half from the root. Needs p >= 3 and at least
 * 2 elements. Cost: about log2 p (alpha + n/2 beta) + (alpha + n/2 beta).
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BcastSplitBinary implements BcastAlgorithm {
    @Override
    public String name() {
        return "split_binary";
    }

    @Override
    public String unusable(Problem p) {
        if (p.size() < 3) {
            return "needs at least 3 ranks, not " + p.size();
        }
        return p.count() < 2 ? "needs at least 2 elements to split" : null;
    }

    @Override
    public void run(Ctx c, Object buf, int off, int count, BasicType t, int root) {
        int p = c.size;
        int rel = (c.rank - root + p) % p;
        int firstHalf = count / 2;
        int[] halfOff = {off, off + firstHalf};
        int[] halfLen = {firstHalf, count - firstHalf};
        List<Integer> left = new ArrayList<>();
        List<Integer> right = new ArrayList<>();
        for (int i = 1; i < p; i++) {
            (side(i) == 0 ? left : right).add(i);
        }
        List<CoreRequest> reqs = new ArrayList<>();
        if (rel == 0) {
            reqs.add(c.isend(buf, halfOff[0], halfLen[0], t, (1 + root) % p));
            reqs.add(c.isend(buf, halfOff[1], halfLen[1], t, (2 + root) % p));
            // Unpaired nodes (the left subtree can be longer) get the right half from the root.
            for (int i = right.size(); i < left.size(); i++) {
                reqs.add(c.isend(buf, halfOff[1], halfLen[1], t, (left.get(i) + root) % p));
            }
            c.waitAll(reqs.toArray(new CoreRequest[0]));
            return;
        }
        int mine = side(rel);
        c.recv(buf, halfOff[mine], halfLen[mine], t, ((rel - 1) / 2 + root) % p);
        for (int child = 2 * rel + 1; child <= 2 * rel + 2 && child < p; child++) {
            reqs.add(c.isend(buf, halfOff[mine], halfLen[mine], t, (child + root) % p));
        }
        List<Integer> own = mine == 0 ? left : right;
        List<Integer> other = mine == 0 ? right : left;
        int index = own.indexOf(rel);
        int theirs = 1 - mine;
        if (index < other.size()) {
            int partner = (other.get(index) + root) % p;
            reqs.add(c.isend(buf, halfOff[mine], halfLen[mine], t, partner));
            reqs.add(c.irecv(buf, halfOff[theirs], halfLen[theirs], t, partner));
        } else {
            reqs.add(c.irecv(buf, halfOff[theirs], halfLen[theirs], t, root));
        }
        c.waitAll(reqs.toArray(new CoreRequest[0]));
    }

    /** 0 when heap node {@code i} (> 0) descends from node 1, 1 when from node 2. */
    private static int side(int i) {
        while (i > 2) {
            i = (i - 1) / 2;
        }
        return i - 1;
    }
}
