package jmpi.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

import jmpi.datatype.BasicType;

/**
 * Communicator creation and release for one rank: {@code Dup}, {@code Split}, {@code Create},
 * {@code Create_intercomm}, {@code Merge}, {@code Free}. Context ids come from
 * {@link InternalCollectives#agree} (bit masks ANDed over the members, no central rank); this class
 * keeps the rank's live communicators by context, which the engine consults to check incoming
 * messages.
 *
 * <p>An inter-communicator carries, besides its own context pair (traffic between the groups), a
 * private duplicate of the local group's communicator for the local steps of {@code Merge}: traffic
 * inside one group must not share a context with traffic from the other group, whose ranks have the
 * same numbers.
 */
final class Communicators {
    private final Engine engine;
    private final InternalCollectives internal;
    private final ConcurrentHashMap<Integer, CoreComm> byContext = new ConcurrentHashMap<>();

    Communicators(Engine engine, InternalCollectives internal) {
        this.engine = engine;
        this.internal = internal;
    }

    void register(CoreComm c) {
        byContext.put(c.context(), c);
        engine.opened(c);
    }

    /**
     * The last answer of {@link #byContext} with the {@link #frees} count it was found at: a run of messages on one
     * communicator (an unexpected backlog) costs no map lookup each. Immutable, published by one reference write.
     */
    private volatile Found last;
    /** Bumped by every {@link #free} once it has forgotten the communicator: an older {@link #last} no longer counts. */
    private final java.util.concurrent.atomic.AtomicInteger frees = new java.util.concurrent.atomic.AtomicInteger();

    private record Found(CoreComm comm, int frees) {
    }

    /** The live communicator whose point-to-point or collective context is {@code context}, or null. */
    CoreComm byContext(int context) {
        int key = context & ~1;
        int f = frees.get(); // read before the map: a free after this makes the answer stale, and the next call sees it
        Found l = last;
        if (l != null && l.frees == f && l.comm.context() == key) {
            return l.comm;
        }
        CoreComm c = byContext.get(key);
        if (c != null) {
            last = new Found(c, f);
        }
        return c;
    }

    boolean known(int context) {
        return byContext.containsKey(context & ~1);
    }

    CoreComm dup(CoreComm comm) {
        if (comm.isInter()) {
            CoreComm local = dup(comm.localComm());
            int ctx = agreeAcross(comm);
            CoreComm c = new CoreComm(engine, ctx, comm.rank(), comm.worldRanks(), comm.remoteWorldRanks(), local);
            register(c);
            return c;
        }
        CoreComm c = new CoreComm(engine, internal.newContext(comm), comm.rank(), comm.worldRanks());
        register(c);
        return c;
    }

    /**
     * MPI_Comm_split: members with equal {@code color} form a communicator, ranked by {@code key}
     * then by rank in {@code comm}; {@code undefined} as color gives null. Collective over {@code comm}.
     */
    CoreComm split(CoreComm comm, int color, int key, int undefined) {
        int[][] all = internal.allgather(comm, new int[] {color, key});
        int ctx = internal.newContext(comm);
        if (color == undefined) {
            internal.release(ctx);
            return null;
        }
        List<Integer> members = new ArrayList<>();
        for (int r = 0; r < all.length; r++) {
            if (all[r][0] == color) {
                members.add(r);
            }
        }
        members.sort(Comparator.<Integer>comparingInt(r -> all[r][1]).thenComparingInt(r -> r));
        int[] world = new int[members.size()];
        int me = -1;
        for (int i = 0; i < world.length; i++) {
            world[i] = comm.localWorldRank(members.get(i));
            if (members.get(i) == comm.rank()) {
                me = i;
            }
        }
        CoreComm c = new CoreComm(engine, ctx, me, world);
        register(c);
        return c;
    }

    /**
     * MPI_Comm_create: a communicator of the members {@code group} (world ranks, in the new rank
     * order; a subset of {@code comm}'s group, the same on every member); null on ranks outside it.
     */
    CoreComm create(CoreComm comm, int[] group) {
        int ctx = internal.newContext(comm);
        int me = indexOf(group, engine.worldRank());
        if (me < 0) {
            internal.release(ctx);
            return null;
        }
        CoreComm c = new CoreComm(engine, ctx, me, group.clone());
        register(c);
        return c;
    }

    /**
     * MPI_Comm_create_group: a communicator of {@code group} (world ranks, new rank order), agreed by the
     * group's members only (collective over the group, not over {@code comm}); null for a rank outside it.
     * The members agree on the context over {@code comm}'s collective context, as a communicator of the group's
     * ranks (the agreement's own tag): concurrent calls on one {@code comm} by several threads with overlapping
     * groups are not supported.
     */
    CoreComm createGroup(CoreComm comm, int[] group) {
        int me = indexOf(group, engine.worldRank());
        if (me < 0) {
            return null;
        }
        CoreComm members = new CoreComm(engine, comm.context(), me, group.clone());
        int ctx = internal.newContext(members);
        CoreComm c = new CoreComm(engine, ctx, me, group.clone());
        register(c);
        return c;
    }

