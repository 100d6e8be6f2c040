package jmpi.core;

/**
 * The engine's view of a communicator: two matching contexts (one for point-to-point, one for
 * collectives, so that the two never match each other), this rank's place in its (local) group,
 * and the world rank of every member. An inter-communicator also has a remote group: destinations
 * and sources of its point-to-point traffic are ranks of the remote group. Immutable but for the
 * count of collective calls ({@link #nextCollectiveCall}) and the attachments upper layers keep on it
 * ({@link #attachment}), which {@link Engine#free} closes.
 */
public final class CoreComm {
    private final Engine engine;
    private final int context;
    private final int rank;
    private final int[] worldRanks;
    private final int[] remoteWorldRanks;
    private final CoreComm localComm;
    /** State of upper layers kept per communicator (the collectives' board, locality and nodes, ...). */
    private final java.util.concurrent.ConcurrentHashMap<Class<?>, Object> attachments =
            new java.util.concurrent.ConcurrentHashMap<>(4);
    /**
     * Collective calls made on this communicator by this rank (jmpi-coll numbers its calls, so that a
     * message of one call never matches a receive of another). Touched only by the thread calling a
     * collective: MPI does not allow two collectives on one communicator at the same time.
     */
    private int collectiveCalls;

    CoreComm(Engine engine, int context, int rank, int[] worldRanks) {
        this(engine, context, rank, worldRanks, null, null);
    }

    /** An inter-communicator when {@code remoteWorldRanks} is not null; {@code localComm} is then its local group's. */
    CoreComm(Engine engine, int context, int rank, int[] worldRanks, int[] remoteWorldRanks, CoreComm localComm) {
        this.engine = engine;
        this.context = context;
        this.rank = rank;
        this.worldRanks = worldRanks;
        this.remoteWorldRanks = remoteWorldRanks;
        this.localComm = localComm;
    }

    /** An inter-communicator's private intra-communicator over its local group (null for an intra-communicator). */
    public CoreComm localComm() {
        return localComm;
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

    /** Numbers this rank's collective calls on this communicator: 0, 1, 2, ... */
    public int nextCollectiveCall() {
        return collectiveCalls++;
    }

    /** How many collective calls this rank made on this communicator. */
    int collectiveCalls() {
        return collectiveCalls;
    }

    /** This rank in the local group. */
    public int rank() {
        return rank;
    }

    /** Size of the local group. */
    public int size() {
        return worldRanks.length;
    }

    /** True for an inter-communicator. */
    public boolean isInter() {
        return remoteWorldRanks != null;
    }

    /** How many ranks point-to-point traffic addresses: the remote group's size for an inter-communicator. */
    public int peers() {
        return remoteWorldRanks != null ? remoteWorldRanks.length : worldRanks.length;
    }

    /** The world rank of destination or source {@code peerRank} (of the remote group for an inter-communicator). */
    public int worldRank(int peerRank) {
        return remoteWorldRanks != null ? remoteWorldRanks[peerRank] : worldRanks[peerRank];
    }

    /** The world rank of member {@code rankInGroup} of the local group. */
    public int localWorldRank(int rankInGroup) {
        return worldRanks[rankInGroup];
    }

    /** A copy of the world ranks of the (local) members, in rank order. */
    public int[] worldRanks() {
        return worldRanks.clone();
    }

    /** A copy of the world ranks of the remote group, or null for an intra-communicator. */
    public int[] remoteWorldRanks() {
        return remoteWorldRanks == null ? null : remoteWorldRanks.clone();
    }

    /**
     * This communicator's attachment of type {@code kind}, made by {@code make} on first use. An
     * attachment that is {@link AutoCloseable} is closed when the communicator is freed
     * ({@link Engine#free}), so it may own resources such as communicators of its own.
     */
    public <T> T attachment(Class<T> kind, java.util.function.Supplier<T> make) {
        Object a = attachments.get(kind);
        if (a == null) {
            a = attachments.computeIfAbsent(kind, k -> make.get());
        }
        return kind.cast(a);
    }

    /** This communicator's attachment of type {@code kind}, or null before it is made. */
    public <T> T attachment(Class<T> kind) {
        return kind.cast(attachments.get(kind));
    }

    /** Removes and closes the attachments (at {@code Free}); the first failure is thrown after all are closed. */
    void closeAttachments() {
        RuntimeException failure = null;
        for (Class<?> k : java.util.List.copyOf(attachments.keySet())) {
            Object a = attachments.remove(k);
            if (a instanceof AutoCloseable c) {
                try {
                    c.close();
                } catch (Exception e) {
                    RuntimeException r = e instanceof RuntimeException re ? re
                            : new MpiError(ErrorClass.ERR_INTERN, "closing a communicator's " + k.getSimpleName(), e);
                    if (failure == null) {
                        failure = r;
                    } else {
                        failure.addSuppressed(r);
                    }
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** True when both communicators have the same members in the same order (both groups for inter-communicators). */
    public boolean sameMembersAs(CoreComm other) {
        return java.util.Arrays.equals(worldRanks, other.worldRanks)
                && java.util.Arrays.equals(remoteWorldRanks, other.remoteWorldRanks);
    }
}
