package jmpi.core;

import jmpi.datatype.BasicType;

/**
 * The few collectives the engine itself needs before the collectives module exists: a barrier
 * (also run by MPI_Finalize) and the context-id agreement behind communicator creation. They use
 * the communicator's collective context, so they never match a program's messages, and reserved
 * tags.
 *
 * <p>Threads: {@link #newContext} serializes concurrent creations within a rank (a limitation until
 * context ids are agreed by bit masks); {@link #barrier} may run on several communicators at once.
 */
final class InternalCollectives {
    private static final int TAG_CONTEXT_AGREEMENT = 1;
    /** Barrier round r uses tag TAG_BARRIER + r on the collective context. */
    private static final int TAG_BARRIER = 64;
    /** COMM_WORLD uses contexts 0/1 and COMM_SELF 2/3. */
    private static final int FIRST_FREE_CONTEXT = 4;

    private final Engine engine;
    private final Object contextLock = new Object();
    private int nextContext = FIRST_FREE_CONTEXT;

    InternalCollectives(Engine engine) {
        this.engine = engine;
    }

    /** A fresh context id (and the next one, for collectives) agreed by every member of {@code comm}. */
    int newContext(CoreComm comm) {
        synchronized (contextLock) {
            int agreed = agreeMax(comm, nextContext);
            if (agreed > jmpi.spi.Frame.MAX_CONTEXT - 2) {
                throw new MpiError(ErrorClass.ERR_INTERN, "out of context ids: " + (agreed / 2)
                        + " communicators were created on this rank's communicators");
            }
            nextContext = agreed + 2;
            return agreed;
        }
    }

    /** The maximum of every member's {@code value}, known to all (gather to rank 0, then send back). */
    private int agreeMax(CoreComm comm, int value) {
        int[] box = {value};
        if (comm.rank() == 0) {
            int max = value;
            int[] in = new int[1];
            for (int peer = 1; peer < comm.size(); peer++) {
                RecvRequest r = engine.irecvCollective(comm, in, 0, 1, BasicType.INT, peer, TAG_CONTEXT_AGREEMENT);
                engine.await(r);
                r.throwIfFailed();
                max = Math.max(max, in[0]);
            }
            box[0] = max;
            SendRequest[] sends = new SendRequest[comm.size()];
            for (int peer = 1; peer < comm.size(); peer++) {
                sends[peer] = engine.isendCollective(comm, box, 0, 1, BasicType.INT, peer, TAG_CONTEXT_AGREEMENT);
            }
            engine.awaitAll(sends);
            return max;
        }
        engine.await(engine.isendCollective(comm, box, 0, 1, BasicType.INT, 0, TAG_CONTEXT_AGREEMENT));
        RecvRequest r = engine.irecvCollective(comm, box, 0, 1, BasicType.INT, 0, TAG_CONTEXT_AGREEMENT);
        engine.await(r);
        r.throwIfFailed();
        return box[0];
    }

    /**
     * Blocks until every member of {@code comm} has entered (dissemination: ceil(log2 p) rounds of
     * empty messages, round r to rank + 2^r and from rank - 2^r).
     */
    void barrier(CoreComm comm) {
        int p = comm.size();
        int me = comm.rank();
        for (int round = 0, k = 1; k < p; round++, k <<= 1) {
            RecvRequest r = engine.irecvCollective(comm, null, 0, 0, BasicType.BYTE, (me - k + p) % p, TAG_BARRIER + round);
            SendRequest s = engine.isendCollective(comm, null, 0, 0, BasicType.BYTE, (me + k) % p, TAG_BARRIER + round);
            engine.await(s);
            engine.await(r);
            r.throwIfFailed();
        }
    }
}
