package jmpi.coll;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import jmpi.core.CollectiveTags;

/**
 * Every collective of this layer: the ten with a menu of algorithms ({@link Registry}), chosen per call
 * by the selection table or forced by {@code -Djmpi.coll.<name>=ALGORITHM}; the four vector ones, with
 * one algorithm each; {@link #CHECK}, the agreement exchange of {@code -Djmpi.coll.check=true}
 * ({@link Agreement}); and those only the non-blocking layer's schedules run ({@link NonBlocking}: exscan,
 * alltoallw, reduce_scatter_block, the neighbour collectives). A non-blocking call of a collective that
 * has a constant here (ibcast: {@link #BCAST}) uses that constant's index in its tag. The ordinal is the collective's index in its calls' tags
 * ({@link CollectiveTags#call}) and in the agreement's comparison, so constants are only ever appended.
 * Immutable.
 */
public enum Collective {
    BARRIER("barrier", true),
    BCAST("bcast", true),
    REDUCE("reduce", true),
    ALLREDUCE("allreduce", true),
    GATHER("gather", true),
    SCATTER("scatter", true),
    ALLGATHER("allgather", true),
    ALLTOALL("alltoall", true),
    REDUCE_SCATTER("reduce_scatter", true),
    SCAN("scan", true),
    GATHERV("gatherv", false),
    SCATTERV("scatterv", false),
    ALLGATHERV("allgatherv", false),
    ALLTOALLV("alltoallv", false),
    /** Not a collective of the program: the exchange with which the ranks check their calls agree. */
    CHECK("jmpi.coll.check", false),
    // Without a menu: only the schedules of NonBlocking run them (their blocking forms in Coll wait for those).
    EXSCAN("exscan", false),
    ALLTOALLW("alltoallw", false),
    REDUCE_SCATTER_BLOCK("reduce_scatter_block", false),
    NEIGHBOR_ALLGATHER("neighbor_allgather", false),
    NEIGHBOR_ALLGATHERV("neighbor_allgatherv", false),
    NEIGHBOR_ALLTOALL("neighbor_alltoall", false),
    NEIGHBOR_ALLTOALLV("neighbor_alltoallv", false),
    NEIGHBOR_ALLTOALLW("neighbor_alltoallw", false);

    private static final List<Collective> SELECTABLE = Stream.of(values()).filter(Collective::selectable).toList();

    static {
        if (values().length > CollectiveTags.COLLECTIVES) {
            throw new IllegalStateException("more than " + CollectiveTags.COLLECTIVES
                    + " collectives do not fit the tag layout");
        }
    }

    private final String tableName;
    private final boolean selectable;

    Collective(String tableName, boolean selectable) {
        this.tableName = tableName;
        this.selectable = selectable;
    }

    /** The name in the selection table, in counters and in errors ("reduce_scatter"). */
    public String tableName() {
        return tableName;
    }

    /** Whether it has a menu: chosen by the table, forced by {@link #property()}. */
    public boolean selectable() {
        return selectable;
    }

    /** The property forcing its algorithm, {@code jmpi.coll.<name>} (selectable collectives). */
    public String property() {
        return "jmpi.coll." + tableName;
    }

    /** The collectives with a menu, in menu order. */
    public static List<Collective> selectables() {
        return SELECTABLE;
    }

    /** The selectable collective named {@code name} (any case); an unknown name is an error listing the known ones. */
    public static Collective of(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        for (Collective c : SELECTABLE) {
            if (c.tableName.equals(n)) {
                return c;
            }
        }
        throw new IllegalArgumentException("no collective named '" + name + "' (known: "
                + SELECTABLE.stream().map(Collective::tableName).toList() + ")");
    }

    /** The name of the collective of index {@code ordinal}, or null when there is none (for tags). */
    static String nameOf(int ordinal) {
        Collective[] all = values();
        return ordinal >= 0 && ordinal < all.length ? all[ordinal].tableName : null;
    }

    @Override
    public String toString() {
        return tableName;
    }
}