    /**
     * MPI_Intercomm_create. The leaders exchange their groups over {@code peer} with {@code tag};
     * each leader tells its group. Collective over both groups.
     */
    CoreComm createIntercomm(CoreComm local, int localLeader, CoreComm peer, int remoteLeader, int tag) {
        boolean leader = local.rank() == localLeader;
        long[] remote;
        if (leader) {
            long[] mine = toLongs(local.worldRanks());
            long[] size = {mine.length};
            long[] theirSize = new long[1];
            exchange(peer, remoteLeader, tag, size, theirSize);
            remote = new long[(int) theirSize[0]];
            exchange(peer, remoteLeader, tag, mine, remote);
            long[] header = {remote.length};
            internal.bcast(local, localLeader, header);
            internal.bcast(local, localLeader, remote);
        } else {
            long[] header = new long[1];
            internal.bcast(local, localLeader, header);
            remote = new long[(int) header[0]];
            internal.bcast(local, localLeader, remote);
        }
        int[] remoteRanks = toInts(remote);
        for (int w : remoteRanks) {
            if (indexOf(local.worldRanks(), w) >= 0) {
                throw new MpiError(ErrorClass.ERR_COMM, "the local and remote groups of an inter-communicator overlap"
                        + " (world rank " + w + " is in both)");
            }
        }
        CoreComm localCopy = dup(local);
        int ctx = internal.agree(words -> {
            long[] and = internal.allreduceAnd(localCopy, words);
            if (leader) {
                long[] theirs = new long[and.length];
                exchange(peer, remoteLeader, tag, and, theirs);
                for (int i = 0; i < and.length; i++) {
                    and[i] &= theirs[i];
                }
            }
            internal.bcast(localCopy, localLeader, and);
            return and;
        });
        CoreComm c = new CoreComm(engine, ctx, local.rank(), local.worldRanks(), remoteRanks, localCopy);
        register(c);
        return c;
    }

    /**
     * MPI_Intercomm_merge: an intra-communicator of both groups, the group that passed
     * {@code high = false} first (when both pass the same, the group of the lower leader world rank).
     */
    CoreComm merge(CoreComm inter, boolean high) {
        CoreComm local = inter.localComm();
        boolean leader = local.rank() == 0;
        long[] flags = {high ? 1 : 0, local.localWorldRank(0)};
        if (leader) {
            long[] theirs = new long[2];
            exchangeAcross(inter, flags, theirs);
            boolean lowFirst = flags[0] != theirs[0] ? flags[0] == 0 : flags[1] < theirs[1];
            flags = new long[] {lowFirst ? 1 : 0};
        } else {
            flags = new long[1];
        }
        internal.bcast(local, 0, flags);
        boolean localFirst = flags[0] == 1;
        int[] mine = inter.worldRanks();
        int[] theirs = inter.remoteWorldRanks();
        int[] world = new int[mine.length + theirs.length];
        int[] first = localFirst ? mine : theirs;
        int[] second = localFirst ? theirs : mine;
        System.arraycopy(first, 0, world, 0, first.length);
        System.arraycopy(second, 0, world, first.length, second.length);
        int ctx = agreeAcross(inter);
        CoreComm c = new CoreComm(engine, ctx, indexOf(world, engine.worldRank()), world);
        register(c);
        return c;
    }

    /** A context free on every member of both groups of {@code inter}. */
    private int agreeAcross(CoreComm inter) {
        CoreComm local = inter.localComm();
        boolean leader = local.rank() == 0;
        return internal.agree(words -> {
            long[] and = internal.allreduceAnd(local, words);
            if (leader) {
                long[] theirs = new long[and.length];
                exchangeAcross(inter, and, theirs);
                for (int i = 0; i < and.length; i++) {
                    and[i] &= theirs[i];
                }
            }
            internal.bcast(local, 0, and);
            return and;
        });
    }

    /** MPI_Comm_free: forgets {@code comm} and makes its context available again. */
    void free(CoreComm comm) {
        engine.closed(comm);
        byContext.remove(comm.context());
        frees.incrementAndGet(); // after the removal: a lookup that still found comm stored an older count
        internal.release(comm.context());
        if (comm.isInter()) {
            free(comm.localComm());
        }
    }

    /** Leader to leader over an inter-communicator's collective context (rank 0 of each group). */
    private void exchangeAcross(CoreComm inter, long[] out, long[] in) {
        RecvRequest r = engine.irecvCollective(inter, in, 0, in.length, BasicType.LONG, 0, TAG_LEADERS);
        SendRequest s = engine.isendCollective(inter, out, 0, out.length, BasicType.LONG, 0, TAG_LEADERS);
        engine.await(s);
        engine.await(r);
        r.throwIfFailed();
    }

    private void exchange(CoreComm peer, int other, int tag, long[] out, long[] in) {
        RecvRequest r = engine.irecv(peer, Envelope.of(peer, other, tag), Message.of(in, 0, in.length, BasicType.LONG));
        SendRequest s = engine.isend(peer, Envelope.of(peer, other, tag), Message.of(out, 0, out.length, BasicType.LONG),
                SendMode.STANDARD);
        engine.await(s);
        engine.await(r);
        r.throwIfFailed();
    }

    private static final int TAG_LEADERS = CollectiveTags.INTERCOMM_LEADERS;

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }

    private static long[] toLongs(int[] a) {
        return Arrays.stream(a).asLongStream().toArray();
    }

    private static int[] toInts(long[] a) {
        return Arrays.stream(a).mapToInt(x -> (int) x).toArray();
    }
}
