package jmpi.core;

import jmpi.datatype.BasicType;

/**
 * The few collectives the engine itself needs, apart from the collectives module: a barrier (also
 * run by MPI_Finalize), the allgather behind {@code Split}, a broadcast, and the context-id
 * agreement behind communicator creation. They use the communicator's collective context, so they
 * never match a program's messages, and the tags {@link CollectiveTags} reserves for them.
 *
 * <h2>Context ids</h2>
 * Each rank keeps a mask of {@value #CONTEXT_SLOTS} free context pairs (slot {@code s} is contexts
 * {@code FIRST_FREE_CONTEXT + 2s} and the next). A new communicator's slot is the lowest bit of the
 * AND of the masks of every member of the parent communicator, computed by recursive doubling (no
 * rank in the middle: log2 p rounds of 8-word messages), so it is free on every member; disjoint
 * communicators made by one {@code Split} may share it. {@code Free} sets the bit again.
 *
 * <p>Threads ({@code THREAD_MULTIPLE}): no lock is held while messages are awaited (a rank's
 * threads may create communicators on different parents at once, in any order relative to the other
 * ranks). An agreement is optimistic: round one ANDs snapshots of the masks and picks the lowest
 * slot; each member then claims that slot if it is still free here (a concurrent agreement of
 * another thread may have claimed it meanwhile) and round two ANDs the claims: all succeeded, or
 * every member gives its claim back and the agreement starts over.
 */
final class InternalCollectives {
    private static final int TAG_CONTEXT_AGREEMENT = CollectiveTags.CONTEXT_AGREEMENT;
    private static final int TAG_ALLGATHER = CollectiveTags.SPLIT_ALLGATHER;
    private static final int TAG_BCAST = CollectiveTags.INTERNAL_BCAST;
    /** COMM_WORLD uses contexts 0/1 and COMM_SELF 2/3. */
    static final int FIRST_FREE_CONTEXT = 4;
    /** How many communicators a rank may have at once (besides the predefined ones). */
    static final int CONTEXT_SLOTS = 4096;
    private static final int WORDS = CONTEXT_SLOTS / 64;

    private final Engine engine;
    /** Free slots: bit set = free (claimed slots are cleared). Guarded by this. */
    private final long[] mask = new long[WORDS];

    InternalCollectives(Engine engine) {
        this.engine = engine;
        java.util.Arrays.fill(mask, -1L);
    }

    /** The slot of a context id made by {@link #newContext}, or -1 for a predefined one. */
    static int slotOf(int context) {
        return context < FIRST_FREE_CONTEXT ? -1 : (context - FIRST_FREE_CONTEXT) / 2;
    }

    /**
     * A fresh context id (and the next one, for collectives) free on every member of the
     * intra-communicator {@code comm}, and taken on this rank. Collective over {@code comm}.
     */
    int newContext(CoreComm comm) {
        return agree(words -> allreduceAnd(comm, words));
    }

    /**
     * The agreement (see the class comment); {@code reduce} turns this rank's words into their AND
     * over every member the new communicator's context must be free on (called twice per attempt,
     * by every member alike). Returns the context id, claimed on this rank.
     */
    int agree(java.util.function.UnaryOperator<long[]> reduce) {
        for (int attempt = 0; ; attempt++) {
            long[] snapshot;
            synchronized (this) {
                snapshot = mask.clone();
            }
            long[] free = reduce.apply(snapshot);
            int slot = lowestSlot(free);
            if (slot < 0) {
                throw new MpiError(ErrorClass.ERR_INTERN, "out of context ids: " + CONTEXT_SLOTS
                        + " communicators exist on some member (free some with Free)");
            }
            boolean claimed;
            synchronized (this) {
                claimed = (mask[slot >>> 6] & (1L << slot)) != 0;
                if (claimed) {
                    mask[slot >>> 6] &= ~(1L << slot);
                }
            }
            long[] votes = reduce.apply(new long[] {claimed ? -1L : 0L});
            if (votes[0] != 0) {
                return FIRST_FREE_CONTEXT + 2 * slot;
            }
            if (claimed) {
                synchronized (this) {
                    mask[slot >>> 6] |= 1L << slot;
                }
            }
            if (attempt > 20) {
                Thread.yield();
            }
        }
    }

    private static int lowestSlot(long[] words) {
        for (int w = 0; w < words.length; w++) {
            if (words[w] != 0) {
                return w * 64 + Long.numberOfTrailingZeros(words[w]);
            }
        }
        return -1;
    }

    /** Makes the context of a freed communicator available again. */
    synchronized void release(int context) {
        int slot = slotOf(context);
        if (slot >= 0) {
            mask[slot >>> 6] |= 1L << slot;
        }
    }

