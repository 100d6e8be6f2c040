package jmpi.core;

/**
 * The engine's view of an intra-communicator: two matching contexts (one for point-to-point, one
 * for collectives, so that the two never match each other), this rank's place in it and the world
 * rank of every member. Immutable.
 */
public final class CoreComm {
    private final Engine engine;
    private final int context;
    private final int rank;
    private final int[] worldRanks;

    CoreComm(Engine engine, int context, int rank, int[] worldRanks) {
        this.engine = engine;
        this.context = context;
        this.rank = rank;
        this.worldRanks = worldRanks;
    }

    public Engine engine() {
        return engine;
    }

    /** Context id for point-to-point traffic; {@code context() + 1} carries collective traffic. */
    public int context() {
        return context;
    }

    public int collectiveContext() {
        return context + 1;
    }

    public int rank() {
        return rank;
    }

    public int size() {
        return worldRanks.length;
    }

    public int worldRank(int rankInComm) {
        return worldRanks[rankInComm];
    }

    /** A copy of the world ranks of the members, in communicator rank order. */
    public int[] worldRanks() {
        return worldRanks.clone();
    }

    /** True when both communicators have the same members in the same order. */
    public boolean sameMembersAs(CoreComm other) {
        return java.util.Arrays.equals(worldRanks, other.worldRanks);
    }
}
