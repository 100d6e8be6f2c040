package jmpi.coll;

import java.util.List;

import jmpi.core.RankSetting;
import jmpi.spi.Setting;

/**
 * Every tunable of the collectives (a {@link Setting}), validated when read: a malformed value is an
 * {@code ERR_ARG} naming the property, the value and what it means, never a silent default. The
 * per-collective forcing properties ({@code jmpi.coll.<collective>=NAME}) are
 * {@link Collective#property()}; their values are checked against the collective's {@link Menu}.
 * docs/CONFIGURATION.md lists the same rows ({@code ConfigurationDocTest}). Immutable: safe from any thread.
 */
public enum CollSetting implements RankSetting {
    TABLE("jmpi.coll.table", "",
            "Selection table file (the tuner's output) read instead of the built-in one; a malformed file is an ERR_ARG at the first collective."),
    CHECK("jmpi.coll.check", "false",
            "true: before every collective the ranks agree on its collective, root, type, counts and operation (an extra small allreduce per call)."),
    NODES("jmpi.coll.nodes", "0",
            "Blocks of K consecutive world ranks count as nodes (emulated hosts for the hierarchical algorithms); 0: off, the hosts or JVMs the transports report."),
    CLUSTERS("jmpi.coll.clusters", "0",
            "Blocks of K consecutive world ranks count as clusters (emulated clusters, crossed first by the hierarchical algorithms); with jmpi.coll.nodes, a multiple of its K; 0: off, the clusters the transports report."),
    SEGMENT_BYTES("jmpi.coll.segmentBytes", "65536",
            "Segment size (bytes) of the segmented algorithms (bcast pipeline); read at each call."),
    HIERARCHY_SEGMENT_BYTES("jmpi.coll.hierarchySegmentBytes", "262144",
            "Segment size (bytes) of the segmented node-aware algorithms (bcast hierarchical_pipeline: one segment crosses the slow link while the previous one spreads inside the nodes); read at each call."),
    STAGE_BYTES("jmpi.coll.stageBytes", "8192",
            "Up to this many bytes per contribution the shared-memory algorithms copy through their staging arrays; above, they read each other's buffers in place."),
    STATS("jmpi.coll.stats", "false",
            "true: log at Finalize how many times each algorithm ran on each rank.");

    private final Spec spec;

    CollSetting(String property, String defaultValue, String doc) {
        this.spec = new Spec(property, defaultValue, doc);
    }

    @Override
    public Spec spec() {
        return spec;
    }


    /**
     * {@link #NODES} and {@link #CLUSTERS} from {@code source}, as {@code {nodes, clusters}} (0: off); clusters
     * that are not whole numbers of nodes (K_clusters not a multiple of K_nodes, both set) are an
     * {@code ERR_ARG} naming both.
     */
    static int[] blocks(java.util.function.BinaryOperator<String> source) {
        int nodes = NODES.intValue(source, 0, Integer.MAX_VALUE, 0);
        int clusters = CLUSTERS.intValue(source, 0, Integer.MAX_VALUE, 0);
        if (nodes > 0 && clusters > 0 && clusters % nodes != 0) {
            throw new jmpi.core.MpiError(jmpi.core.ErrorClass.ERR_ARG, CLUSTERS.property() + "=" + clusters
                    + " is not a multiple of " + NODES.property() + "=" + nodes
                    + ": a node (an emulated host) would span two clusters");
        }
        return new int[] {nodes, clusters};
    }

    /** {@link #HIERARCHY_SEGMENT_BYTES}, at least 1. */
    static long hierarchySegmentBytes() {
        Parsed p = Parsed.of(hierarchySegment, HIERARCHY_SEGMENT_BYTES, 262144);
        hierarchySegment = p;
        return p.value;
    }

    /** {@link #SEGMENT_BYTES}, at least 1. */
    static long segmentBytes() {
        Parsed p = Parsed.of(segment, SEGMENT_BYTES, 65536);
        segment = p;
        return p.value;
    }

    /** The last parse of the segment sizes (read at each call, parsed when the property's text changes). */
    private static volatile Parsed segment;
    private static volatile Parsed hierarchySegment;

    /** A property's text and its value, at least 1. */
    private record Parsed(String raw, long value) {
        /** {@code last} when {@code setting}'s text is still {@code last.raw}, else a fresh parse of the text. */
        static Parsed of(Parsed last, CollSetting setting, long auto) {
            String raw = setting.value(SYSTEM_PROPERTIES);
            if (last != null && last.raw.equals(raw)) {
                return last;
            }
            return new Parsed(raw, setting.longValue((k, d) -> raw, 1, Long.MAX_VALUE, auto));
        }
    }

    /** {@link #STAGE_BYTES}, at least 0 (0: the shared-memory algorithms never stage). */
    static long stageBytes() {
        return STAGE_BYTES.longValue(SYSTEM_PROPERTIES, 0, Long.MAX_VALUE, 8192);
    }

    public static List<CollSetting> all() {
        return List.of(values());
    }
}
