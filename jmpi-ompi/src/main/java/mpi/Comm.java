package mpi;

import java.nio.Buffer;
import java.util.Arrays;

import jmpi.coll.Coll;
import jmpi.coll.Combiner;
import jmpi.core.CoreComm;
import jmpi.core.Engine;
import jmpi.core.Envelope;
import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.core.ProbeStatus;
import jmpi.core.RecvRequest;
import jmpi.core.SendMode;
import jmpi.core.SendRequest;
import jmpi.datatype.BasicType;
import jmpi.datatype.DatatypeException;
import jmpi.datatype.PackPlan;
import jmpi.spi.JobAbortedError;

/**
 * A communicator (Open MPI Java API): point-to-point, and the collectives, which this API puts on
 * {@code Comm}. Buffers are arrays of the datatype's base type (data from index 0) or {@code java.nio}
 * buffers (data from the buffer's start; direct buffers required by the non-blocking calls, as in Open MPI);
 * counts are items of the datatype. Ranks and tags follow Open MPI's numbering ({@code MPI.ANY_SOURCE} -1,
 * {@code MPI.PROC_NULL} -2, {@code MPI.ANY_TAG} -1).
 *
 * <p>Errors go through the communicator's error handler: with {@code MPI.ERRORS_ARE_FATAL} (the default) or
 * {@code MPI.ERRORS_ABORT} an error ends the job naming the rank; with {@code MPI.ERRORS_RETURN} it is thrown
 * as an {@link MPIException} with Open MPI's error class.
 *
 * <p>Threads: any thread of the rank may call (THREAD_MULTIPLE).
 */
public class Comm implements Freeable, Cloneable {
    /** {@link Intracomm#splitType}'s split type: ranks that share memory (MPI_COMM_TYPE_SHARED). */
    public static final int TYPE_SHARED = 0;

    private volatile CoreComm core;
    private volatile Errhandler errhandler = MPI.ERRORS_ARE_FATAL;
    private volatile String name;
    private volatile Info info;
    final Attributes attributes = new Attributes();
    /** The topology (Cart, graph, distributed graph), or null. */
    Topology topology;
    /** The request of {@link #iDup} (complete at once), else null. */
    private Request request;

    Comm() {
        this.name = "MPI_COMM_NULL";
    }

    Comm(CoreComm core, String name) {
        this.core = core;
        this.name = name;
    }

    final void bind(CoreComm c, String name) {
        core = c;
        this.name = name;
    }

    final CoreComm core() throws MPIException {
        MPI.check();
        CoreComm c = core;
        if (c == null) {
            throw raise(MPIException.of(ErrorClass.ERR_COMM, name + (name.equals("MPI_COMM_NULL") ? " is the null"
                    + " communicator" : " has been freed")));
        }
        return c;
    }

    /**
     * Applies the error handler to {@code e}: returns it to be thrown (ERRORS_RETURN, and errors the Java layer
     * finds before MPI runs), or ends the job (ERRORS_ARE_FATAL, ERRORS_ABORT).
     */
    final MPIException raise(MPIException e) {
        if (e.getErrorClass() == 0 || errhandler == MPI.ERRORS_RETURN || e.getCause() instanceof JobAbortedError) {
            return e;
        }
        Engine engine = MPI.engineOrNull();
        String why = "MPI error on " + name + " with " + errhandler + ": " + e.getMessage();
        if (engine != null) {
            engine.job().fail(engine.worldRank(), e.getErrorClass(), why, e);
        }
        throw new JobAbortedError(why, e);
    }

    final MPIException raise(MpiError e) {
        return raise(MPIException.of(e));
    }

    /** The engine's failures as MPIExceptions through the handler. */
    final MPIException raise(RuntimeException e) {
        if (e instanceof MpiError m) {
            return raise(m);
        }
        if (e instanceof DatatypeException d) {
            return raise(MPIException.of(Datatype.error(d)));
        }
        throw e;
    }

    /** A call's body; its errors go through the communicator's error handler ({@link #call}). */
    @FunctionalInterface
    interface Body<T> {
        T run() throws MPIException;
    }

    /** A call's body without a result. */
    @FunctionalInterface
    interface VoidBody {
        void run() throws MPIException;
    }

    /** Runs {@code body}, passing its MPI errors (and the engine's) through {@link #raise}. */
    final <T> T call(Body<T> body) throws MPIException {
        try {
            return body.run();
        } catch (MPIException e) {
            throw raise(e);
        } catch (RuntimeException e) {
            throw raise(e);
        }
    }

    /** {@link #call} without a result. */
    final void run(VoidBody body) throws MPIException {
        call(() -> {
            body.run();
            return null;
        });
    }

    // ------------------------------------------------------------------ management

