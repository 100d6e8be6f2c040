package mpi;

import jmpi.coll.Coll;
import jmpi.coll.Collective;
import jmpi.coll.Combiner;
import jmpi.core.CollectiveTags;
import jmpi.core.CoreComm;
import jmpi.core.CoreRequest;
import jmpi.core.Engine;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.core.RecvRequest;
import jmpi.datatype.BasicType;

/**
 * The collectives on an inter-communicator (MPI-2's: data flows between the two groups), on flat arrays: each
 * group works on its local intra-communicator with jmpi's collectives, and the two leaders (local rank 0 of
 * each group) exchange over the inter-communicator's collective context, with a tag that carries the call's
 * number on it. Rooted ones follow MPI: in the root's group the root passes {@code MPI.ROOT} and the others
 * {@code MPI.PROC_NULL}; the other group passes the root's rank in the root's group.
 */
final class InterColl {
    private InterColl() {
    }

    /** One call's context: the inter-communicator, its local group, the call's tag. */
    private record Call(CoreComm inter, CoreComm local, Engine engine, int tag) {
        static Call of(CoreComm inter, Collective k, int root) {
            int call = inter.nextCollectiveCall();
            // No root in the tag: the two groups name the root differently (MPI.ROOT / its rank).
            return new Call(inter, inter.localComm(), inter.engine(), CollectiveTags.call(k.ordinal(), -1, call));
        }

        boolean leader() {
            return local.rank() == 0;
        }

        /** Sends {@code n} elements to remote rank {@code to} and receives {@code m} from remote rank {@code from}. */
        void exchange(Object s, int so, int n, Object r, int ro, int m, BasicType t, int peer) {
            CoreRequest rq = r == null ? null : engine.irecvCollective(inter, r, ro, m, t, peer, tag);
            CoreRequest sq = s == null ? null : engine.isendCollective(inter, s, so, n, t, peer, tag);
            if (sq != null) {
                engine.await(sq);
                sq.throwIfFailed();
            }
            if (rq != null) {
                engine.await(rq);
                rq.throwIfFailed();
                RecvRequest rr = (RecvRequest) rq;
                if (rr.count() != m) {
                    throw new MpiError(ErrorClass.ERR_COUNT, "inter-communicator collective: " + rr.count()
                            + " elements came from the other group where " + m + " were expected");
                }
            }
        }
    }

    /** A rooted call's part for this rank: 1 the root, 0 another rank of the root's group, -1 the other group. */
    static int side(int root, CoreComm inter) throws MPIException {
        if (root == MPI.ROOT) {
            return 1;
        }
        if (root == MPI.PROC_NULL) {
            return 0;
        }
        int remote = inter.remoteWorldRanks().length;
        if (root < 0 || root >= remote) {
            throw MPIException.of(ErrorClass.ERR_ROOT, "root " + root + " of an inter-communicator collective is not"
                    + " MPI.ROOT, MPI.PROC_NULL or a rank of the other group (0.." + (remote - 1) + ")");
        }
        return -1;
    }

    static void barrier(CoreComm inter) {
        Call c = Call.of(inter, Collective.BARRIER, -1);
        Coll.barrier(c.local);
        if (c.leader()) {
            c.exchange(new byte[0], 0, 0, new byte[0], 0, 0, BasicType.BYTE, 0);
        }
        Coll.barrier(c.local);
    }

    static void bcast(CoreComm inter, Flat f, int root) throws MPIException {
        int side = side(root, inter);
        Call c = Call.of(inter, Collective.BCAST, -1);
        if (side == 1) {
            c.exchange(f.array, f.offset, f.elements, null, 0, 0, f.base, 0);
        } else if (side == -1) {
            if (c.leader()) {
                c.exchange(null, 0, 0, f.array, f.offset, f.elements, f.base, root);
            }
            Coll.bcast(c.local, f.array, f.offset, f.elements, f.base, 0);
        }
    }

