package jmpi.coll;

import jmpi.datatype.BasicType;

/**
 * {@link BcastHierarchical} in segments of {@code jmpi.coll.hierarchySegmentBytes} (default 256 KiB):
 * each segment goes through the three steps (inside the root's node, among the leaders, inside every
 * node) before the next one starts, so that while a leader passes segment k on inside its node, segment
 * k+1 is already crossing the slow link (a send across is complete once the transport has taken it, and
 * the receiving side holds what arrives before its receive is posted). The slow link then carries the
 * message without waiting for the nodes: about d + n/B_slow + T_bcast(m, s), against
 * {@link BcastHierarchical}'s d + n/B_slow + T_bcast(m, n). Same restriction as the unsegmented form.
 * Stateless (one instance serves every rank of the JVM; a call's state is its {@link Ctx} and locals).
 */
final class BcastHierarchicalPipeline implements BcastAlgorithm {
    private final BcastHierarchical whole = new BcastHierarchical();

    @Override
    public String name() {
        return "hierarchical_pipeline";
    }

    @Override
    public String unusable(Problem p) {
        return whole.unusable(p);
    }

    @Override
    public void run(Ctx c, Object buf, int off, int count, BasicType t, int root) {
        int seg = Blocks.perSegment(CollSetting.hierarchySegmentBytes(), t);
        int from = 0;
        do {
            int n = Math.min(seg, count - from);
            whole.run(c, buf, off + from, n, t, root);
            from += n;
        } while (from < count);
    }
}
