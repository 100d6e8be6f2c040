package mpi;

import jmpi.coll.Coll;
import jmpi.core.CoreComm;
import jmpi.core.Engine;
import jmpi.core.Envelope;
import jmpi.core.ErrorClass;
import jmpi.core.Message;
import jmpi.core.MpiError;
import jmpi.core.ProbeStatus;
import jmpi.core.RecvRequest;
import jmpi.core.SendMode;
import jmpi.core.SendRequest;
import jmpi.datatype.BasicType;

/**
 * A communicator (Open MPI Java API): point-to-point and the collectives, which this API puts on
 * {@code Comm}. Buffers are arrays whose data starts at index 0 (Open MPI's Java API has no offsets), of
 * the datatype's element type; counts are elements. Errors are {@link MPIException}s with Open MPI's error
 * classes. Ranks and tags follow Open MPI's numbering ({@code MPI.ANY_SOURCE} -1, {@code MPI.PROC_NULL} -2,
 * {@code MPI.ANY_TAG} -1).
 *
 * <p>Threads: any thread of the rank may call (THREAD_MULTIPLE); the communicator is bound once, at Init.
 */
public class Comm {
    private volatile CoreComm core;

    Comm() {
    }

    final void bind(CoreComm c) {
        core = c;
    }

    final CoreComm core() throws MPIException {
        MPI.check();
        CoreComm c = core;
        if (c == null) {
            throw MPIException.of(ErrorClass.ERR_COMM, "the communicator is not bound");
        }
        return c;
    }

    /** MPI_Comm_size. */
    public final int getSize() throws MPIException {
        return core().size();
    }

    /** MPI_Comm_rank. */
    public final int getRank() throws MPIException {
        return core().rank();
    }

    // ------------------------------------------------------------------ point to point

    /** MPI_Send. */
    public final void send(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        blockingSend(buf, count, type, dest, tag, SendMode.STANDARD);
    }

