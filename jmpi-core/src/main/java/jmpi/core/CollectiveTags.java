package jmpi.core;

import java.util.List;
import java.util.function.IntFunction;

/**
 * Every tag used on a communicator's collective context, in one table (as Open MPI's
 * {@code coll_tags.h}): the engine's own collectives ({@link InternalCollectives}, the inter-communicator
 * leaders' exchange in {@link Communicators}), the collective layer's fixed tags (node discovery, the
 * shared-memory board's join) and the range of tags the collective layer encodes per call. The ranges
 * are disjoint ({@link #ranges}, checked by {@code CollectiveTagsTest}), so a message of one user of the
 * collective context never matches a receive of another. A program's messages never meet these tags:
 * they travel on the communicator's point-to-point context.
 *
 * <p>A collective call's tag ({@link #call}) is {@code CALL_FIRST + (call mod 2^14) << 16 | ((root + 1)
 * mod 2^10) << 6 | collective}: the collective's index (below {@value #COLLECTIVES}), the root (0 bits
 * set: no root) and the call's number on the communicator. The call's number keeps a message of an
 * earlier call that went unreceived (the ranks named different roots, say) from being taken by a later
 * one; the root keeps a rank from taking, within one call, data sent under another root.
 *
 * <p>Constants and pure functions only: safe from any thread.
 */
public final class CollectiveTags {
    /** The context-id agreement behind communicator creation ({@link InternalCollectives}). */
    public static final int CONTEXT_AGREEMENT = 1;
    /** The allgather behind {@code Split} ({@link InternalCollectives}). */
    public static final int SPLIT_ALLGATHER = 2;
    /** The engine's own broadcast ({@link InternalCollectives}). */
    public static final int INTERNAL_BCAST = 3;
    /** The leaders' exchange across an inter-communicator's collective context ({@link Communicators}). */
    public static final int INTERCOMM_LEADERS = 5;
    /** The engine's barrier: round r uses {@code BARRIER_FIRST + r}, r below {@link #BARRIER_ROUNDS}. */
    public static final int BARRIER_FIRST = 64;
    /** How many rounds the engine's barrier may use (a dissemination barrier over p ranks: ceil(log2 p)). */
    public static final int BARRIER_ROUNDS = 64;
    /** The collective layer's exchange that finds a communicator's nodes (jmpi-coll's {@code CommInfo}). */
    public static final int NODE_DISCOVERY = 998;
    /** The joining messages of the collective layer's shared-memory board (jmpi-coll's {@code Board}). */
    public static final int BOARD_JOIN = 999;
    /** The first tag of the collective layer's per-call range ({@link #call}). */
    public static final int CALL_FIRST = 1000;
    /** How many collectives the per-call encoding can tell apart (6 bits). */
    public static final int COLLECTIVES = 64;
    private static final int ROOT_MASK = 0x3FF;
    private static final int CALL_MASK = 0x3FFF;
    /** The last tag of the per-call range. */
    public static final int CALL_LAST = CALL_FIRST + (CALL_MASK << 16 | ROOT_MASK << 6 | (COLLECTIVES - 1));

    /** One reserved range of tags, {@code first..last} inclusive, and who uses it. */
    public record Range(String owner, int first, int last) {
        public boolean contains(int tag) {
            return tag >= first && tag <= last;
        }
    }

    private static final List<Range> RANGES = List.of(
            new Range("context agreement", CONTEXT_AGREEMENT, CONTEXT_AGREEMENT),
            new Range("split allgather", SPLIT_ALLGATHER, SPLIT_ALLGATHER),
            new Range("engine bcast", INTERNAL_BCAST, INTERNAL_BCAST),
            new Range("intercomm leaders", INTERCOMM_LEADERS, INTERCOMM_LEADERS),
            new Range("engine barrier", BARRIER_FIRST, BARRIER_FIRST + BARRIER_ROUNDS - 1),
            new Range("node discovery", NODE_DISCOVERY, NODE_DISCOVERY),
            new Range("board join", BOARD_JOIN, BOARD_JOIN),
            new Range("collective call", CALL_FIRST, CALL_LAST));

    private CollectiveTags() {
    }

    /** Every reserved range, in increasing order of tags. */
    public static List<Range> ranges() {
        return RANGES;
    }

    /** The engine barrier's tag of round {@code round}; a round past {@link #BARRIER_ROUNDS} is an internal error. */
    public static int barrier(int round) {
        if (round < 0 || round >= BARRIER_ROUNDS) {
            throw new IllegalStateException("engine barrier round " + round + " outside [0, " + BARRIER_ROUNDS + ")");
        }
        return BARRIER_FIRST + round;
    }

    /**
     * The tag of one collective call: collective {@code collective} (below {@link #COLLECTIVES}), {@code root}
     * (-1: none) and the call's number on the communicator (see the class comment).
     */
    public static int call(int collective, int root, int call) {
        return CALL_FIRST + ((call & CALL_MASK) << 16 | ((root + 1) & ROOT_MASK) << 6 | collective);
    }

    /**
     * "bcast call 3 (root 0)" for a tag of {@link #call} whose collective {@code names} knows (it returns
     * null for an index it does not use), or null for any other tag. Finalize names leftover collective
     * messages with it ({@link Engine#collectiveTagNames}).
     */
    public static String describe(int tag, IntFunction<String> names) {
        if (tag < CALL_FIRST || tag > CALL_LAST) {
            return null;
        }
        int t = tag - CALL_FIRST;
        String name = names.apply(t & (COLLECTIVES - 1));
        if (name == null) {
            return null;
        }
        int root = ((t >>> 6) & ROOT_MASK) - 1;
        return name + " call " + (t >>> 16) + (root >= 0 ? " (root " + root + ")" : "");
    }

    /** Who uses {@code tag} on the collective context ("engine barrier"), or null when no range holds it. */
    public static String owner(int tag) {
        for (Range r : RANGES) {
            if (r.contains(tag)) {
                return r.owner();
            }
        }
        return null;
    }
}