    /** Elementwise AND of every member's {@code words}, known to all (recursive doubling; non-powers of two fold in). */
    long[] allreduceAnd(CoreComm comm, long[] words) {
        int p = comm.size();
        int me = comm.rank();
        long[] acc = words.clone();
        long[] in = new long[acc.length];
        int pof2 = Integer.highestOneBit(p);
        int extra = p - pof2;
        // Ranks pof2.. fold into rank - pof2 first, and get the result back at the end.
        if (me >= pof2) {
            exchange(comm, me - pof2, acc, null, TAG_CONTEXT_AGREEMENT);
            recv(comm, me - pof2, acc, TAG_CONTEXT_AGREEMENT);
            return acc;
        }
        if (me < extra) {
            recv(comm, me + pof2, in, TAG_CONTEXT_AGREEMENT);
            and(acc, in);
        }
        for (int k = 1; k < pof2; k <<= 1) {
            int partner = me ^ k;
            exchange(comm, partner, acc, in, TAG_CONTEXT_AGREEMENT);
            and(acc, in);
        }
        if (me < extra) {
            engine.await(engine.isendCollective(comm, acc, 0, acc.length, BasicType.LONG, me + pof2, TAG_CONTEXT_AGREEMENT));
        }
        return acc;
    }

    private static void and(long[] acc, long[] in) {
        for (int i = 0; i < acc.length; i++) {
            acc[i] &= in[i];
        }
    }

    /** Sends {@code out} to {@code peer} and, when {@code in} is not null, receives the same length from it. */
    private void exchange(CoreComm comm, int peer, long[] out, long[] in, int tag) {
        RecvRequest r = in == null ? null : engine.irecvCollective(comm, in, 0, in.length, BasicType.LONG, peer, tag);
        SendRequest s = engine.isendCollective(comm, out, 0, out.length, BasicType.LONG, peer, tag);
        engine.await(s);
        if (r != null) {
            engine.await(r);
            r.throwIfFailed();
        }
    }

    private void recv(CoreComm comm, int peer, long[] into, int tag) {
        RecvRequest r = engine.irecvCollective(comm, into, 0, into.length, BasicType.LONG, peer, tag);
        engine.await(r);
        r.throwIfFailed();
    }

    /**
     * Every member's {@code mine} (all of one length), in rank order, known to all: a ring of p - 1
     * steps, each passing on the block received in the step before.
     */
    int[][] allgather(CoreComm comm, int[] mine) {
        int p = comm.size();
        int me = comm.rank();
        int[][] all = new int[p][];
        all[me] = mine.clone();
        int right = (me + 1) % p;
        int left = (me - 1 + p) % p;
        for (int step = 0; step < p - 1; step++) {
            int sendBlock = (me - step + p) % p;
            int recvBlock = (me - step - 1 + p) % p;
            all[recvBlock] = new int[mine.length];
            RecvRequest r = engine.irecvCollective(comm, all[recvBlock], 0, mine.length, BasicType.INT, left, TAG_ALLGATHER);
            SendRequest s = engine.isendCollective(comm, all[sendBlock], 0, mine.length, BasicType.INT, right, TAG_ALLGATHER);
            engine.await(s);
            engine.await(r);
            r.throwIfFailed();
        }
        return all;
    }

    /** {@code root}'s {@code buf} to every member (binomial tree). */
    void bcast(CoreComm comm, int root, long[] buf) {
        int p = comm.size();
        int rel = (comm.rank() - root + p) % p;
        int mask = 1;
        while (mask < p) {
            if ((rel & mask) != 0) {
                int src = (rel - mask + root) % p;
                recv(comm, src, buf, TAG_BCAST);
                break;
            }
            mask <<= 1;
        }
        mask >>= 1;
        while (mask > 0) {
            if (rel + mask < p) {
                int dst = (rel + mask + root) % p;
                engine.await(engine.isendCollective(comm, buf, 0, buf.length, BasicType.LONG, dst, TAG_BCAST));
            }
            mask >>= 1;
        }
    }

    /**
     * Blocks until every member of {@code comm} has entered (dissemination: ceil(log2 p) rounds of
     * empty messages, round r to rank + 2^r and from rank - 2^r).
     */
    void barrier(CoreComm comm) {
        int p = comm.size();
        int me = comm.rank();
        for (int round = 0, k = 1; k < p; round++, k <<= 1) {
            RecvRequest r = engine.irecvCollective(comm, null, 0, 0, BasicType.BYTE, (me - k + p) % p, CollectiveTags.barrier(round));
            SendRequest s = engine.isendCollective(comm, null, 0, 0, BasicType.BYTE, (me + k) % p, CollectiveTags.barrier(round));
            engine.await(s);
            engine.await(r);
            r.throwIfFailed();
        }
    }
}