    /** MPI_Comm_dup as a RuntimeException on error (Open MPI's clone). */
    @Override
    public Comm clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new RuntimeException(e.getMessage(), e);
        }
    }

    /** MPI_Comm_dup: same group, new context, the attributes, topology and error handler copied. Collective. */
    public Comm dup() throws MPIException {
        return inherit(new Comm(dupCore(), name + ".dup"));
    }

    final CoreComm dupCore() throws MPIException {
        CoreComm c = core();
        return call(() -> {
            return c.engine().dup(c);
        });
    }

    /** MPI_Comm_idup: the duplicate at once (jmpi completes it during the call); {@link #getRequest} is done. */
    public Comm iDup() throws MPIException {
        Comm c = dup();
        c.request = Request.done();
        return c;
    }

    /** MPI_Comm_dup_with_info. */
    public Comm dupWithInfo(Info info) throws MPIException {
        Comm c = dup();
        c.info = info == null ? null : info.dup();
        return c;
    }

    /** Copies this communicator's handler, attributes and topology to {@code c}, made from it. */
    final <C extends Comm> C inherit(C c) {
        Comm d = c;
        d.errhandler = errhandler;
        attributes.copyTo(d.attributes);
        d.topology = topology;
        d.info = info;
        return c;
    }

    /** The request of a communicator made by {@link #iDup}, else null. */
    public final Request getRequest() {
        return request;
    }

    /** MPI_Comm_size (of the local group). */
    public final int getSize() throws MPIException {
        return core().size();
    }

    /** MPI_Comm_rank. */
    public final int getRank() throws MPIException {
        return core().rank();
    }

    /** MPI_Comm_compare: MPI.IDENT, CONGRUENT, SIMILAR or UNEQUAL. */
    public static int compare(Comm comm1, Comm comm2) throws MPIException {
        if (comm1 == null || comm2 == null) {
            throw MPIException.of(ErrorClass.ERR_COMM, "compare: a communicator is null");
        }
        CoreComm a = comm1.core();
        CoreComm b = comm2.core();
        if (a == b) {
            return MPI.IDENT;
        }
        if (a.sameMembersAs(b)) {
            return MPI.CONGRUENT;
        }
        int[] x = a.worldRanks();
        int[] y = b.worldRanks();
        Arrays.sort(x);
        Arrays.sort(y);
        return Arrays.equals(x, y) ? MPI.SIMILAR : MPI.UNEQUAL;
    }

    /** MPI_Comm_free: the communicator becomes null. The predefined ones cannot be freed. */
    @Override
    public final void free() throws MPIException {
        CoreComm c = core();
        if (this == MPI.COMM_WORLD || this == MPI.COMM_SELF) {
            throw raise(MPIException.of(ErrorClass.ERR_COMM, "cannot free " + name));
        }
        core = null;
        run(() -> {
            c.engine().free(c);
        });
    }

    /** True for a freed communicator (and the null one). */
    public final boolean isNull() {
        return core == null;
    }

    /** MPI_Comm_set_info. */
    public final void setInfo(Info info) throws MPIException {
        core();
        this.info = info == null ? null : info.dup();
    }

    /** MPI_Comm_get_info: a copy of the hints set (empty if none). */
    public final Info getInfo() throws MPIException {
        core();
        Info i = info;
        return i == null ? new Info() : i.dup();
    }

    /** MPI_Comm_disconnect: waits for pending communication (jmpi's is complete), then frees. */
    public final void disconnect() throws MPIException {
        free();
    }

    /** MPI_Comm_group: the (local) group. */
    public final Group getGroup() throws MPIException {
        CoreComm c = core();
        return new Group(c.worldRanks(), c.engine().worldRank());
    }

    /** MPI_Comm_test_inter. */
    public final boolean isInter() throws MPIException {
        return core().isInter();
    }

    /**
     * MPI_Intercomm_create, called on the peer communicator: an inter-communicator between the group of
     * {@code localComm} and the group whose leader is {@code remoteLeader} in this communicator. Collective
     * over both groups; the leaders talk over this communicator with {@code tag}.
     */
    public final Intercomm createIntercomm(Comm localComm, int localLeader, int remoteLeader, int tag)
            throws MPIException {
        if (localComm == null) {
            throw raise(MPIException.of(ErrorClass.ERR_COMM, "createIntercomm: the local communicator is null"));
        }
        CoreComm local = localComm.core();
        if (local.isInter()) {
            throw raise(MPIException.of(ErrorClass.ERR_COMM, "createIntercomm: the local communicator must be an"
                    + " intra-communicator"));
        }
        rank("local leader", localLeader, local.size());
        CoreComm peer = local.rank() == localLeader ? core() : null;
        if (peer != null) {
            rank("remote leader", remoteLeader, peer.peers());
            tag(tag, false);
        }
        return call(() -> inherit(new Intercomm(local.engine().createIntercomm(local, localLeader, peer, remoteLeader,
                tag), name + ".inter")));
    }

    /** MPI_Comm_set_name. */
    public final void setName(String name) throws MPIException {
        core();
        if (name == null) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "setName: the name is null"));
        }
        this.name = name;
    }

    /** MPI_Comm_get_name ("MPI_COMM_WORLD", "MPI_COMM_SELF", or what {@link #setName} set). */
    public final String getName() throws MPIException {
        core();
        return name;
    }

    // ------------------------------------------------------------------ JFR events (jmpi.core.jfr)

    /** Commits a point-to-point call's event: {@code peer} is a rank of this communicator (or a wildcard / PROC_NULL). */
    final void p2pEvent(jmpi.core.jfr.PointToPointEvent ev, String call, int peer, int tag, long bytes)
            throws MPIException {
        CoreComm c = core();
        ev.finish(c.engine().worldRank(), call, name, c.context(), peer, peer >= 0 ? c.worldRank(peer) : -1, tag, bytes);
    }

    /** Bytes of {@code count} items of {@code type}. */
    static long bytesOf(int count, Datatype type) throws MPIException {
        return (long) count * type.elementsPerItem() * type.base().size();
    }

    /** Bytes a completed receive received. */
    static long received(RecvRequest r) {
        return (long) r.count() * r.type().size();
    }

    // ------------------------------------------------------------------ point to point

    /** MPI_Send. */
    public final void send(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        blockingSend(buf, count, type, dest, tag, SendMode.STANDARD);
    }

    /** MPI_Bsend: buffered in the space given to {@link MPI#attachBuffer}. */
    public final void bSend(Object buf, int count, Datatype type, int dest, int tag) throws MPIException {
        blockingSend(buf, count, type, dest, tag, SendMode.BUFFERED);
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
        jmpi.core.jfr.PointToPointEvent ev = jmpi.core.jfr.PointToPointEvent.start(); // JFR: null when disabled
        run(() -> {
            SendRequest r = startSend("send buffer", buf, count, type, dest, tag, mode);
            r.engine().await(r);
            r.throwIfFailed();
            if (ev != null) {
                p2pEvent(ev, switch (mode) {
                    case STANDARD -> "send";
                    case BUFFERED -> "bSend";
                    case SYNCHRONOUS -> "sSend";
                    case READY -> "rSend";
                }, dest, tag, bytesOf(count, type));
            }
        });
    }

    /** MPI_Recv. */
    public final Status recv(Object buf, int count, Datatype type, int source, int tag) throws MPIException {
        jmpi.core.jfr.PointToPointEvent ev = jmpi.core.jfr.PointToPointEvent.start();
        return call(() -> {
            Buf b = Buf.of("receive buffer", buf, count, type, false, true);
            RecvRequest r = startRecv(b, count, type, source, tag);
            r.engine().await(r);
            r.throwIfFailed();
            b.back(r.count());
            if (ev != null) {
                p2pEvent(ev, "recv", r.source(), r.tag(), received(r));
            }
            return Status.of(r);
        });
    }

    /** MPI_Sendrecv. The same array (or memory) as both buffers is sent from a copy. */
    public final Status sendRecv(Object sendbuf, int sendcount, Datatype sendtype, int dest, int sendtag,
                                 Object recvbuf, int recvcount, Datatype recvtype, int source, int recvtag)
            throws MPIException {
        jmpi.core.jfr.PointToPointEvent ev = jmpi.core.jfr.PointToPointEvent.start();
        return call(() -> {
            Buf out = Buf.of("sendRecv send buffer", sendbuf, sendcount, sendtype, true, false);
            Buf in = Buf.of("sendRecv receive buffer", recvbuf, recvcount, recvtype, false, true);
            if (out.array != null && out.array == in.array) { // one array behind both (arrays, heap buffers): send a copy
                out = Buf.ofArray(copyOf(out.array, out.offset + Buf.reach(sendtype, sendcount)), out.offset);
            }
            RecvRequest r = startRecv(in, recvcount, recvtype, source, recvtag);
            SendRequest s = startSend(out, sendcount, sendtype, dest, sendtag, SendMode.STANDARD);
            r.engine().await(s);
            r.engine().await(r);
            s.throwIfFailed();
            r.throwIfFailed();
            in.back(r.count());
            if (ev != null) {
                p2pEvent(ev, "sendRecv", dest, sendtag, bytesOf(sendcount, sendtype) + received(r));
            }
            return Status.of(r);
        });
    }

    /** MPI_Sendrecv_replace: sends {@code buf}'s items, then receives into it. */
    public final Status sendRecvReplace(Object buf, int count, Datatype type, int dest, int sendtag, int source,
                                        int recvtag) throws MPIException {
        jmpi.core.jfr.PointToPointEvent ev = jmpi.core.jfr.PointToPointEvent.start();
        return call(() -> {
            Buf b = Buf.of("sendRecvReplace buffer", buf, count, type, true, true);
            Buf copy = Buf.ofArray(copyOf(b.array, b.offset + Buf.reach(type, count)), b.offset);
            RecvRequest r = startRecv(b, count, type, source, recvtag);
            SendRequest s = startSend(copy, count, type, dest, sendtag, SendMode.STANDARD);
            r.engine().await(s);
            r.engine().await(r);
            s.throwIfFailed();
            r.throwIfFailed();
            b.back();
            if (ev != null) {
                p2pEvent(ev, "sendRecvReplace", dest, sendtag, bytesOf(count, type) + received(r));
            }
            return Status.of(r);
        });
    }

    /** MPI_Isend (a direct buffer, as Open MPI requires). */
    public final Request iSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return immediateSend(buf, count, type, dest, tag, SendMode.STANDARD);
    }

    /** MPI_Ibsend. */
    public final Request ibSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return immediateSend(buf, count, type, dest, tag, SendMode.BUFFERED);
    }

    /** MPI_Issend. */
    public final Request isSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return immediateSend(buf, count, type, dest, tag, SendMode.SYNCHRONOUS);
    }

    /** MPI_Irsend. */
    public final Request irSend(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return immediateSend(buf, count, type, dest, tag, SendMode.READY);
    }

    private Request immediateSend(Buffer buf, int count, Datatype type, int dest, int tag, SendMode mode)
            throws MPIException {
        core();
        MPI.assertDirectBuffer(buf);
        jmpi.core.jfr.PointToPointEvent ev = jmpi.core.jfr.PointToPointEvent.start();
        return call(() -> {
            Request r = Request.of(this, startSend("send buffer", buf, count, type, dest, tag, mode), null);
            if (ev != null) {
                p2pEvent(ev, switch (mode) {
                    case STANDARD -> "iSend";
                    case BUFFERED -> "ibSend";
                    case SYNCHRONOUS -> "isSend";
                    case READY -> "irSend";
                }, dest, tag, bytesOf(count, type));
            }
            return r;
        });
    }

    /** MPI_Irecv (a direct buffer). */
    public final Request iRecv(Buffer buf, int count, Datatype type, int source, int tag) throws MPIException {
        core();
        MPI.assertDirectBuffer(buf);
        jmpi.core.jfr.PointToPointEvent ev = jmpi.core.jfr.PointToPointEvent.start();
        return call(() -> {
            Buf b = Buf.of("receive buffer", buf, count, type, false, true);
            Request r = Request.of(this, startRecv(b, count, type, source, tag), b);
            if (ev != null) {
                p2pEvent(ev, "iRecv", source, tag, bytesOf(count, type));
            }
            return r;
        });
    }

    /** MPI_Send_init: a persistent standard send. */
    public final Prequest sendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return persistentSend(buf, count, type, dest, tag, SendMode.STANDARD);
    }

    /** MPI_Bsend_init. */
    public final Prequest bSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return persistentSend(buf, count, type, dest, tag, SendMode.BUFFERED);
    }

    /** MPI_Ssend_init. */
    public final Prequest sSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return persistentSend(buf, count, type, dest, tag, SendMode.SYNCHRONOUS);
    }

    /** MPI_Rsend_init. */
    public final Prequest rSendInit(Buffer buf, int count, Datatype type, int dest, int tag) throws MPIException {
        return persistentSend(buf, count, type, dest, tag, SendMode.READY);
    }

    private Prequest persistentSend(Buffer buf, int count, Datatype type, int dest, int tag, SendMode mode)
            throws MPIException {
        core();
        MPI.assertDirectBuffer(buf);
        checkPeer("destination", dest);
        tag(tag, false);
        Buf.of("send buffer", buf, count, type, false, false); // checks the arguments now, as MPI does
        return new Prequest(this, () -> Request.of(this, startSend("send buffer", buf, count, type, dest, tag, mode),
                null));
    }

    /** MPI_Recv_init: a persistent receive. */
    public final Prequest recvInit(Buffer buf, int count, Datatype type, int source, int tag) throws MPIException {
        core();
        MPI.assertDirectBuffer(buf);
        if (source != MPI.ANY_SOURCE) {
            checkPeer("source", source);
        }
        tag(tag, true);
        Buf.of("receive buffer", buf, count, type, false, false);
        return new Prequest(this, () -> {
            Buf b = Buf.of("receive buffer", buf, count, type, false, true);
            return Request.of(this, startRecv(b, count, type, source, tag), b);
        });
    }

    SendRequest startSend(String what, Object buf, int count, Datatype type, int dest, int tag, SendMode mode)
            throws MPIException {
        return startSend(Buf.of(what, buf, count, type, true, false), count, type, dest, tag, mode);
    }

    private SendRequest startSend(Buf b, int count, Datatype type, int dest, int tag, SendMode mode)
            throws MPIException {
        CoreComm c = core();
        int to = dest == MPI.PROC_NULL ? Engine.PROC_NULL : rank("destination", dest, c.peers());
        int t = tag(tag, false);
        return c.engine().isend(c, Envelope.of(c, to, t), new jmpi.core.Message(b.array, b.offset, count, type.base(),
                type.plan()), mode);
    }

    RecvRequest startRecv(Buf b, int count, Datatype type, int source, int tag) throws MPIException {
        CoreComm c = core();
        int from = source(source, c);
        int t = tag(tag, true);
        return c.engine().irecv(c, Envelope.of(c, from, t), new jmpi.core.Message(b.array, b.offset, count,
                type.base(), type.plan()));
    }

    /** MPI_Probe: waits for a matching message and says what it is. */
    public final Status probe(int source, int tag) throws MPIException {
        CoreComm c = core();
        jmpi.core.jfr.PointToPointEvent ev = jmpi.core.jfr.PointToPointEvent.start();
        return call(() -> {
            ProbeStatus p = c.engine().probe(c, source(source, c), tag(tag, true));
            if (ev != null) {
                p2pEvent(ev, "probe", p.source(), p.tag(), 0);
            }
            return Status.of(p);
        });
    }

    /** MPI_Iprobe: what a matching message is, or null when none has arrived. */
    public final Status iProbe(int source, int tag) throws MPIException {
        CoreComm c = core();
        return call(() -> {
            ProbeStatus p = c.engine().iprobe(c, source(source, c), tag(tag, true));
            return p == null ? null : Status.of(p);
        });
    }

    /** The status of a receive from MPI.PROC_NULL. */
    static Status procNullStatus() throws MPIException {
        return MPI.COMM_SELF.recv(null, 0, MPI.BYTE, MPI.PROC_NULL, MPI.ANY_TAG);
    }

    /** A source in the engine's numbering. */
    final int source(int source, CoreComm c) throws MPIException {
        if (source == MPI.ANY_SOURCE) {
            return Engine.ANY_SOURCE;
        }
        if (source == MPI.PROC_NULL) {
            return Engine.PROC_NULL;
        }
        return rank("source", source, c.peers());
    }

    private void checkPeer(String what, int rank) throws MPIException {
        if (rank != MPI.PROC_NULL) {
            rank(what, rank, core().peers());
        }
    }

    final int rank(String what, int rank, int size) throws MPIException {
        if (rank < 0 || rank >= size) {
            throw raise(MPIException.of(ErrorClass.ERR_RANK, what + " rank " + rank + " is not in 0.." + (size - 1)
                    + (what.equals("source") ? " (nor MPI.PROC_NULL or MPI.ANY_SOURCE)"
                    : what.equals("destination") ? " (nor MPI.PROC_NULL)" : "")));
        }
        return rank;
    }

    /** A tag in the engine's numbering. */
    final int tag(int tag, boolean receive) throws MPIException {
        if (receive && tag == MPI.ANY_TAG) {
            return Engine.ANY_TAG;
        }
        if (tag < 0 || tag > MPI.TAG_UB_VALUE) {
            throw raise(MPIException.of(ErrorClass.ERR_TAG, "tag " + tag + " is not in 0.." + MPI.TAG_UB_VALUE
                    + (receive ? " (nor MPI.ANY_TAG)" : "")));
        }
        return tag;
    }

    // ------------------------------------------------------------------ pack

    private static PackPlan packPlan(Datatype type) throws MPIException {
        if (type == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, "the datatype is null");
        }
        PackPlan p = type.plan();
        return p != null ? p : PackPlan.of(type.base());
    }

    /** MPI_Pack: {@code incount} items of {@code inbuf} into {@code outbuf} from byte {@code position}; the new position. */
    public final int pack(Object inbuf, int incount, Datatype type, byte[] outbuf, int position) throws MPIException {
        core();
        return call(() -> {
            if (outbuf == null) {
                throw MPIException.of(ErrorClass.ERR_BUFFER, "pack: the output buffer is null");
            }
            Buf b = Buf.of("pack input buffer", inbuf, incount, type, true, false);
            return packPlan(type).packInto(b.array, b.offset, incount, outbuf, position);
        });
    }

    /** MPI_Unpack: {@code outcount} items into {@code outbuf} from byte {@code position} of {@code inbuf}; the new position. */
    public final int unpack(byte[] inbuf, int position, Object outbuf, int outcount, Datatype type)
            throws MPIException {
        CoreComm c = core();
        return call(() -> {
            if (inbuf == null) {
                throw MPIException.of(ErrorClass.ERR_BUFFER, "unpack: the input buffer is null");
            }
            Buf b = Buf.of("unpack output buffer", outbuf, outcount, type, false, true);
            int p = packPlan(type).unpackFrom(inbuf, position, b.array, b.offset, outcount, c.engine().objectLoader(),
                    c.engine().objectFilter());
            b.back();
            return p;
        });
    }

    /** MPI_Pack_size: bytes {@code incount} items of {@code type} take when packed. */
    public final int packSize(int incount, Datatype type) throws MPIException {
        core();
        return call(() -> {
            if (incount < 0) {
                throw MPIException.of(ErrorClass.ERR_COUNT, "packSize: negative count " + incount);
            }
            long n = packPlan(type).packSize(incount);
            if (n > Integer.MAX_VALUE) {
                throw MPIException.of(ErrorClass.ERR_COUNT, incount + " items of " + type + " pack into more than 2^31"
                        + " bytes");
            }
            return (int) n;
        });
    }

    // ------------------------------------------------------------------ attributes, topology, errors

    /** MPI_Comm_create_keyval. */
    public static int createKeyval() throws MPIException {
        MPI.check();
        return Attributes.createKeyval();
    }

    /** MPI_Comm_free_keyval. */
    public static void freeKeyval(int keyval) throws MPIException {
        MPI.check();
        Attributes.freeKeyval(keyval);
    }

    /** MPI_Comm_set_attr (a serialized copy of {@code value} is kept). */
    public final void setAttr(int keyval, Object value) throws MPIException {
        core();
        try {
            attributes.set(keyval, value);
        } catch (MPIException e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Comm_get_attr: the predefined keys give {@code Integer}s ({@code MPI.TAG_UB}, {@code MPI.HOST}:
     * PROC_NULL, {@code MPI.IO}: ANY_SOURCE, {@code MPI.APPNUM}: 0, {@code MPI.LASTUSEDCODE},
     * {@code MPI.UNIVERSE_SIZE}: the world's size) and a {@code Boolean} ({@code MPI.WTIME_IS_GLOBAL}: false);
     * a user key its value (a copy), or null when not set.
     */
    public final Object getAttr(int keyval) throws MPIException {
        CoreComm c = core();
        switch (keyval) {
            case MPI.TAG_UB:
                return MPI.TAG_UB_VALUE;
            case MPI.HOST:
                return MPI.PROC_NULL;
            case MPI.IO:
                return MPI.ANY_SOURCE;
            case MPI.WTIME_IS_GLOBAL:
                return Boolean.FALSE;
            case MPI.APPNUM:
                return 0;
            case MPI.LASTUSEDCODE:
                return MPI.ERR_LASTCODE;
            case MPI.UNIVERSE_SIZE:
                return c.engine().world().size();
            default:
                try {
                    return attributes.get(keyval);
                } catch (MPIException e) {
                    throw raise(e);
                }
        }
    }

    /** MPI_Comm_delete_attr. */
    public final void deleteAttr(int keyval) throws MPIException {
        core();
        try {
            attributes.delete(keyval);
        } catch (MPIException e) {
            throw raise(e);
        }
    }

    /** MPI_Topo_test: MPI.CART, MPI.GRAPH, MPI.DIST_GRAPH or MPI.UNDEFINED. */
    public final int getTopology() throws MPIException {
        core();
        return topology == null ? MPI.UNDEFINED : topology.kind();
    }

    /** MPI_Abort: ends the whole job with {@code errorcode} as its exit code (0 becomes 1). */
    public final void abort(int errorcode) throws MPIException {
        core();
        Engine engine = MPI.engineOrNull();
        int code = errorcode == 0 ? 1 : errorcode;
        String why = "MPI_Abort(" + errorcode + ") called on " + name;
        engine.job().fail(engine.worldRank(), code, why, null);
        throw new JobAbortedError(why);
    }

    /** MPI_Comm_set_errhandler. */
    public final void setErrhandler(Errhandler errhandler) throws MPIException {
        core();
        if (errhandler == null) {
            throw raise(MPIException.of(ErrorClass.ERR_ARG, "setErrhandler: the error handler is null"));
        }
        this.errhandler = errhandler;
    }

    /** MPI_Comm_get_errhandler. */
    public final Errhandler getErrhandler() throws MPIException {
        core();
        return errhandler;
    }

    /** MPI_Comm_call_errhandler: the handler's action for error class {@code errorCode}. */
    public void callErrhandler(int errorCode) throws MPIException {
        MPIException e = MPIException.of(errorCode, "raised by callErrhandler on " + name);
        throw raise(e);
    }

    // ------------------------------------------------------------------ blocking collectives

    private CoreComm intra(String call) throws MPIException {
        CoreComm c = core();
        if (c.isInter()) {
            throw raise(MPIException.of(ErrorClass.ERR_COMM, call + " on an inter-communicator is not supported by jmpi"
                    + " (on inter-communicators: barrier, bcast, gather, scatter, allGather, allToAll, reduce and"
                    + " allReduce)"));
        }
        return c;
    }

    private int root(int root, CoreComm c) throws MPIException {
        if (root < 0 || root >= c.size()) {
            throw raise(MPIException.of(ErrorClass.ERR_ROOT, "root " + root + " is not in 0.." + (c.size() - 1)));
        }
        return root;
    }

    /** The base type two sides of a collective share (ERR_TYPE when they do not). */
    private static BasicType sameBase(String call, Datatype a, Datatype b) throws MPIException {
        if (a == null || b == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": a datatype is null");
        }
        if (a.base() != b.base()) {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": the send type " + a + " and the receive type " + b
                    + " have different base types (" + a.base() + ", " + b.base() + ")");
        }
        return a.base();
    }

    private static int total(int count, int size) throws MPIException {
        long n = (long) count * size;
        if (count < 0) {
            throw MPIException.of(ErrorClass.ERR_COUNT, "negative count " + count);
        }
        if (n > Integer.MAX_VALUE - 8) {
            throw MPIException.of(ErrorClass.ERR_COUNT, "count " + count + " x " + size + " ranks exceeds a Java array");
        }
        return (int) n;
    }

    /** MPI_Barrier. */
    public final void barrier() throws MPIException {
        CoreComm c = core();
        run(() -> {
            if (c.isInter()) {
                InterColl.barrier(c);
                return;
            }
            Coll.barrier(c);
        });
    }

    /** MPI_Bcast of {@code count} items of {@code buf} from {@code root}. */
    public final void bcast(Object buf, int count, Datatype type, int root) throws MPIException {
        CoreComm c = core();
        if (c.isInter()) {
            run(() -> {
                int side = InterColl.side(root, c);
                Flat f = Flat.of("bcast buffer", buf, count, type, side == 1, side == -1);
                InterColl.bcast(c, f, root);
                f.back();
            });
            return;
        }
        root(root, c);
        run(() -> {
            boolean mine = c.rank() == root;
            Flat f = Flat.of("bcast buffer", buf, count, type, mine, !mine);
            Coll.bcast(c, f.array, f.offset, f.elements, f.base, root);
            f.back();
        });
    }

    /** MPI_Gather into {@code recvbuf} at {@code root}, in rank order. */
    public final void gather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                             Datatype recvtype, int root) throws MPIException {
        CoreComm c = core();
        if (c.isInter()) {
            run(() -> {
                int side = InterColl.side(root, c);
                Flat in = side == -1 ? Flat.of("gather send buffer", sendbuf, sendcount, sendtype, true, false) : null;
                Flat out = side == 1 ? Flat.of("gather receive buffer", recvbuf, total(recvcount,
                        c.remoteWorldRanks().length), recvtype, false, true) : null;
                InterColl.gather(c, in, out, root);
                if (out != null) {
                    out.back();
                }
            });
            return;
        }
        root(root, c);
        run(() -> {
            Flat in = Flat.of("gather send buffer", sendbuf, sendcount, sendtype, true, false);
            Flat out = null;
            if (c.rank() == root) {
                sameBase("gather", sendtype, recvtype);
                out = Flat.of("gather receive buffer", recvbuf, total(recvcount, c.size()), recvtype, false, true);
                same("gather", in.elements, Flat.elements(recvtype, recvcount));
                in = in.apart(out);
            }
            Coll.gather(c, in.array, in.offset, out == null ? null : out.array, out == null ? 0 : out.offset,
                    in.elements, in.base, root);
            if (out != null) {
                out.back();
            }
        });
    }

    /** MPI_Gather in place: the root's block is already in {@code buf}; the others send {@code count} items of {@code buf}. */
    public final void gather(Object buf, int count, Datatype type, int root) throws MPIException {
        CoreComm c = intra("gather");
        root(root, c);
        run(() -> {
            if (c.rank() == root) {
                Flat f = Flat.of("gather buffer", buf, total(count, c.size()), type, true, true);
                int per = Flat.elements(type, count);
                Coll.gather(c, f.array, f.offset + root * per, f.array, f.offset, per, f.base, root);
                f.back();
            } else {
                Flat f = Flat.of("gather buffer", buf, count, type, true, false);
                Coll.gather(c, f.array, f.offset, null, 0, f.elements, f.base, root);
            }
        });
    }

    /** MPI_Gatherv: rank i's items to the root's {@code recvbuf} at {@code displs[i]} extents. */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount,
                              int[] displs, Datatype recvtype, int root) throws MPIException {
        CoreComm c = intra("gatherv");
        root(root, c);
        run(() -> {
            Flat in = Flat.of("gatherv send buffer", sendbuf, sendcount, sendtype, true, false);
            if (c.rank() == root) {
                sameBase("gatherv", sendtype, recvtype);
                VFlat out = VFlat.of("gatherv receive buffer", recvbuf, recvcount, displs, recvtype, c.size(), false,
                        true);
                same("gatherv", in.elements, out.counts[root]);
                Coll.gatherv(c, in.array, in.offset, in.elements, out.array, out.offset, out.counts, out.displs, in.base,
                        root);
                out.back();
            } else {
                Coll.gatherv(c, in.array, in.offset, in.elements, null, 0, null, null, in.base, root);
            }
        });
    }

    /** MPI_Gatherv in place, at the root: its own block is already at {@code displs[root]}. */
    public final void gatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        CoreComm c = intra("gatherv");
        root(root, c);
        run(() -> {
            if (c.rank() != root) {
                throw MPIException.of(ErrorClass.ERR_ROOT, "gatherv(recvbuf, recvcount, displs, type, root) is the root's"
                        + " in-place form: rank " + c.rank() + " is not root " + root);
            }
            VFlat out = VFlat.of("gatherv buffer", recvbuf, recvcount, displs, recvtype, c.size(), true, true);
            Coll.gatherv(c, out.array, out.offset + out.displs[root], out.counts[root], out.array, out.offset,
                    out.counts, out.displs, out.base, root);
            out.back();
        });
    }

    /** MPI_Gatherv, the non-root side of the in-place form. */
    public final void gatherv(Object sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        CoreComm c = intra("gatherv");
        root(root, c);
        run(() -> {
            if (c.rank() == root) {
                throw MPIException.of(ErrorClass.ERR_ROOT, "gatherv(sendbuf, sendcount, type, root) is the non-root"
                        + " side of the in-place form: the root calls gatherv(recvbuf, recvcount, displs, type, root)");
            }
            Flat in = Flat.of("gatherv send buffer", sendbuf, sendcount, sendtype, true, false);
            Coll.gatherv(c, in.array, in.offset, in.elements, null, 0, null, null, in.base, root);
        });
    }

    /** MPI_Scatter: block i of the root's {@code sendbuf} to rank i. */
    public final void scatter(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                              Datatype recvtype, int root) throws MPIException {
        CoreComm c = core();
        if (c.isInter()) {
            run(() -> {
                int side = InterColl.side(root, c);
                Flat in = side == 1 ? Flat.of("scatter send buffer", sendbuf, total(sendcount,
                        c.remoteWorldRanks().length), sendtype, true, false) : null;
                Flat out = side == -1 ? Flat.of("scatter receive buffer", recvbuf, recvcount, recvtype, false, true)
                        : null;
                InterColl.scatter(c, in, out, root);
                if (out != null) {
                    out.back();
                }
            });
            return;
        }
        root(root, c);
        run(() -> {
            Flat out = Flat.of("scatter receive buffer", recvbuf, recvcount, recvtype, false, true);
            Flat in = null;
            if (c.rank() == root) {
                sameBase("scatter", sendtype, recvtype);
                in = Flat.of("scatter send buffer", sendbuf, total(sendcount, c.size()), sendtype, true, false);
                same("scatter", Flat.elements(sendtype, sendcount), out.elements);
                in = in.apart(out);
            }
            Coll.scatter(c, in == null ? null : in.array, in == null ? 0 : in.offset, out.array, out.offset, out.elements,
                    out.base, root);
            out.back();
        });
    }

    /** MPI_Scatter in place: the root keeps its block in {@code buf}; the others receive {@code count} items into {@code buf}. */
    public final void scatter(Object buf, int count, Datatype type, int root) throws MPIException {
        CoreComm c = intra("scatter");
        root(root, c);
        run(() -> {
            if (c.rank() == root) {
                Flat f = Flat.of("scatter buffer", buf, total(count, c.size()), type, true, false);
                int per = Flat.elements(type, count);
                Coll.scatter(c, f.array, f.offset, f.array, f.offset + root * per, per, f.base, root);
            } else {
                Flat f = Flat.of("scatter buffer", buf, count, type, false, true);
                Coll.scatter(c, null, 0, f.array, f.offset, f.elements, f.base, root);
                f.back();
            }
        });
    }

    /** MPI_Scatterv: {@code sendcount[i]} items at {@code displs[i]} extents of the root's buffer to rank i. */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Object recvbuf,
                               int recvcount, Datatype recvtype, int root) throws MPIException {
        CoreComm c = intra("scatterv");
        root(root, c);
        run(() -> {
            Flat out = Flat.of("scatterv receive buffer", recvbuf, recvcount, recvtype, false, true);
            if (c.rank() == root) {
                sameBase("scatterv", sendtype, recvtype);
                VFlat in = VFlat.of("scatterv send buffer", sendbuf, sendcount, displs, sendtype, c.size(), true, false);
                same("scatterv", in.counts[root], out.elements);
                Coll.scatterv(c, in.array, in.offset, in.counts, in.displs, out.array, out.offset, out.elements, out.base,
                        root);
            } else {
                Coll.scatterv(c, null, 0, null, null, out.array, out.offset, out.elements, out.base, root);
            }
            out.back();
        });
    }

    /** MPI_Scatterv in place, at the root: its own block stays at {@code displs[root]}. */
    public final void scatterv(Object sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root)
            throws MPIException {
        CoreComm c = intra("scatterv");
        root(root, c);
        run(() -> {
            if (c.rank() != root) {
                throw MPIException.of(ErrorClass.ERR_ROOT, "scatterv(sendbuf, sendcount, displs, type, root) is the"
                        + " root's in-place form: rank " + c.rank() + " is not root " + root);
            }
            VFlat in = VFlat.of("scatterv buffer", sendbuf, sendcount, displs, sendtype, c.size(), true, false);
            Object scratch = java.lang.reflect.Array.newInstance(in.base.arrayClass().getComponentType(),
                    in.counts[root]);
            Coll.scatterv(c, in.array, in.offset, in.counts, in.displs, scratch, 0, in.counts[root], in.base, root);
        });
    }

    /** MPI_Scatterv, the non-root side of the in-place form. */
    public final void scatterv(Object recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        CoreComm c = intra("scatterv");
        root(root, c);
        run(() -> {
            if (c.rank() == root) {
                throw MPIException.of(ErrorClass.ERR_ROOT, "scatterv(recvbuf, recvcount, type, root) is the non-root"
                        + " side of the in-place form: the root calls scatterv(sendbuf, sendcount, displs, type, root)");
            }
            Flat out = Flat.of("scatterv receive buffer", recvbuf, recvcount, recvtype, false, true);
            Coll.scatterv(c, null, 0, null, null, out.array, out.offset, out.elements, out.base, root);
            out.back();
        });
    }

    /** MPI_Allgather. */
    public final void allGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                                Datatype recvtype) throws MPIException {
        CoreComm c = core();
        if (c.isInter()) {
            run(() -> {
                sameBase("allGather", sendtype, recvtype);
                Flat in = Flat.of("allGather send buffer", sendbuf, sendcount, sendtype, true, false);
                Flat out = Flat.of("allGather receive buffer", recvbuf, total(recvcount, c.remoteWorldRanks().length),
                        recvtype, false, true);
                same("allGather", in.elements, Flat.elements(recvtype, recvcount));
                InterColl.allGather(c, in.apart(out), out, in.elements);
                out.back();
            });
            return;
        }
        run(() -> {
            sameBase("allGather", sendtype, recvtype);
            Flat in = Flat.of("allGather send buffer", sendbuf, sendcount, sendtype, true, false);
            Flat out = Flat.of("allGather receive buffer", recvbuf, total(recvcount, c.size()), recvtype, false, true);
            same("allGather", in.elements, Flat.elements(recvtype, recvcount));
            in = in.apart(out);
            Coll.allgather(c, in.array, in.offset, out.array, out.offset, in.elements, in.base);
            out.back();
        });
    }

    /** MPI_Allgather in place: each rank's block is already at its place in {@code buf}. */
    public final void allGather(Object buf, int count, Datatype type) throws MPIException {
        CoreComm c = intra("allGather");
        run(() -> {
            Flat f = Flat.of("allGather buffer", buf, total(count, c.size()), type, true, true);
            int per = Flat.elements(type, count);
            Coll.allgather(c, f.array, f.offset + c.rank() * per, f.array, f.offset, per, f.base);
            f.back();
        });
    }

    /** MPI_Allgatherv. */
    public final void allGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int[] recvcount,
                                 int[] displs, Datatype recvtype) throws MPIException {
        CoreComm c = intra("allGatherv");
        run(() -> {
            sameBase("allGatherv", sendtype, recvtype);
            Flat in = Flat.of("allGatherv send buffer", sendbuf, sendcount, sendtype, true, false);
            VFlat out = VFlat.of("allGatherv receive buffer", recvbuf, recvcount, displs, recvtype, c.size(), false,
                    true);
            same("allGatherv", in.elements, out.counts[c.rank()]);
            Object s = in.array;
            int so = in.offset;
            if (s != null && s == out.array) { // the same array: send from a copy
                s = copyRange(in.array, in.offset, in.elements);
                so = 0;
            }
            Coll.allgatherv(c, s, so, in.elements, out.array, out.offset, out.counts, out.displs, in.base);
            out.back();
        });
    }

    /** MPI_Allgatherv in place: each rank's block is already at {@code displs[rank]}. */
    public final void allGatherv(Object recvbuf, int[] recvcount, int[] displs, Datatype recvtype)
            throws MPIException {
        CoreComm c = intra("allGatherv");
        run(() -> {
            VFlat out = VFlat.of("allGatherv buffer", recvbuf, recvcount, displs, recvtype, c.size(), true, true);
            int me = c.rank();
            Object mine = copyRange(out.array, out.offset + out.displs[me], out.counts[me]);
            Coll.allgatherv(c, mine, 0, out.counts[me], out.array, out.offset, out.counts, out.displs, out.base);
            out.back();
        });
    }

    /** MPI_Alltoall: block j of {@code sendbuf} to rank j, stored as block i of its {@code recvbuf}. */
    public final void allToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf, int recvcount,
                               Datatype recvtype) throws MPIException {
        CoreComm c = core();
        if (c.isInter()) {
            run(() -> {
                sameBase("allToAll", sendtype, recvtype);
                int remote = c.remoteWorldRanks().length;
                Flat in = Flat.of("allToAll send buffer", sendbuf, total(sendcount, remote), sendtype, true, false);
                Flat out = Flat.of("allToAll receive buffer", recvbuf, total(recvcount, remote), recvtype, false, true);
                int per = Flat.elements(sendtype, sendcount);
                same("allToAll", per, Flat.elements(recvtype, recvcount));
                InterColl.allToAll(c, in.apart(out), out, per);
                out.back();
            });
            return;
        }
        run(() -> {
            sameBase("allToAll", sendtype, recvtype);
            Flat in = Flat.of("allToAll send buffer", sendbuf, total(sendcount, c.size()), sendtype, true, false);
            Flat out = Flat.of("allToAll receive buffer", recvbuf, total(recvcount, c.size()), recvtype, false, true);
            int per = Flat.elements(sendtype, sendcount);
            same("allToAll", per, Flat.elements(recvtype, recvcount));
            in = in.apart(out);
            Coll.alltoall(c, in.array, in.offset, out.array, out.offset, per, in.base);
            out.back();
        });
    }

    /** MPI_Alltoallv: displacements in extents of each side's type. */
    public final void allToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Object recvbuf,
                                int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        CoreComm c = intra("allToAllv");
        run(() -> {
            sameBase("allToAllv", sendtype, recvtype);
            VFlat in = VFlat.of("allToAllv send buffer", sendbuf, sendcount, sdispls, sendtype, c.size(), true, false);
            VFlat out = VFlat.of("allToAllv receive buffer", recvbuf, recvcount, rdispls, recvtype, c.size(), false,
                    true);
            Object s = in.array;
            int so = in.offset;
            if (s != null && s == out.array) { // the same array: send from a copy
                s = copyOf(in.array, java.lang.reflect.Array.getLength(in.array));
            }
            Coll.alltoallv(c, s, so, in.counts, in.displs, out.array, out.offset, out.counts, out.displs, in.base);
            out.back();
        });
    }

    /** MPI_Reduce into {@code recvbuf} at {@code root}. */
    public final void reduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op, int root)
            throws MPIException {
        CoreComm c = core();
        if (c.isInter()) {
            run(() -> {
                Combiner comb = combiner(op, type);
                int side = InterColl.side(root, c);
                Flat in = side == -1 ? Flat.of("reduce send buffer", sendbuf, count, type, true, false) : null;
                Flat out = side == 1 ? Flat.of("reduce receive buffer", recvbuf, count, type, false, true) : null;
                InterColl.reduce(c, in, out, comb, root);
                if (out != null) {
                    out.back();
                }
            });
            return;
        }
        root(root, c);
        run(() -> {
            Combiner comb = combiner(op, type);
            Flat in = Flat.of("reduce send buffer", sendbuf, count, type, true, false);
            Flat out = c.rank() == root ? Flat.of("reduce receive buffer", recvbuf, count, type, false, true) : null;
            if (out != null) {
                in = in.apart(out);
            }
            Coll.reduce(c, in.array, in.offset, out == null ? null : out.array, out == null ? 0 : out.offset, in.elements,
                    in.base, comb, root);
            if (out != null) {
                out.back();
            }
        });
    }

    /** MPI_Reduce in place: {@code buf} is every rank's operand, and the result at {@code root}. */
    public final void reduce(Object buf, int count, Datatype type, Op op, int root) throws MPIException {
        CoreComm c = intra("reduce");
        root(root, c);
        run(() -> {
            Combiner comb = combiner(op, type);
            boolean mine = c.rank() == root;
            Flat f = Flat.of("reduce buffer", buf, count, type, true, mine);
            Coll.reduce(c, f.array, f.offset, mine ? f.array : null, f.offset, f.elements, f.base, comb, root);
            f.back();
        });
    }

    /** MPI_Allreduce. */
    public final void allReduce(Object sendbuf, Object recvbuf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = core();
        if (c.isInter()) {
            run(() -> {
                Combiner comb = combiner(op, type);
                Flat in = Flat.of("allReduce send buffer", sendbuf, count, type, true, false);
                Flat out = Flat.of("allReduce receive buffer", recvbuf, count, type, false, true);
                InterColl.allReduce(c, in.apart(out), out, comb);
                out.back();
            });
            return;
        }
        run(() -> {
            Combiner comb = combiner(op, type);
            Flat in = Flat.of("allReduce send buffer", sendbuf, count, type, true, false);
            Flat out = Flat.of("allReduce receive buffer", recvbuf, count, type, false, true);
            in = in.apart(out);
            Coll.allreduce(c, in.array, in.offset, out.array, out.offset, in.elements, in.base, comb);
            out.back();
        });
    }

    /** MPI_Allreduce in place: {@code buf} is the operand and receives the result. */
    public final void allReduce(Object buf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = intra("allReduce");
        run(() -> {
            Combiner comb = combiner(op, type);
            Flat f = Flat.of("allReduce buffer", buf, count, type, true, true);
            Coll.allreduce(c, f.array, f.offset, f.array, f.offset, f.elements, f.base, comb);
            f.back();
        });
    }

    /** MPI_Reduce_scatter: the reduction of every rank's vector, block i ({@code recvcounts[i]} items) to rank i. */
    public final void reduceScatter(Object sendbuf, Object recvbuf, int[] recvcounts, Datatype type, Op op)
            throws MPIException {
        CoreComm c = intra("reduceScatter");
        run(() -> {
            Combiner comb = combiner(op, type);
            int[] counts = counts("reduceScatter", recvcounts, c.size());
            int[] elements = new int[counts.length];
            long sum = 0;
            for (int i = 0; i < counts.length; i++) {
                elements[i] = Flat.elements(type, counts[i]);
                sum += counts[i];
            }
            Flat in = Flat.of("reduceScatter send buffer", sendbuf, (int) Math.min(sum, Integer.MAX_VALUE), type, true,
                    false);
            Flat out = Flat.of("reduceScatter receive buffer", recvbuf, counts[c.rank()], type, false, true);
            in = in.apart(out);
            Coll.reduceScatter(c, in.array, in.offset, out.array, out.offset, elements, in.base, comb);
            out.back();
        });
    }

    /** MPI_Reduce_scatter in place: {@code buf} holds the vector; rank i's block lands at its start. */
    public final void reduceScatter(Object buf, int[] counts, Datatype type, Op op) throws MPIException {
        CoreComm c = intra("reduceScatter");
        run(() -> {
            Combiner comb = combiner(op, type);
            int[] n = counts("reduceScatter", counts, c.size());
            int[] elements = new int[n.length];
            long sum = 0;
            for (int i = 0; i < n.length; i++) {
                elements[i] = Flat.elements(type, n[i]);
                sum += n[i];
            }
            Flat f = Flat.of("reduceScatter buffer", buf, (int) Math.min(sum, Integer.MAX_VALUE), type, true, true);
            Object in = copyRange(f.array, f.offset, f.elements);
            Coll.reduceScatter(c, in, 0, f.array, f.offset, elements, f.base, comb);
            f.back();
        });
    }

    /** MPI_Reduce_scatter_block: every rank gets {@code recvcount} items. */
    public final void reduceScatterBlock(Object sendbuf, Object recvbuf, int recvcount, Datatype type, Op op)
            throws MPIException {
        int[] counts = new int[getSize()];
        Arrays.fill(counts, recvcount);
        reduceScatter(sendbuf, recvbuf, counts, type, op);
    }

    /** MPI_Reduce_scatter_block in place. */
    public final void reduceScatterBlock(Object buf, int count, Datatype type, Op op) throws MPIException {
        int[] counts = new int[getSize()];
        Arrays.fill(counts, count);
        reduceScatter(buf, counts, type, op);
    }

    /** MPI_Reduce_local: {@code inOutBuf = inBuf op inOutBuf}, elementwise. */
    public static void reduceLocal(Object inBuf, Object inOutBuf, int count, Datatype type, Op op)
            throws MPIException {
        MPI.check();
        Combiner comb = combiner(op, type);
        Flat in = Flat.of("reduceLocal input", inBuf, count, type, true, false);
        Flat io = Flat.of("reduceLocal input-output", inOutBuf, count, type, true, true);
        in = in.apart(io);
        try {
            comb.apply(in.array, in.offset, io.array, io.offset, in.elements, in.base);
        } catch (MpiError e) {
            throw MPIException.of(e);
        }
        io.back();
    }

    /** MPI_Alltoallw: per peer a count, a byte displacement and a datatype, on each side. */
    public final void allToAllw(Object sendBuf, int[] sendCount, int[] sDispls, Datatype[] sendTypes, Object recvBuf,
                                int[] recvCount, int[] rDispls, Datatype[] recvTypes) throws MPIException {
        CoreComm c = intra("allToAllw");
        run(() -> {
            W w = w("allToAllw", c.size(), sendBuf, sendCount, sDispls, sendTypes, recvBuf, recvCount, rDispls,
                    recvTypes);
            Coll.alltoallw(c, w.sb, w.so, w.sc, w.st, w.rb, w.ro, w.rc, w.rt);
            w.back();
        });
    }

    /** The flat per-peer views of an alltoallw (each peer's block its own {@link Flat}). */
    private static final class W {
        final Object[] sb;
        final int[] so;
        final int[] sc;
        final BasicType[] st;
        final Object[] rb;
        final int[] ro;
        final int[] rc;
        final BasicType[] rt;
        final Flat[] out;

        W(int n) {
            sb = new Object[n];
            so = new int[n];
            sc = new int[n];
            st = new BasicType[n];
            rb = new Object[n];
            ro = new int[n];
            rc = new int[n];
            rt = new BasicType[n];
            out = new Flat[n];
        }

        void back() {
            for (Flat f : out) {
                f.back();
            }
        }
    }

    private static W w(String call, int n, Object sendBuf, int[] sendCount, int[] sDispls, Datatype[] sendTypes,
                       Object recvBuf, int[] recvCount, int[] rDispls, Datatype[] recvTypes) throws MPIException {
        for (Object a : new Object[] {sendCount, sDispls, sendTypes, recvCount, rDispls, recvTypes}) {
            if (a == null || java.lang.reflect.Array.getLength(a) < n) {
                throw MPIException.of(ErrorClass.ERR_ARG, call + ": every count, displacement and type array needs "
                        + n + " entries");
            }
        }
        W w = new W(n);
        for (int j = 0; j < n; j++) {
            Flat f = Flat.of(call + " send block " + j, sendBuf, elementsAt(call, sDispls[j], sendTypes[j]),
                    sendCount[j], sendTypes[j], true, false);
            w.sb[j] = f.array;
            w.so[j] = f.offset;
            w.sc[j] = f.elements;
            w.st[j] = f.base;
            Flat g = Flat.of(call + " receive block " + j, recvBuf, elementsAt(call, rDispls[j], recvTypes[j]),
                    recvCount[j], recvTypes[j], false, true);
            w.rb[j] = g.array;
            w.ro[j] = g.offset;
            w.rc[j] = g.elements;
            w.rt[j] = g.base;
            w.out[j] = g;
        }
        if (sendBuf != null && sendBuf == recvBuf) { // the same array on both sides: send from copies
            for (int j = 0; j < n; j++) {
                if (w.sb[j] == recvBuf) {
                    w.sb[j] = copyRange(w.sb[j], w.so[j], w.sc[j]);
                    w.so[j] = 0;
                }
            }
        }
        return w;
    }

    /** A byte displacement in base elements of {@code type}. */
    private static int elementsAt(String call, int bytes, Datatype type) throws MPIException {
        if (type == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, call + ": a datatype is null");
        }
        int size = type.base().size();
        if (bytes < 0 || bytes % size != 0) {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": byte displacement " + bytes + " is negative or not a"
                    + " whole number of " + size + "-byte elements of " + type);
        }
        return bytes / size;
    }

    // ------------------------------------------------------------------ non-blocking collectives

    private Request nbc(jmpi.coll.CollRequest call, Runnable after) {
        return Request.collective(this, call, after);
    }

    /** MPI_Ibarrier. */
    public final Request iBarrier() throws MPIException {
        CoreComm c = intra("iBarrier");
        return call(() -> {
            return nbc(jmpi.coll.NonBlocking.ibarrier(c), null);
        });
    }

    /** MPI_Ibcast. */
    public final Request iBcast(Buffer buf, int count, Datatype type, int root) throws MPIException {
        CoreComm c = intra("iBcast");
        MPI.assertDirectBuffer(buf);
        root(root, c);
        return call(() -> {
            boolean mine = c.rank() == root;
            Flat f = Flat.of("iBcast buffer", buf, count, type, mine, !mine);
            return nbc(jmpi.coll.NonBlocking.ibcast(c, f.array, f.offset, f.elements, f.base, root), f::back);
        });
    }

    /** MPI_Igather. */
    public final Request iGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount,
                                 Datatype recvtype, int root) throws MPIException {
        CoreComm c = intra("iGather");
        root(root, c);
        boolean mine = c.rank() == root;
        if (mine) {
            MPI.assertDirectBuffer(sendbuf, recvbuf);
        } else {
            MPI.assertDirectBuffer(sendbuf);
        }
        return call(() -> {
            Flat in = Flat.of("iGather send buffer", sendbuf, sendcount, sendtype, true, false);
            Flat out = null;
            if (mine) {
                sameBase("iGather", sendtype, recvtype);
                out = Flat.of("iGather receive buffer", recvbuf, total(recvcount, c.size()), recvtype, false, true);
                same("iGather", in.elements, Flat.elements(recvtype, recvcount));
                in = in.apart(out);
            }
            Flat o = out;
            return nbc(jmpi.coll.NonBlocking.igather(c, in.array, in.offset, o == null ? null : o.array,
                    o == null ? 0 : o.offset, in.elements, in.base, root), o == null ? null : o::back);
        });
    }

    /** MPI_Igather in place (the root's block already in {@code buf}). */
    public final Request iGather(Buffer buf, int count, Datatype type, int root) throws MPIException {
        CoreComm c = intra("iGather");
        MPI.assertDirectBuffer(buf);
        root(root, c);
        return call(() -> {
            if (c.rank() == root) {
                Flat f = Flat.of("iGather buffer", buf, total(count, c.size()), type, true, true);
                int per = Flat.elements(type, count);
                return nbc(jmpi.coll.NonBlocking.igather(c, f.array, f.offset + root * per, f.array, f.offset, per,
                        f.base, root), f::back);
            }
            Flat f = Flat.of("iGather buffer", buf, count, type, true, false);
            return nbc(jmpi.coll.NonBlocking.igather(c, f.array, f.offset, null, 0, f.elements, f.base, root), null);
        });
    }

    /** MPI_Igatherv. */
    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount,
                                  int[] displs, Datatype recvtype, int root) throws MPIException {
        CoreComm c = intra("iGatherv");
        root(root, c);
        boolean mine = c.rank() == root;
        if (mine) {
            MPI.assertDirectBuffer(sendbuf, recvbuf);
        } else {
            MPI.assertDirectBuffer(sendbuf);
        }
        return call(() -> {
            Flat in = Flat.of("iGatherv send buffer", sendbuf, sendcount, sendtype, true, false);
            if (!mine) {
                return nbc(jmpi.coll.NonBlocking.igatherv(c, in.array, in.offset, in.elements, null, 0, null, null,
                        in.base, root), null);
            }
            sameBase("iGatherv", sendtype, recvtype);
            VFlat out = VFlat.of("iGatherv receive buffer", recvbuf, recvcount, displs, recvtype, c.size(), false, true);
            same("iGatherv", in.elements, out.counts[root]);
            return nbc(jmpi.coll.NonBlocking.igatherv(c, in.array, in.offset, in.elements, out.array, out.offset,
                    out.counts, out.displs, in.base, root), out::back);
        });
    }

    /** MPI_Igatherv in place, at the root. */
    public final Request iGatherv(Buffer recvbuf, int[] recvcount, int[] displs, Datatype recvtype, int root)
            throws MPIException {
        CoreComm c = intra("iGatherv");
        MPI.assertDirectBuffer(recvbuf);
        root(root, c);
        return call(() -> {
            if (c.rank() != root) {
                throw MPIException.of(ErrorClass.ERR_ROOT, "iGatherv(recvbuf, recvcount, displs, type, root) is the root's"
                        + " in-place form: rank " + c.rank() + " is not root " + root);
            }
            VFlat out = VFlat.of("iGatherv buffer", recvbuf, recvcount, displs, recvtype, c.size(), true, true);
            return nbc(jmpi.coll.NonBlocking.igatherv(c, out.array, out.offset + out.displs[root], out.counts[root],
                    out.array, out.offset, out.counts, out.displs, out.base, root), out::back);
        });
    }

    /** MPI_Igatherv, the non-root side of the in-place form. */
    public final Request iGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, int root) throws MPIException {
        CoreComm c = intra("iGatherv");
        MPI.assertDirectBuffer(sendbuf);
        root(root, c);
        return call(() -> {
            if (c.rank() == root) {
                throw MPIException.of(ErrorClass.ERR_ROOT, "iGatherv(sendbuf, sendcount, type, root) is the non-root side"
                        + " of the in-place form");
            }
            Flat in = Flat.of("iGatherv send buffer", sendbuf, sendcount, sendtype, true, false);
            return nbc(jmpi.coll.NonBlocking.igatherv(c, in.array, in.offset, in.elements, null, 0, null, null, in.base,
                    root), null);
        });
    }

    /** MPI_Iscatter. */
    public final Request iScatter(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount,
                                  Datatype recvtype, int root) throws MPIException {
        CoreComm c = intra("iScatter");
        root(root, c);
        boolean mine = c.rank() == root;
        if (mine) {
            MPI.assertDirectBuffer(sendbuf, recvbuf);
        } else {
            MPI.assertDirectBuffer(recvbuf);
        }
        return call(() -> {
            Flat out = Flat.of("iScatter receive buffer", recvbuf, recvcount, recvtype, false, true);
            Flat in = null;
            if (mine) {
                sameBase("iScatter", sendtype, recvtype);
                in = Flat.of("iScatter send buffer", sendbuf, total(sendcount, c.size()), sendtype, true, false);
                same("iScatter", Flat.elements(sendtype, sendcount), out.elements);
                in = in.apart(out);
            }
            return nbc(jmpi.coll.NonBlocking.iscatter(c, in == null ? null : in.array, in == null ? 0 : in.offset,
                    out.array, out.offset, out.elements, out.base, root), out::back);
        });
    }

    /** MPI_Iscatter in place (the root keeps its block in {@code buf}). */
    public final Request iScatter(Buffer buf, int count, Datatype type, int root) throws MPIException {
        CoreComm c = intra("iScatter");
        MPI.assertDirectBuffer(buf);
        root(root, c);
        return call(() -> {
            if (c.rank() == root) {
                Flat f = Flat.of("iScatter buffer", buf, total(count, c.size()), type, true, false);
                int per = Flat.elements(type, count);
                return nbc(jmpi.coll.NonBlocking.iscatter(c, f.array, f.offset, f.array, f.offset + root * per, per,
                        f.base, root), null);
            }
            Flat f = Flat.of("iScatter buffer", buf, count, type, false, true);
            return nbc(jmpi.coll.NonBlocking.iscatter(c, null, 0, f.array, f.offset, f.elements, f.base, root), f::back);
        });
    }

    /** MPI_Iscatterv. */
    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, Buffer recvbuf,
                                   int recvcount, Datatype recvtype, int root) throws MPIException {
        CoreComm c = intra("iScatterv");
        root(root, c);
        boolean mine = c.rank() == root;
        if (mine) {
            MPI.assertDirectBuffer(sendbuf, recvbuf);
        } else {
            MPI.assertDirectBuffer(recvbuf);
        }
        return call(() -> {
            Flat out = Flat.of("iScatterv receive buffer", recvbuf, recvcount, recvtype, false, true);
            if (!mine) {
                return nbc(jmpi.coll.NonBlocking.iscatterv(c, null, 0, null, null, out.array, out.offset, out.elements,
                        out.base, root), out::back);
            }
            sameBase("iScatterv", sendtype, recvtype);
            VFlat in = VFlat.of("iScatterv send buffer", sendbuf, sendcount, displs, sendtype, c.size(), true, false);
            same("iScatterv", in.counts[root], out.elements);
            return nbc(jmpi.coll.NonBlocking.iscatterv(c, in.array, in.offset, in.counts, in.displs, out.array,
                    out.offset, out.elements, out.base, root), out::back);
        });
    }

    /** MPI_Iscatterv in place, at the root. */
    public final Request iScatterv(Buffer sendbuf, int[] sendcount, int[] displs, Datatype sendtype, int root)
            throws MPIException {
        CoreComm c = intra("iScatterv");
        MPI.assertDirectBuffer(sendbuf);
        root(root, c);
        return call(() -> {
            if (c.rank() != root) {
                throw MPIException.of(ErrorClass.ERR_ROOT, "iScatterv(sendbuf, sendcount, displs, type, root) is the root's"
                        + " in-place form: rank " + c.rank() + " is not root " + root);
            }
            VFlat in = VFlat.of("iScatterv buffer", sendbuf, sendcount, displs, sendtype, c.size(), true, false);
            return nbc(jmpi.coll.NonBlocking.iscatterv(c, in.array, in.offset, in.counts, in.displs, in.array,
                    in.offset + in.displs[root], in.counts[root], in.base, root), null);
        });
    }

    /** MPI_Iscatterv, the non-root side of the in-place form. */
    public final Request iScatterv(Buffer recvbuf, int recvcount, Datatype recvtype, int root) throws MPIException {
        CoreComm c = intra("iScatterv");
        MPI.assertDirectBuffer(recvbuf);
        root(root, c);
        return call(() -> {
            if (c.rank() == root) {
                throw MPIException.of(ErrorClass.ERR_ROOT, "iScatterv(recvbuf, recvcount, type, root) is the non-root side"
                        + " of the in-place form");
            }
            Flat out = Flat.of("iScatterv receive buffer", recvbuf, recvcount, recvtype, false, true);
            return nbc(jmpi.coll.NonBlocking.iscatterv(c, null, 0, null, null, out.array, out.offset, out.elements,
                    out.base, root), out::back);
        });
    }

    /** MPI_Iallgather. */
    public final Request iAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount,
                                    Datatype recvtype) throws MPIException {
        CoreComm c = intra("iAllGather");
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return call(() -> {
            sameBase("iAllGather", sendtype, recvtype);
            Flat in = Flat.of("iAllGather send buffer", sendbuf, sendcount, sendtype, true, false);
            Flat out = Flat.of("iAllGather receive buffer", recvbuf, total(recvcount, c.size()), recvtype, false, true);
            same("iAllGather", in.elements, Flat.elements(recvtype, recvcount));
            in = in.apart(out);
            return nbc(jmpi.coll.NonBlocking.iallgather(c, in.array, in.offset, out.array, out.offset, in.elements,
                    in.base), out::back);
        });
    }

    /** MPI_Iallgather in place. */
    public final Request iAllGather(Buffer buf, int count, Datatype type) throws MPIException {
        CoreComm c = intra("iAllGather");
        MPI.assertDirectBuffer(buf);
        return call(() -> {
            Flat f = Flat.of("iAllGather buffer", buf, total(count, c.size()), type, true, true);
            int per = Flat.elements(type, count);
            return nbc(jmpi.coll.NonBlocking.iallgather(c, f.array, f.offset + c.rank() * per, f.array, f.offset, per,
                    f.base), f::back);
        });
    }

    /** MPI_Iallgatherv. */
    public final Request iAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int[] recvcount,
                                     int[] displs, Datatype recvtype) throws MPIException {
        CoreComm c = intra("iAllGatherv");
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return call(() -> {
            sameBase("iAllGatherv", sendtype, recvtype);
            Flat in = Flat.of("iAllGatherv send buffer", sendbuf, sendcount, sendtype, true, false);
            VFlat out = VFlat.of("iAllGatherv receive buffer", recvbuf, recvcount, displs, recvtype, c.size(), false,
                    true);
            same("iAllGatherv", in.elements, out.counts[c.rank()]);
            Object s = in.array;
            int so = in.offset;
            if (s != null && s == out.array) {
                s = copyRange(in.array, in.offset, in.elements);
                so = 0;
            }
            return nbc(jmpi.coll.NonBlocking.iallgatherv(c, s, so, in.elements, out.array, out.offset, out.counts,
                    out.displs, in.base), out::back);
        });
    }

    /** MPI_Iallgatherv in place. */
    public final Request iAllGatherv(Buffer buf, int[] count, int[] displs, Datatype type) throws MPIException {
        CoreComm c = intra("iAllGatherv");
        MPI.assertDirectBuffer(buf);
        return call(() -> {
            VFlat f = VFlat.of("iAllGatherv buffer", buf, count, displs, type, c.size(), true, true);
            int me = c.rank();
            return nbc(jmpi.coll.NonBlocking.iallgatherv(c, f.array, f.offset + f.displs[me], f.counts[me], f.array,
                    f.offset, f.counts, f.displs, f.base), f::back);
        });
    }

    /** MPI_Ialltoall. */
    public final Request iAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf, int recvcount,
                                   Datatype recvtype) throws MPIException {
        CoreComm c = intra("iAllToAll");
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return call(() -> {
            sameBase("iAllToAll", sendtype, recvtype);
            Flat in = Flat.of("iAllToAll send buffer", sendbuf, total(sendcount, c.size()), sendtype, true, false);
            Flat out = Flat.of("iAllToAll receive buffer", recvbuf, total(recvcount, c.size()), recvtype, false, true);
            int per = Flat.elements(sendtype, sendcount);
            same("iAllToAll", per, Flat.elements(recvtype, recvcount));
            in = in.apart(out);
            return nbc(jmpi.coll.NonBlocking.ialltoall(c, in.array, in.offset, out.array, out.offset, per, in.base),
                    out::back);
        });
    }

    /** MPI_Ialltoallv. */
    public final Request iAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype, Buffer recvbuf,
                                    int[] recvcount, int[] rdispls, Datatype recvtype) throws MPIException {
        CoreComm c = intra("iAllToAllv");
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return call(() -> {
            sameBase("iAllToAllv", sendtype, recvtype);
            VFlat in = VFlat.of("iAllToAllv send buffer", sendbuf, sendcount, sdispls, sendtype, c.size(), true, false);
            VFlat out = VFlat.of("iAllToAllv receive buffer", recvbuf, recvcount, rdispls, recvtype, c.size(), false,
                    true);
            return nbc(jmpi.coll.NonBlocking.ialltoallv(c, in.array, in.offset, in.counts, in.displs, out.array,
                    out.offset, out.counts, out.displs, in.base), out::back);
        });
    }

    /** MPI_Ialltoallw: byte displacements, a datatype per peer. */
    public final Request iAllToAllw(Buffer sendBuf, int[] sendCount, int[] sDispls, Datatype[] sendTypes,
                                    Buffer recvBuf, int[] recvCount, int[] rDispls, Datatype[] recvTypes)
            throws MPIException {
        CoreComm c = intra("iAllToAllw");
        MPI.assertDirectBuffer(sendBuf, recvBuf);
        return call(() -> {
            W w = w("iAllToAllw", c.size(), sendBuf, sendCount, sDispls, sendTypes, recvBuf, recvCount, rDispls,
                    recvTypes);
            return nbc(jmpi.coll.NonBlocking.ialltoallw(c, w.sb, w.so, w.sc, w.st, w.rb, w.ro, w.rc, w.rt), w::back);
        });
    }

    /** MPI_Ireduce. */
    public final Request iReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op, int root)
            throws MPIException {
        CoreComm c = intra("iReduce");
        root(root, c);
        boolean mine = c.rank() == root;
        if (mine) {
            MPI.assertDirectBuffer(sendbuf, recvbuf);
        } else {
            MPI.assertDirectBuffer(sendbuf);
        }
        return call(() -> {
            Combiner comb = combiner(op, type);
            Flat in = Flat.of("iReduce send buffer", sendbuf, count, type, true, false);
            Flat out = mine ? Flat.of("iReduce receive buffer", recvbuf, count, type, false, true) : null;
            if (out != null) {
                in = in.apart(out);
            }
            Flat o = out;
            return nbc(jmpi.coll.NonBlocking.ireduce(c, in.array, in.offset, o == null ? null : o.array,
                    o == null ? 0 : o.offset, in.elements, in.base, comb, root), o == null ? null : o::back);
        });
    }

    /** MPI_Ireduce in place. */
    public final Request iReduce(Buffer buf, int count, Datatype type, Op op, int root) throws MPIException {
        CoreComm c = intra("iReduce");
        MPI.assertDirectBuffer(buf);
        root(root, c);
        return call(() -> {
            Combiner comb = combiner(op, type);
            boolean mine = c.rank() == root;
            Flat f = Flat.of("iReduce buffer", buf, count, type, true, mine);
            return nbc(jmpi.coll.NonBlocking.ireduce(c, f.array, f.offset, mine ? f.array : null, f.offset, f.elements,
                    f.base, comb, root), f::back);
        });
    }

    /** MPI_Iallreduce. */
    public final Request iAllReduce(Buffer sendbuf, Buffer recvbuf, int count, Datatype type, Op op)
            throws MPIException {
        CoreComm c = intra("iAllReduce");
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return call(() -> {
            Combiner comb = combiner(op, type);
            Flat in = Flat.of("iAllReduce send buffer", sendbuf, count, type, true, false);
            Flat out = Flat.of("iAllReduce receive buffer", recvbuf, count, type, false, true);
            in = in.apart(out);
            return nbc(jmpi.coll.NonBlocking.iallreduce(c, in.array, in.offset, out.array, out.offset, in.elements,
                    in.base, comb), out::back);
        });
    }

    /** MPI_Iallreduce in place. */
    public final Request iAllReduce(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        CoreComm c = intra("iAllReduce");
        MPI.assertDirectBuffer(buf);
        return call(() -> {
            Combiner comb = combiner(op, type);
            Flat f = Flat.of("iAllReduce buffer", buf, count, type, true, true);
            return nbc(jmpi.coll.NonBlocking.iallreduce(c, f.array, f.offset, f.array, f.offset, f.elements, f.base,
                    comb), f::back);
        });
    }

    /** MPI_Ireduce_scatter. */
    public final Request iReduceScatter(Buffer sendbuf, Buffer recvbuf, int[] recvcounts, Datatype type, Op op)
            throws MPIException {
        CoreComm c = intra("iReduceScatter");
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return call(() -> {
            Combiner comb = combiner(op, type);
            int[] n = counts("iReduceScatter", recvcounts, c.size());
            int[] elements = new int[n.length];
            long sum = 0;
            for (int i = 0; i < n.length; i++) {
                elements[i] = Flat.elements(type, n[i]);
                sum += n[i];
            }
            Flat in = Flat.of("iReduceScatter send buffer", sendbuf, (int) Math.min(sum, Integer.MAX_VALUE), type, true,
                    false);
            Flat out = Flat.of("iReduceScatter receive buffer", recvbuf, n[c.rank()], type, false, true);
            in = in.apart(out);
            return nbc(jmpi.coll.NonBlocking.ireduceScatter(c, in.array, in.offset, out.array, out.offset, elements,
                    in.base, comb), out::back);
        });
    }

    /** MPI_Ireduce_scatter in place: the vector in {@code buf}; this rank's block lands at its start. */
    public final Request iReduceScatter(Buffer buf, int[] counts, Datatype type, Op op) throws MPIException {
        CoreComm c = intra("iReduceScatter");
        MPI.assertDirectBuffer(buf);
        return call(() -> {
            Combiner comb = combiner(op, type);
            int[] n = counts("iReduceScatter", counts, c.size());
            int[] elements = new int[n.length];
            long sum = 0;
            for (int i = 0; i < n.length; i++) {
                elements[i] = Flat.elements(type, n[i]);
                sum += n[i];
            }
            Flat f = Flat.of("iReduceScatter buffer", buf, (int) Math.min(sum, Integer.MAX_VALUE), type, true, true);
            return nbc(jmpi.coll.NonBlocking.ireduceScatter(c, f.array, f.offset, f.array, f.offset, elements, f.base,
                    comb), f::back);
        });
    }

    /** MPI_Ireduce_scatter_block. */
    public final Request iReduceScatterBlock(Buffer sendbuf, Buffer recvbuf, int recvcount, Datatype type, Op op)
            throws MPIException {
        int[] counts = new int[getSize()];
        Arrays.fill(counts, recvcount);
        return iReduceScatter(sendbuf, recvbuf, counts, type, op);
    }

    /** MPI_Ireduce_scatter_block in place. */
    public final Request iReduceScatterBlock(Buffer buf, int count, Datatype type, Op op) throws MPIException {
        int[] counts = new int[getSize()];
        Arrays.fill(counts, count);
        return iReduceScatter(buf, counts, type, op);
    }

    // ------------------------------------------------------------------ neighbourhood collectives

    /**
     * The topology's neighbours without MPI.PROC_NULL (a Cartesian grid's edge): {in, out, inIndex, outIndex},
     * the indexes being each kept neighbour's block number.
     */
    private int[][] neighbours(String call) throws MPIException {
        CoreComm c = core();
        if (topology == null) {
            throw raise(MPIException.of(ErrorClass.ERR_TOPOLOGY, call + ": " + this + " has no topology"));
        }
        int[] in = topology.inNeighbors(c.rank());
        int[] out = topology.outNeighbors(c.rank());
        return new int[][] {kept(in, false), kept(out, false), kept(in, true), kept(out, true)};
    }

    private static int[] kept(int[] ranks, boolean indexes) {
        return java.util.stream.IntStream.range(0, ranks.length).filter(i -> ranks[i] != MPI.PROC_NULL)
                .map(i -> indexes ? i : ranks[i]).toArray();
    }

    private static int[] pick(int[] values, int[] indexes) {
        int[] out = new int[indexes.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = values[indexes[i]];
        }
        return out;
    }

    /** MPI_Neighbor_allgather. */
    public final void neighborAllGather(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
                                        int recvcount, Datatype recvtype) throws MPIException {
        neighborAllGatherStart(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, "neighborAllGather")
                .waitFor();
    }

    /** MPI_Ineighbor_allgather. */
    public final Request iNeighborAllGather(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
                                            int recvcount, Datatype recvtype) throws MPIException {
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return neighborAllGatherStart(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, "iNeighborAllGather");
    }

    private Request neighborAllGatherStart(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
                                           int recvcount, Datatype recvtype, String call) throws MPIException {
        CoreComm c = intra(call);
        return call(() -> {
            int[][] nb = neighbours(call);
            int ns = topology.inNeighbors(c.rank()).length;
            sameBase(call, sendtype, recvtype);
            Flat in = Flat.of(call + " send buffer", sendbuf, sendcount, sendtype, true, false);
            Flat out = Flat.of(call + " receive buffer", recvbuf, total(recvcount, ns), recvtype, true, true);
            int per = Flat.elements(recvtype, recvcount);
            same(call, in.elements, per);
            in = in.apart(out);
            int[] counts = new int[nb[2].length];
            int[] displs = new int[nb[2].length];
            for (int i = 0; i < counts.length; i++) {
                counts[i] = per;
                displs[i] = nb[2][i] * per;
            }
            return nbc(jmpi.coll.NonBlocking.ineighborAllgatherv(c, nb[0], nb[1], in.array, in.offset, in.elements,
                    out.array, out.offset, counts, displs, in.base), out::back);
        });
    }

    /** MPI_Neighbor_allgatherv. */
    public final void neighborAllGatherv(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
                                         int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        neighborAllGathervStart(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype,
                "neighborAllGatherv").waitFor();
    }

    /** MPI_Ineighbor_allgatherv. */
    public final Request iNeighborAllGatherv(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
                                             int[] recvcount, int[] displs, Datatype recvtype) throws MPIException {
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return neighborAllGathervStart(sendbuf, sendcount, sendtype, recvbuf, recvcount, displs, recvtype,
                "iNeighborAllGatherv");
    }

    private Request neighborAllGathervStart(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
                                            int[] recvcount, int[] displs, Datatype recvtype, String call)
            throws MPIException {
        CoreComm c = intra(call);
        return call(() -> {
            int[][] nb = neighbours(call);
            int ns = topology.inNeighbors(c.rank()).length;
            sameBase(call, sendtype, recvtype);
            Flat in = Flat.of(call + " send buffer", sendbuf, sendcount, sendtype, true, false);
            VFlat out = VFlat.of(call + " receive buffer", recvbuf, recvcount, displs, recvtype, ns, true, true);
            Object s = in.array;
            int so = in.offset;
            if (s != null && s == out.array) {
                s = copyRange(in.array, in.offset, in.elements);
                so = 0;
            }
            return nbc(jmpi.coll.NonBlocking.ineighborAllgatherv(c, nb[0], nb[1], s, so, in.elements, out.array,
                    out.offset, pick(out.counts, nb[2]), pick(out.displs, nb[2]), in.base), out::back);
        });
    }

    /** MPI_Neighbor_alltoall. */
    public final void neighborAllToAll(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
                                       int recvcount, Datatype recvtype) throws MPIException {
        neighborAllToAllStart(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, "neighborAllToAll").waitFor();
    }

    /** MPI_Ineighbor_alltoall. */
    public final Request iNeighborAllToAll(Buffer sendbuf, int sendcount, Datatype sendtype, Buffer recvbuf,
                                           int recvcount, Datatype recvtype) throws MPIException {
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return neighborAllToAllStart(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, "iNeighborAllToAll");
    }

    private Request neighborAllToAllStart(Object sendbuf, int sendcount, Datatype sendtype, Object recvbuf,
                                          int recvcount, Datatype recvtype, String call) throws MPIException {
        CoreComm c = intra(call);
        return call(() -> {
            int[][] nb = neighbours(call);
            int ns = topology.inNeighbors(c.rank()).length;
            int nd = topology.outNeighbors(c.rank()).length;
            sameBase(call, sendtype, recvtype);
            int per = Flat.elements(sendtype, sendcount);
            same(call, per, Flat.elements(recvtype, recvcount));
            Flat in = Flat.of(call + " send buffer", sendbuf, total(sendcount, nd), sendtype, true, false);
            Flat out = Flat.of(call + " receive buffer", recvbuf, total(recvcount, ns), recvtype, true, true);
            in = in.apart(out);
            int[] sc = new int[nb[3].length];
            int[] sd = new int[nb[3].length];
            for (int j = 0; j < sc.length; j++) {
                sc[j] = per;
                sd[j] = nb[3][j] * per;
            }
            int[] rc = new int[nb[2].length];
            int[] rd = new int[nb[2].length];
            for (int i = 0; i < rc.length; i++) {
                rc[i] = per;
                rd[i] = nb[2][i] * per;
            }
            return nbc(jmpi.coll.NonBlocking.ineighborAlltoallv(c, nb[0], nb[1], in.array, in.offset, sc, sd, out.array,
                    out.offset, rc, rd, in.base), out::back);
        });
    }

    /** MPI_Neighbor_alltoallv. */
    public final void neighborAllToAllv(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
                                        Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        neighborAllToAllvStart(sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype,
                "neighborAllToAllv").waitFor();
    }

    /** MPI_Ineighbor_alltoallv. */
    public final Request iNeighborAllToAllv(Buffer sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
                                            Buffer recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype)
            throws MPIException {
        MPI.assertDirectBuffer(sendbuf, recvbuf);
        return neighborAllToAllvStart(sendbuf, sendcount, sdispls, sendtype, recvbuf, recvcount, rdispls, recvtype,
                "iNeighborAllToAllv");
    }

    private Request neighborAllToAllvStart(Object sendbuf, int[] sendcount, int[] sdispls, Datatype sendtype,
                                           Object recvbuf, int[] recvcount, int[] rdispls, Datatype recvtype,
                                           String call) throws MPIException {
        CoreComm c = intra(call);
        return call(() -> {
            int[][] nb = neighbours(call);
            int ns = topology.inNeighbors(c.rank()).length;
            int nd = topology.outNeighbors(c.rank()).length;
            sameBase(call, sendtype, recvtype);
            VFlat in = VFlat.of(call + " send buffer", sendbuf, sendcount, sdispls, sendtype, nd, true, false);
            VFlat out = VFlat.of(call + " receive buffer", recvbuf, recvcount, rdispls, recvtype, ns, true, true);
            Object s = in.array;
            if (s != null && s == out.array) {
                s = copyOf(in.array, java.lang.reflect.Array.getLength(in.array));
            }
            return nbc(jmpi.coll.NonBlocking.ineighborAlltoallv(c, nb[0], nb[1], s, in.offset, pick(in.counts, nb[3]),
                    pick(in.displs, nb[3]), out.array, out.offset, pick(out.counts, nb[2]), pick(out.displs, nb[2]),
                    in.base), out::back);
        });
    }

    static Combiner combiner(Op op, Datatype type) throws MPIException {
        if (op == null) {
            throw MPIException.of(ErrorClass.ERR_OP, "the operation is null");
        }
        return op.combiner(type);
    }

    private static int[] counts(String call, int[] counts, int size) throws MPIException {
        if (counts == null || counts.length < size) {
            throw MPIException.of(ErrorClass.ERR_ARG, call + ": " + (counts == null ? "no" : counts.length)
                    + " counts for " + size + " ranks");
        }
        for (int i = 0; i < size; i++) {
            if (counts[i] < 0) {
                throw MPIException.of(ErrorClass.ERR_COUNT, call + ": counts[" + i + "] = " + counts[i] + " is negative");
            }
        }
        return Arrays.copyOf(counts, size);
    }

    /** Both sides of a block move the same number of base elements (else ERR_COUNT / ERR_TRUNCATE). */
    private static void same(String call, int sent, int received) throws MPIException {
        if (sent > received) {
            throw MPIException.of(ErrorClass.ERR_TRUNCATE, call + ": " + sent + " elements sent, room for " + received);
        }
        if (sent < received) {
            throw MPIException.of(ErrorClass.ERR_COUNT, call + ": " + sent + " elements sent, " + received + " expected");
        }
    }

    static Object copyOf(Object array, int length) {
        if (array == null) {
            return null;
        }
        Object copy = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), length);
        System.arraycopy(array, 0, copy, 0, Math.min(length, java.lang.reflect.Array.getLength(array)));
        return copy;
    }

    static Object copyRange(Object array, int from, int n) {
        if (array == null) {
            return null;
        }
        Object copy = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), n);
        System.arraycopy(array, from, copy, 0, n);
        return copy;
    }

    @Override
    public String toString() {
        return name;
    }
}