    /** The other group's reduction at the root (side 1); the other group sends its own (side -1). */
    static void reduce(CoreComm inter, Flat in, Flat out, Combiner op, int root) throws MPIException {
        int side = side(root, inter);
        Call c = Call.of(inter, Collective.REDUCE, -1);
        if (side == 1) {
            c.exchange(null, 0, 0, out.array, out.offset, out.elements, out.base, 0);
        } else if (side == -1) {
            Object part = c.leader() ? alloc(in.base, in.elements) : null;
            Coll.reduce(c.local, in.array, in.offset, part, 0, in.elements, in.base, op, 0);
            if (c.leader()) {
                c.exchange(part, 0, in.elements, null, 0, 0, in.base, root);
            }
        }
    }

    /** Each group gets the other group's reduction. */
    static void allReduce(CoreComm inter, Flat in, Flat out, Combiner op) {
        Call c = Call.of(inter, Collective.ALLREDUCE, -1);
        Object part = c.leader() ? alloc(in.base, in.elements) : null;
        Coll.reduce(c.local, in.array, in.offset, part, 0, in.elements, in.base, op, 0);
        if (c.leader()) {
            c.exchange(part, 0, in.elements, out.array, out.offset, out.elements, in.base, 0);
        }
        Coll.bcast(c.local, out.array, out.offset, out.elements, out.base, 0);
    }

    /** Each group gets the other group's blocks, in its rank order. */
    static void allGather(CoreComm inter, Flat in, Flat out, int per) {
        Call c = Call.of(inter, Collective.ALLGATHER, -1);
        int mine = c.local.size();
        Object part = c.leader() ? alloc(in.base, per * mine) : null;
        Coll.gather(c.local, in.array, in.offset, part, 0, per, in.base, 0);
        if (c.leader()) {
            c.exchange(part, 0, per * mine, out.array, out.offset, out.elements, in.base, 0);
        }
        Coll.bcast(c.local, out.array, out.offset, out.elements, out.base, 0);
    }

    /** The other group's blocks at the root (side 1), in their rank order. */
    static void gather(CoreComm inter, Flat in, Flat out, int root) throws MPIException {
        int side = side(root, inter);
        Call c = Call.of(inter, Collective.GATHER, -1);
        if (side == 1) {
            c.exchange(null, 0, 0, out.array, out.offset, out.elements, out.base, 0);
        } else if (side == -1) {
            int mine = c.local.size();
            Object part = c.leader() ? alloc(in.base, in.elements * mine) : null;
            Coll.gather(c.local, in.array, in.offset, part, 0, in.elements, in.base, 0);
            if (c.leader()) {
                c.exchange(part, 0, in.elements * mine, null, 0, 0, in.base, root);
            }
        }
    }

    /** The root's blocks (side 1), one to each rank of the other group. */
    static void scatter(CoreComm inter, Flat in, Flat out, int root) throws MPIException {
        int side = side(root, inter);
        Call c = Call.of(inter, Collective.SCATTER, -1);
        if (side == 1) {
            c.exchange(in.array, in.offset, in.elements, null, 0, 0, in.base, 0);
        } else if (side == -1) {
            int mine = c.local.size();
            Object part = c.leader() ? alloc(out.base, out.elements * mine) : null;
            if (c.leader()) {
                c.exchange(null, 0, 0, part, 0, out.elements * mine, out.base, root);
            }
            Coll.scatter(c.local, part, 0, out.array, out.offset, out.elements, out.base, 0);
        }
    }

    /** Block j of each rank to rank j of the other group. */
    static void allToAll(CoreComm inter, Flat in, Flat out, int per) {
        Call c = Call.of(inter, Collective.ALLTOALL, -1);
        int remote = inter.remoteWorldRanks().length;
        CoreRequest[] reqs = new CoreRequest[2 * remote];
        for (int j = 0; j < remote; j++) {
            reqs[j] = c.engine.irecvCollective(inter, out.array, out.offset + j * per, per, out.base, j, c.tag);
        }
        for (int j = 0; j < remote; j++) {
            reqs[remote + j] = c.engine.isendCollective(inter, in.array, in.offset + j * per, per, in.base, j, c.tag);
        }
        for (CoreRequest q : reqs) {
            c.engine.await(q);
            q.throwIfFailed();
        }
    }

    private static Object alloc(BasicType t, int n) {
        return java.lang.reflect.Array.newInstance(t.arrayClass().getComponentType(), n);
    }
}