    /** MPI_Ssend: returns once the matching receive has started. */
    public final void sSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        blockingSend(buf, count, type, dest, tag, SendMode.SYNCHRONOUS);
    }

    /** MPI_Rsend: the matching receive must be posted already. */
    public final void rSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        blockingSend(buf, count, type, dest, tag, SendMode.READY);
    }

    private void blockingSend(Object buf, int count, Datatype type, int dest, int tag, SendMode mode)
            throws MPIException {
        try {
            SendRequest r = startSend(buf, count, type, dest, tag, mode);
            r.engine().await(r);
            r.throwIfFailed();
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Recv. */
    public final Status recv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        try {
            RecvRequest r = startRecv(buf, count, type, source, tag);
            r.engine().await(r);
            r.throwIfFailed();
            return Status.of(r);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Sendrecv (the two buffers must be different arrays: {@link #sendRecvReplace} shares one). */
    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
                                 Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        if (sendbuf != null && sendbuf == recvbuf && sendcount > 0 && recvcount > 0) {
            throw MPIException.of(ErrorClass.ERR_BUFFER, "sendRecv: the same array as send and receive buffer (MPI"
                    + " forbids it; sendRecvReplace shares one buffer)");
        }
        try {
            SendRequest s = startSend(sendbuf, sendcount, sendtype, dest, sendtag, SendMode.STANDARD);
            RecvRequest r = startRecv(recvbuf, recvcount, recvtype, source, recvtag);
            r.engine().await(s);
            r.engine().await(r);
            s.throwIfFailed();
            r.throwIfFailed();
            return Status.of(r);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Sendrecv_replace: sends {@code buf}'s elements, then receives into it. */
    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest, int sendtag, int source,
                                        int recvtag) throws MPIException {
        Object array = array("sendRecvReplace buffer", buf, count, type);
        return sendRecv(copyOf(array, count), count, type, dest, sendtag, buf, count, type, source, recvtag);
    }

    /** MPI_Probe: waits for a matching message and says what it is. */
    public final Status probe(int source, int tag) throws MPIException {
        CoreComm c = core();
        try {
            ProbeStatus p = c.engine().probe(c, source(source, c), tag(tag, true));
            return Status.of(p);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Iprobe: what a matching message is, or null when none has arrived. */
    public final Status iProbe(int source, int tag) throws MPIException {
        CoreComm c = core();
        try {
            ProbeStatus p = c.engine().iprobe(c, source(source, c), tag(tag, true));
            return p == null ? null : Status.of(p);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    private SendRequest startSend(Object buf, int count, Datatype type, int dest, int tag, SendMode mode)
            throws MPIException {
        CoreComm c = core();
        Object array = array("send buffer", buf, count, type);
        int to = dest == MPI.PROC_NULL ? Engine.PROC_NULL : rank("destination", dest, c);
        return c.engine().isend(c, Envelope.of(c, to, tag(tag, false)), message(array, count, type), mode);
    }

    private RecvRequest startRecv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        CoreComm c = core();
        Object array = array("receive buffer", buf, count, type);
        return c.engine().irecv(c, Envelope.of(c, source(source, c), tag(tag, true)), message(array, count, type));
    }

    private static Message message(Object array, int count, Datatype type) {
        return new Message(array, 0, count, type.basic(), null);
    }

    /** A source in the engine's numbering. */
    private static int source(int source, CoreComm c) throws MPIException {
        if (source == MPI.ANY_SOURCE) {
            return Engine.ANY_SOURCE;
        }
        if (source == MPI.PROC_NULL) {
            return Engine.PROC_NULL;
        }
        return rank("source", source, c);
    }

    private static int rank(String what, int rank, CoreComm c) throws MPIException {
        int size = c.isInter() ? c.remoteWorldRanks().length : c.size();
        if (rank < 0 || rank >= size) {
            throw MPIException.of(ErrorClass.ERR_RANK, what + " rank " + rank + " is not in 0.." + (size - 1)
                    + " (nor MPI.PROC_NULL" + (what.equals("source") ? " or MPI.ANY_SOURCE)" : ")"));
        }
        return rank;
    }

    /** A tag in the engine's numbering. */
    private static int tag(int tag, boolean receive) throws MPIException {
        if (receive && tag == MPI.ANY_TAG) {
            return Engine.ANY_TAG;
        }
        if (tag < 0) {
            throw MPIException.of(ErrorClass.ERR_TAG, "tag " + tag + " is negative" + (receive ? " (and not MPI.ANY_TAG)"
                    : ""));
        }
        return tag;
    }

    static Object array(String what, Object buf, int count, Datatype type) throws MPIException {
        if (type == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, what + ": the datatype is null");
        }
        return type.array(what, buf, count);
    }

    // ------------------------------------------------------------------ collectives

    /** MPI_Barrier. */
    public final void barrier() throws MPIException {
        CoreComm c = core();
        try {
            Coll.barrier(c);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Bcast of {@code count} elements of {@code buf} from {@code root}. */
    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        CoreComm c = core();
        root(root, c);
        Object array = array("bcast buffer", buf, count, type);
        try {
            Coll.bcast(c, array, 0, count, type.basic(), root);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Reduce into {@code recvbuf} at {@code root} ({@code recvbuf} is not used elsewhere). */
    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root)
            throws MPIException {
        CoreComm c = core();
        root(root, c);
        Object in = array("reduce send buffer", sendbuf, count, type);
        Object out = c.rank() == root ? array("reduce receive buffer", recvbuf, count, type) : null;
        try {
            Coll.reduce(c, in, 0, out, 0, count, type.basic(), combiner(op, type), root);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Reduce in place: {@code buf} is every rank's operand, and the result at {@code root}. */
    public final void reduce(Object buf, int count, Datatype type, Op op, int root) throws MPIException {
        CoreComm c = core();
        root(root, c);
        Object array = array("reduce buffer", buf, count, type);
        try {
            Coll.reduce(c, array, 0, c.rank() == root ? array : null, 0, count, type.basic(), combiner(op, type), root);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Allreduce. */
    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        Object in = array("allReduce send buffer", sendbuf, count, type);
        Object out = array("allReduce receive buffer", recvbuf, count, type);
        try {
            Coll.allreduce(c, in, 0, out, 0, count, type.basic(), combiner(op, type));
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Allreduce in place: {@code buf} is the operand and receives the result. */
    public final void allReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        Object array = array("allReduce buffer", buf, count, type);
        try {
            Coll.allreduce(c, array, 0, array, 0, count, type.basic(), combiner(op, type));
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Gather of {@code sendcount} elements from every rank into {@code recvbuf} at {@code root}, in rank order. */
    public final void gather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                             Datatype recvtype, int root) throws MPIException {
        CoreComm c = core();
        root(root, c);
        Object in = array("gather send buffer", sendbuf, sendcount, sendtype);
        Object out = null;
        if (c.rank() == root) {
            same("gather", sendcount, sendtype, recvcount, recvtype);
            out = array("gather receive buffer", recvbuf, total(recvcount, c.size()), recvtype);
        }
        try {
            Coll.gather(c, in, 0, out, 0, sendcount, sendtype.basic(), root);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Gather in place: the root's own block is already in {@code buf}; the others send {@code buf}. */
    public final void gather(Object buf, int count, Datatype type, int root) throws MPIException {
        CoreComm c = core();
        root(root, c);
        try {
            if (c.rank() == root) {
                Object array = array("gather buffer", buf, total(count, c.size()), type);
                Coll.gather(c, array, root * count, array, 0, count, type.basic(), root);
            } else {
                Coll.gather(c, array("gather buffer", buf, count, type), 0, null, 0, count, type.basic(), root);
            }
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Scatter of {@code sendcount} elements to every rank from {@code sendbuf} at {@code root}. */
    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                              Datatype recvtype, int root) throws MPIException {
        CoreComm c = core();
        root(root, c);
        Object in = null;
        if (c.rank() == root) {
            same("scatter", sendcount, sendtype, recvcount, recvtype);
            in = array("scatter send buffer", sendbuf, total(sendcount, c.size()), sendtype);
        }
        Object out = array("scatter receive buffer", recvbuf, recvcount, recvtype);
        try {
            Coll.scatter(c, in, 0, out, 0, recvcount, recvtype.basic(), root);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Scatter in place: the root keeps its own block in {@code buf}; the others receive into {@code buf}. */
    public final void scatter(Object buf, int count, Datatype type, int root) throws MPIException {
        CoreComm c = core();
        root(root, c);
        try {
            if (c.rank() == root) {
                Object array = array("scatter buffer", buf, total(count, c.size()), type);
                Coll.scatter(c, array, 0, array, root * count, count, type.basic(), root);
            } else {
                Coll.scatter(c, null, 0, array("scatter buffer", buf, count, type), 0, count, type.basic(), root);
            }
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Allgather. */
    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                                Datatype recvtype) throws MPIException {
        CoreComm c = core();
        same("allGather", sendcount, sendtype, recvcount, recvtype);
        Object in = array("allGather send buffer", sendbuf, sendcount, sendtype);
        Object out = array("allGather receive buffer", recvbuf, total(recvcount, c.size()), recvtype);
        try {
            Coll.allgather(c, in, 0, out, 0, sendcount, sendtype.basic());
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Allgather in place: each rank's block is already at its place in {@code buf}. */
    public final void allGather(Object buf, int count, Datatype type) throws MPIException {
        CoreComm c = core();
        Object array = array("allGather buffer", buf, total(count, c.size()), type);
        try {
            Coll.allgather(c, array, c.rank() * count, array, 0, count, type.basic());
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    /** MPI_Alltoall: block j of {@code sendbuf} to rank j, stored as block i of its {@code recvbuf}. */
    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                               Datatype recvtype) throws MPIException {
        CoreComm c = core();
        same("allToAll", sendcount, sendtype, recvcount, recvtype);
        Object in = array("allToAll send buffer", sendbuf, total(sendcount, c.size()), sendtype);
        Object out = array("allToAll receive buffer", recvbuf, total(recvcount, c.size()), recvtype);
        try {
            Coll.alltoall(c, in, 0, out, 0, sendcount, sendtype.basic());
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
    }

    private static jmpi.coll.Combiner combiner(Op op, Datatype type) throws MPIException {
        if (op == null) {
            throw MPIException.of(ErrorClass.ERR_OP, "the operation is null");
        }
        if (type == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, "the datatype is null");
        }
        return op.combiner(type);
    }

    /** With predefined types only, both sides of a gather-like call must name the same type and count. */
    private static void same(String call, int sendcount, Datatype sendtype, int recvcount, Datatype recvtype)
            throws MPIException {
        if (sendtype == null || recvtype == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": a datatype is null");
        }
        if (sendtype != recvtype) {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": send type " + sendtype + " and receive type " + recvtype
                    + " differ");
        }
        if (sendcount != recvcount) {
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": send count " + sendcount + " and receive count "
                    + recvcount + " differ (the same type: the same count)");
        }
    }

    /** The root of a rooted collective: one of the communicator's ranks. */
    private static void root(int root, CoreComm c) throws MPIException {
        if (root < 0 || root >= c.size()) {
            throw MPIException.of(ErrorClass.ERR_ROOT, "root " + root + " is not in 0.." + (c.size() - 1));
        }
    }

    private static int total(int count, int size) throws MPIException {
        long n = (long) count * size;
        if (count < 0 || n > Integer.MAX_VALUE) {
            throw MPIException.of(ErrorClass.ERR_COUNT, "count " + count + " x " + size + " ranks is not a valid"
                    + " number of elements");
        }
        return (int) n;
    }

    private static Object copyOf(Object array, int count) {
        if (array == null) {
            return null;
        }
        Object copy = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), count);
        System.arraycopy(array, 0, copy, 0, count);
        return copy;
    }
}
