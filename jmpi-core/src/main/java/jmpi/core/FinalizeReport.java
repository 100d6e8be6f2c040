package jmpi.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;

import jmpi.datatype.BasicType;

/**
 * What Finalize finds wrong with a run, once every rank has reached it: messages on contexts this
 * rank never had (a warning), different numbers of collective calls on the world, and collective
 * messages nobody received (errors). The last needs the collective layer to name its tags
 * ({@link #collectiveTagNames}).
 *
 * <p>Concurrency: {@link #collectiveTagNames} may be set by any thread at any time (volatile); the
 * checks run on the finalizing thread of the rank, after the world barrier.
 */
final class FinalizeReport {
    private final int worldRank;
    private final PointToPoint p2p;
    private final Communicators comms;
    private final InternalCollectives internal;
    /** Names the tags of an upper layer's collective messages (null: not one of its tags). */
    private volatile IntFunction<String> collectiveTagNames;

    FinalizeReport(int worldRank, PointToPoint p2p, Communicators comms, InternalCollectives internal) {
        this.worldRank = worldRank;
        this.p2p = p2p;
        this.comms = comms;
        this.internal = internal;
    }

    /** See {@link Engine#collectiveTagNames}. */
    void collectiveTagNames(IntFunction<String> names) {
        collectiveTagNames = names;
    }

    /**
     * Messages still waiting on contexts that no communicator of this rank ever had were sent on a
     * communicator this rank never created (a program error, or a foreign message): says so rather
     * than drop them silently.
     */
    void warnUnknownContexts() {
        Map<String, Integer> unknown = new TreeMap<>();
        p2p.forEachUnexpected((context, source, tag, count, typeCode, sender) -> {
            if (!comms.known(context)) {
                unknown.merge("context " + context + " from rank " + sender, 1, Integer::sum);
            }
        });
        if (!unknown.isEmpty()) {
            System.getLogger(Engine.class.getName()).log(System.Logger.Level.WARNING,
                    "rank " + worldRank + " finalizes with messages on communicators it never had (dropped): " + unknown);
        }
    }

    /**
     * The error to end Finalize with, or null: first the world's members compare their numbers of
     * collective calls ({@link #unequalCollectiveCalls}); if equal, collective messages left unreceived
     * ({@link #leftoverCollectiveMessages}).
     */
    MpiError error(CoreComm world) {
        MpiError e = unequalCollectiveCalls(world);
        return e != null ? e : leftoverCollectiveMessages();
    }

    /**
     * After the barrier, every collective this rank's peers ran has ended on every member, so in a
     * correct program each of their messages was received. One still waiting was sent by a call that
     * the ranks described differently (roots, counts or the order of collectives): an error, not a
     * message dropped in silence.
     */
    private MpiError leftoverCollectiveMessages() {
        IntFunction<String> names = collectiveTagNames;
        if (names == null) {
            return null;
        }
        p2p.progress();
        List<String> left = new ArrayList<>();
        p2p.forEachUnexpected((context, source, tag, count, typeCode, sender) -> {
            if ((context & 1) == 1 && comms.known(context)) {
                String what = names.apply(tag);
                if (what != null && left.size() < 8) {
                    left.add(what + " from rank " + source + " of the communicator of context " + (context & ~1)
                            + " (" + count + " " + BasicType.ofCode(typeCode) + ")");
                }
            }
        });
        if (left.isEmpty()) {
            return null;
        }
        return new MpiError(ErrorClass.ERR_OTHER, "rank " + worldRank + " finalizes with collective messages that"
                + " no call of its own received: " + String.join("; ", left) + ". The ranks called a collective"
                + " with different roots or counts, or called different collectives (-Djmpi.coll.check=true"
                + " finds the call)");
    }

    /**
     * The world's members compare how many collectives each called on the world. In a correct program
     * the numbers are equal; a collective that only some ranks called may otherwise end without any
     * error (a small broadcast whose root returns at once, its data never read), leaving the others
     * with what their buffers held before: wrong answers in silence. One small allgather.
     */
    private MpiError unequalCollectiveCalls(CoreComm world) {
        if (world.size() == 1) {
            return null;
        }
        int[][] all = internal.allgather(world, new int[] {world.collectiveCalls()});
        StringBuilder counts = new StringBuilder();
        boolean equal = true;
        for (int r = 0; r < all.length; r++) {
            equal &= all[r][0] == all[0][0];
            if (r < 16) {
                counts.append(r == 0 ? "" : ", ").append("rank ").append(r).append(": ").append(all[r][0]);
            }
        }
        if (equal) {
            return null;
        }
        return new MpiError(ErrorClass.ERR_OTHER, "the ranks made different numbers of collective calls on"
                + " MPI.COMM_WORLD (" + counts + (all.length > 16 ? ", ..." : "") + "): some collective was not called"
                + " by every rank, an erroneous program whose results may be wrong (-Djmpi.coll.check=true stops at"
                + " the call)");
    }
}
