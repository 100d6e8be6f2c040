package mpi;

import java.util.Arrays;

import jmpi.core.CoreComm;
import jmpi.core.CoreRequest;
import jmpi.core.Engine;
import jmpi.core.Envelope;
import jmpi.core.ErrorClass;
import jmpi.core.Message;
import jmpi.core.MpiError;
import jmpi.core.RecvRequest;
import jmpi.core.SendMode;
import jmpi.core.SendRequest;
import jmpi.core.jfr.PointToPointEvent;
import jmpi.core.jfr.WaitEvent;
import jmpi.datatype.BasicType;
import jmpi.spi.JobAbortedError;

/**
 * A communicator: point-to-point communication among a group of ranks (mpiJava 1.2 {@code Comm}).
 * Each method checks its arguments, hands the work to the rank's engine, and reports errors through
 * the communicator's error handler.
 *
 * <p>Why this file is long (~690 lines): it is the whole of mpiJava 1.2's and MPJ Express's {@code Comm}, about
 * 45 public methods, each a javadoc, a few checks and one call into the engine. What is more than that lives
 * beside it: argument checks in {@link Checks}, {@code Pack}/{@code Unpack} in {@link Packing}, aliased
 * buffers in {@link Alias}, MPJ Express's buffers in {@link MpjBuffers}, derived-type flattening in
 * {@link Flat}.
 */
public class Comm {
    private final String name;
    private volatile CoreComm core;
    private Errhandler errhandler = MPI.ERRORS_ARE_FATAL;
    /** Predefined attributes deleted from this communicator by {@link #Attr_delete} (MPJ Express). */
    private final java.util.Set<Integer> deletedAttributes = java.util.concurrent.ConcurrentHashMap.newKeySet();

    Comm(String name) {
        this.name = name;
    }

    Comm(String name, CoreComm core) {
        this.name = name;
        this.core = core;
    }

    void bind(CoreComm c) {
        this.core = c;
    }

    /** The engine's communicator, or an error when MPI is not running or this communicator was freed. */
    CoreComm core() {
        MPI.live();
        CoreComm c = core;
        if (c == null) {
            throw new MpiError(ErrorClass.ERR_COMM, this == MPI.COMM_NULL ? "MPI.COMM_NULL is the null communicator"
                    : name + " has been freed");
        }
        return c;
    }

    /**
     * Applies the error handler: returns the exception to throw (ERRORS_RETURN), or ends the job and
     * unwinds the rank (ERRORS_ARE_FATAL).
     */
    MPIException raise(MpiError e) {
        if (this == MPI.COMM_NULL) {
            return MPI.COMM_WORLD.raise(e); // the null communicator has no handler of its own: MPI uses COMM_WORLD's
        }
        MPIException ex = new MPIException(e);
        if (errhandler.fatal) {
            Engine engine = MPI.engine;
            String why = "MPI error in " + name + " with MPI.ERRORS_ARE_FATAL: " + e.getMessage();
            if (engine != null) {
                engine.job().fail(engine.worldRank(), e.errorClass().code(), why, ex);
            }
            throw new JobAbortedError(why, ex);
        }
        return ex;
    }

    // ------------------------------------------------------------------ basic queries

    /** MPI_Comm_rank. */
    public int Rank() {
        try {
            return core().rank();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Comm_size. */
    public int Size() {
        try {
            return core().size();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Comm_test_inter. */
    public boolean Test_inter() {
        try {
            return core().isInter();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Comm_group: the (local) group of this communicator. */
    public Group Group() {
        try {
            CoreComm c = core();
            return new Group(c.worldRanks(), c.engine().worldRank());
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Topo_test: {@link MPI#CART}, {@link MPI#GRAPH}, or {@link MPI#UNDEFINED} for no topology. */
    public int Topo_test() {
        try {
            core();
            return MPI.UNDEFINED;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Attr_get of a predefined attribute: {@link MPI#TAG_UB} (largest tag), {@link MPI#HOST}
     * ({@link MPI#PROC_NULL}: no host rank), {@link MPI#IO} ({@link MPI#ANY_SOURCE}: every rank may do
     * I/O), {@link MPI#WTIME_IS_GLOBAL} (0: clocks of different hosts are not synchronized). An unknown
     * key, or one removed by {@link #Attr_delete}, is {@code ERR_ARG}.
     *
     * <p>Returned as an {@link Integer}: mpiJava 1.2 declares {@code int Attr_get(int)} and MPJ Express
     * {@code Object Attr_get(int)}; Java cannot have both, and {@code Integer} is the one type both kinds
     * of program compile against ({@code int t = comm.Attr_get(k)}, {@code Object o = comm.Attr_get(k)},
     * {@code ((Integer) comm.Attr_get(k)).intValue()}).
     */
    public Integer Attr_get(int keyval) {
        try {
            core();
            if (deletedAttributes.contains(keyval)) {
                throw new MpiError(ErrorClass.ERR_ARG, "attribute " + keyval + " was deleted from " + name);
            }
            return switch (keyval) {
                case MPI.TAG_UB -> MPI.TAG_UB_VALUE;
                case MPI.HOST -> MPI.PROC_NULL;
                case MPI.IO -> MPI.ANY_SOURCE;
                case MPI.WTIME_IS_GLOBAL -> 0;
                default -> throw unknownAttribute(keyval);
            };
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    private static MpiError unknownAttribute(int keyval) {
        return new MpiError(ErrorClass.ERR_ARG, "no attribute with key " + keyval
                + " (predefined: MPI.TAG_UB, MPI.HOST, MPI.IO, MPI.WTIME_IS_GLOBAL)");
    }

    /**
     * MPI_Attr_delete (MPJ Express; mpiJava 1.2 removed it): this communicator no longer has the
     * attribute, so a later {@link #Attr_get} of it fails with {@code ERR_ARG}, as in MPJ Express. Other
     * communicators, including later duplicates of this one, keep it. An unknown key is {@code ERR_ARG}.
     */
    public void Attr_delete(int keyval) {
        try {
            core();
            if (keyval != MPI.TAG_UB && keyval != MPI.HOST && keyval != MPI.IO && keyval != MPI.WTIME_IS_GLOBAL) {
                throw unknownAttribute(keyval);
            }
            deletedAttributes.add(keyval);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Intercomm_create, called on the peer communicator (as in mpiJava): an inter-communicator
     * between the group of {@code local_comm} and the group whose leader is {@code remote_leader} in
     * this communicator. Collective over both groups; the leaders talk over this communicator with
     * {@code tag}.
     */
    public Intercomm Create_intercomm(Comm local_comm, int local_leader, int remote_leader, int tag) {
        try {
            if (local_comm == null) {
                throw new MpiError(ErrorClass.ERR_COMM, "local communicator is null");
            }
            CoreComm local = local_comm.core();
            if (local.isInter()) {
                throw new MpiError(ErrorClass.ERR_COMM, "the local communicator must be an intra-communicator");
            }
            Checks.rankIn("local leader", local_leader, local.size());
            CoreComm peer = null;
            if (local.rank() == local_leader) {
                peer = core();
                Checks.rankIn("remote leader", remote_leader, peer.peers());
                Checks.sendTag(tag);
            }
            return inherit(new Intercomm(name + ".inter", local.engine().createIntercomm(local, local_leader, peer,
                    remote_leader, tag)));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** True once this communicator has been freed (MPI_COMM_NULL). */
    public boolean Is_null() {
        return core == null;
    }

    /**
     * MPI_Comm_compare: IDENT (same communicator), CONGRUENT (same members, same order), SIMILAR, UNEQUAL.
     * An error (a freed communicator) goes to {@code comm1}'s error handler.
     */
    public static int Compare(Comm comm1, Comm comm2) {
        CoreComm a;
        CoreComm b;
        try {
            a = comm1.core();
            b = comm2.core();
        } catch (MpiError e) {
            throw comm1.raise(e);
        }
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

    /** MPI_Comm_dup, as mpiJava's {@code clone()}. */
    @Override
    public Object clone() {
        return Dup();
    }

    /** MPI_Comm_dup: same members, new context; inherits the error handler. Collective. */
    public Comm Dup() {
        try {
            Comm c = new Comm(name + ".dup", core().engine().dup(core()));
            c.errhandler = errhandler;
            return c;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** Copies this communicator's error handler to {@code c}, a communicator made from it. */
    <C extends Comm> C inherit(C c) {
        ((Comm) c).errhandler = errhandler;
        return c;
    }

    String name() {
        return name;
    }

    /** MPI_Comm_free. The predefined communicators cannot be freed; a freed one is unusable. */
    public void Free() {
        try {
            CoreComm c = core();
            if (this == MPI.COMM_WORLD || this == MPI.COMM_SELF) {
                throw new MpiError(ErrorClass.ERR_COMM, "cannot free " + name);
            }
            core = null;
            c.engine().free(c);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Errhandler_set. */
    public void Errhandler_set(Errhandler handler) {
        if (this == MPI.COMM_NULL) {
            throw raise(new MpiError(ErrorClass.ERR_COMM, "MPI.COMM_NULL has no error handler"));
        }
        if (handler == null) {
            throw raise(new MpiError(ErrorClass.ERR_ARG, "error handler is null"));
        }
        this.errhandler = handler;
    }

    /** MPI_Errhandler_get. */
    public Errhandler Errhandler_get() {
        return errhandler;
    }

    /** mpiJava 1.2's name for {@link #Errhandler_set} (its section 7.2). */
    public void Errorhandler_set(Errhandler handler) {
        Errhandler_set(handler);
    }

    /** mpiJava 1.2's name for {@link #Errhandler_get}. */
    public Errhandler Errorhandler_get() {
        return Errhandler_get();
    }

    /** MPI_Abort: ends the whole job with {@code errorcode} as its exit code (0 becomes 1: an abort is a failure). */
    public void Abort(int errorcode) {
        Engine engine = MPI.live();
        int code = errorcode == 0 ? 1 : errorcode;
        String why = "MPI_Abort(" + errorcode + ") called on " + name;
        engine.job().fail(engine.worldRank(), code, why, null);
        throw new JobAbortedError(why);
    }

    // ------------------------------------------------------------------ blocking point-to-point

    /** MPI_Send. */
    public void Send(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        if (PointToPointEvent.enabled()) {
            profiledSend(buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
        } else {
            blockingSend(buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
        }
    }

    /** MPI_Bsend: buffered in the space given to {@link MPI#Buffer_attach}. */
    public void Bsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        if (PointToPointEvent.enabled()) {
            profiledSend(buf, offset, count, datatype, dest, tag, SendMode.BUFFERED);
        } else {
            blockingSend(buf, offset, count, datatype, dest, tag, SendMode.BUFFERED);
        }
    }

    /** MPI_Ssend: returns once the matching receive has started. */
    public void Ssend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        if (PointToPointEvent.enabled()) {
            profiledSend(buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
        } else {
            blockingSend(buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
        }
    }

    /** MPI_Rsend: the matching receive must already be posted. */
    public void Rsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        if (PointToPointEvent.enabled()) {
            profiledSend(buf, offset, count, datatype, dest, tag, SendMode.READY);
        } else {
            blockingSend(buf, offset, count, datatype, dest, tag, SendMode.READY);
        }
    }

    private void blockingSend(Object buf, int offset, int count, Datatype datatype, int dest, int tag, SendMode mode) {
        try {
            CoreComm c = checkSend(buf, offset, count, datatype, dest, tag);
            if (sendNow(c, buf, offset, count, datatype, dest, tag, mode)) {
                return;
            }
            SendRequest r = isend(c, buf, offset, count, datatype, dest, tag, mode);
            r.engine().await(r);
            r.throwIfFailed();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** A blocking send recorded as a JFR event ({@code jmpi.PointToPoint}). */
    private void profiledSend(Object buf, int offset, int count, Datatype datatype, int dest, int tag, SendMode mode) {
        PointToPointEvent ev = PointToPointEvent.start();
        blockingSend(buf, offset, count, datatype, dest, tag, mode);
        if (ev != null) {
            sendEvent(ev, mode, true, dest, tag, buf, count, datatype);
        }
    }

    /** MPI_Recv. */
    public Status Recv(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        if (PointToPointEvent.enabled()) {
            return profiledRecv(buf, offset, count, datatype, source, tag);
        }
        try {
            RecvRequest r = startRecv(buf, offset, count, datatype, source, tag);
            r.engine().await(r);
            r.throwIfFailed();
            settleBuffer(buf, datatype);
            return Status.of(r);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** {@link #Recv} recorded as a JFR event: the same steps, and the event with the matched source and tag. */
    private Status profiledRecv(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        PointToPointEvent ev = PointToPointEvent.start();
        try {
            RecvRequest r = startRecv(buf, offset, count, datatype, source, tag);
            r.engine().await(r);
            r.throwIfFailed();
            settleBuffer(buf, datatype);
            if (ev != null) {
                p2pEvent(ev, "Recv", r.source(), r.tag(), received(r));
            }
            return Status.of(r);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Sendrecv. */
    public Status Sendrecv(Object sendbuf, int sendoffset, int sendcount, Datatype sendtype, int dest, int sendtag,
                           Object recvbuf, int recvoffset, int recvcount, Datatype recvtype, int source, int recvtag) {
        PointToPointEvent ev = PointToPointEvent.start(); // JFR: null unless jmpi.PointToPoint is enabled
        long sentBytes = ev == null ? 0 : bytesOf(sendbuf, sendcount, sendtype);
        try {
            if (sendbuf != null && sendbuf == recvbuf && sendtype != null && recvtype != null) {
                // The same array as both buffers (see Alias): send from a copy of the send region.
                Checks.buffer(sendbuf, sendoffset, sendcount, sendtype);
                Checks.buffer(recvbuf, recvoffset, recvcount, recvtype);
                Alias.Range sent = Alias.reach(sendoffset, sendcount, sendtype);
                if (sent.overlaps(Alias.reach(recvoffset, recvcount, recvtype))) {
                    Alias.Send copy = Alias.copy(sendbuf, sendoffset, sent);
                    sendbuf = copy.array();
                    sendoffset = copy.offset();
                }
            }
            RecvRequest r = startRecv(recvbuf, recvoffset, recvcount, recvtype, source, recvtag);
            SendRequest s = startSend(sendbuf, sendoffset, sendcount, sendtype, dest, sendtag, SendMode.STANDARD);
            r.engine().await(s);
            r.engine().await(r);
            s.throwIfFailed();
            r.throwIfFailed();
            settleBuffer(recvbuf, recvtype);
            if (ev != null) {
                p2pEvent(ev, "Sendrecv", dest, sendtag, sentBytes + received(r));
            }
            return Status.of(r);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Sendrecv_replace: sends from and receives into the same buffer. */
    public Status Sendrecv_replace(Object buf, int offset, int count, Datatype datatype, int dest, int sendtag,
                                   int source, int recvtag) {
        PointToPointEvent ev = PointToPointEvent.start();
        try {
            Checks.buffer(buf, offset, count, datatype);
            // The scratch array has the buffer's own element type, so that received objects the buffer
            // cannot hold fail the receive (ERR_TYPE) instead of the copy back.
            jmpi.datatype.PackPlan plan = datatype.planForMessages();
            // A derived type: the scratch array mirrors the whole buffer, so the type lays out both alike.
            int tempOffset = plan == null ? 0 : offset;
            Object temp = buf == null ? null : java.lang.reflect.Array.newInstance(buf.getClass().getComponentType(),
                    plan == null ? count : java.lang.reflect.Array.getLength(buf));
            RecvRequest r = startRecv(temp, tempOffset, count, datatype, source, recvtag);
            SendRequest s = startSend(buf, offset, count, datatype, dest, sendtag, SendMode.STANDARD);
            r.engine().await(s);
            r.engine().await(r);
            s.throwIfFailed();
            r.throwIfFailed();
            if (r.count() > 0) {
                if (plan == null) {
                    System.arraycopy(temp, 0, buf, offset, r.count());
                } else {
                    jmpi.datatype.PackPlan.copyRange(temp, offset, count, plan, buf, offset, count, plan, 0, r.count());
                }
            }
            if (ev != null) {
                p2pEvent(ev, "Sendrecv_replace", dest, sendtag, bytesOf(buf, count, datatype) + received(r));
            }
            return Status.of(r);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    // ------------------------------------------------------------------ non-blocking point-to-point

    /** MPI_Isend. */
    public Request Isend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend(buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
    }

    /** MPI_Ibsend. */
    public Request Ibsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend(buf, offset, count, datatype, dest, tag, SendMode.BUFFERED);
    }

    /** MPI_Issend. */
    public Request Issend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend(buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
    }

    /** MPI_Irsend. */
    public Request Irsend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return nonBlockingSend(buf, offset, count, datatype, dest, tag, SendMode.READY);
    }

    private Request nonBlockingSend(Object buf, int offset, int count, Datatype datatype, int dest, int tag,
                                    SendMode mode) {
        PointToPointEvent ev = PointToPointEvent.start(); // JFR: null unless jmpi.PointToPoint is enabled
        try {
            CoreComm c = checkSend(buf, offset, count, datatype, dest, tag);
            // A send done at once gets a request of its own, whose operation is the engine's shared completed send;
            // not while JFR records waits (jmpi.Wait names the operation's peer and tag).
            Request r = !WaitEvent.enabled() && sendNow(c, buf, offset, count, datatype, dest, tag, mode)
                    ? new Request.Sent(this, c.engine().completedSend(), dest, tag)
                    : new Request(this, isend(c, buf, offset, count, datatype, dest, tag, mode));
            if (ev != null) {
                sendEvent(ev, mode, false, dest, tag, buf, count, datatype);
            }
            return r;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Irecv. */
    public Request Irecv(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        PointToPointEvent ev = PointToPointEvent.start();
        try {
            Request r = new Request(this, startRecv(buf, offset, count, datatype, source, tag));
            if (ev != null) {
                p2pEvent(ev, "Irecv", source, tag, bytesOf(buf, count, datatype));
            }
            return r;
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    // ------------------------------------------------------------------ persistent requests

    /** MPI_Send_init. */
    public Prequest Send_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return persistentSend(buf, offset, count, datatype, dest, tag, SendMode.STANDARD);
    }

    /** MPI_Bsend_init. */
    public Prequest Bsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return persistentSend(buf, offset, count, datatype, dest, tag, SendMode.BUFFERED);
    }

    /** MPI_Ssend_init. */
    public Prequest Ssend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return persistentSend(buf, offset, count, datatype, dest, tag, SendMode.SYNCHRONOUS);
    }

    /** MPI_Rsend_init. */
    public Prequest Rsend_init(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        return persistentSend(buf, offset, count, datatype, dest, tag, SendMode.READY);
    }

    private Prequest persistentSend(Object buf, int offset, int count, Datatype datatype, int dest, int tag,
                                    SendMode mode) {
        try {
            checkSend(buf, offset, count, datatype, dest, tag);
            return new Prequest(this, () -> startSend(buf, offset, count, datatype, dest, tag, mode));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Recv_init. */
    public Prequest Recv_init(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        try {
            checkRecv(buf, offset, count, datatype, source, tag);
            return new Prequest(this, () -> startRecv(buf, offset, count, datatype, source, tag));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    // ------------------------------------------------------------------ probes

    /** MPI_Probe: waits for a matching message and describes it without receiving it. */
    public Status Probe(int source, int tag) {
        PointToPointEvent ev = PointToPointEvent.start();
        try {
            CoreComm c = core();
            Checks.source(source, c.peers());
            Checks.recvTag(tag);
            jmpi.core.ProbeStatus p = c.engine().probe(c, source, tag);
            if (ev != null) {
                p2pEvent(ev, "Probe", p.source(), p.tag(), 0);
            }
            return Status.of(p);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Iprobe: a matching message's status, or null when none has arrived. */
    public Status Iprobe(int source, int tag) {
        try {
            CoreComm c = core();
            Checks.source(source, c.peers());
            Checks.recvTag(tag);
            var p = c.engine().iprobe(c, source, tag);
            return p == null ? null : Status.of(p);
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    // ------------------------------------------------------------------ packing (bodies in Packing)

    /**
     * MPI_Pack: appends {@code incount} items of {@code datatype} to {@code outbuf} at {@code position};
     * returns the position after them (send the bytes with {@code MPI.PACKED} or {@code MPI.BYTE}).
     */
    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, byte[] outbuf, int position) {
        try {
            core();
            return Packing.pack(inbuf, offset, incount, datatype, outbuf, position);
        } catch (jmpi.datatype.DatatypeException e) {
            throw raise(Datatype.error(e));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Unpack: reads {@code outcount} items of {@code datatype} from {@code inbuf} at {@code position}; returns the position after them. */
    public int Unpack(byte[] inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype) {
        try {
            return Packing.unpack(inbuf, position, outbuf, offset, outcount, datatype, core().engine());
        } catch (jmpi.datatype.DatatypeException e) {
            throw raise(Datatype.error(e));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Pack_size: an upper bound of the bytes {@link #Pack} adds for {@code incount} items, into a
     * {@code byte[]} (which takes exactly the elements' bytes) or into an {@code mpjbuf.Buffer} (where each
     * {@code Pack} is a section: a {@code Buffer.SECTION_OVERHEAD}-byte header and the data padded to
     * {@code Buffer.ALIGNMENT_UNIT}). The bound covers the latter, as MPJ Express's does, so that a
     * {@code Buffer} sized by {@code Pack_size} holds what is packed into it.
     */
    public int Pack_size(int incount, Datatype datatype) {
        try {
            core();
            return Packing.packSize(incount, datatype);
        } catch (jmpi.datatype.DatatypeException e) {
            throw raise(Datatype.error(e));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Pack into MPJ Express's buffer: writes {@code incount} items of {@code datatype} as one new
     * section of {@code outbuf} starting at {@code position} (the value the previous {@code Pack}
     * returned, 0 for the first), and returns the position after them ({@code outbuf.getSize()}). A
     * derived type's elements go into one section of its base type. Send the buffer with
     * {@code MPI.PACKED}.
     */
    public int Pack(Object inbuf, int offset, int incount, Datatype datatype, mpjbuf.Buffer outbuf, int position) {
        try {
            core();
            return Packing.pack(inbuf, offset, incount, datatype, outbuf, position);
        } catch (mpjbuf.BufferException e) {
            throw raise(MpjBuffers.error("Pack into an mpjbuf.Buffer", e));
        } catch (jmpi.datatype.DatatypeException e) {
            throw raise(Datatype.error(e));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /**
     * MPI_Unpack from MPJ Express's buffer: reads the next section of {@code inbuf} (received, or
     * committed) into {@code outcount} items of {@code datatype} from {@code offset}; sections are read in
     * order, whatever {@code position} says. Returns {@code position} advanced past the section, as the
     * matching {@code Pack} did. The section must hold elements of the datatype's base type
     * ({@code ERR_TYPE}) and no more than fit ({@code ERR_TRUNCATE}); fewer fill the first elements.
     */
    public int Unpack(mpjbuf.Buffer inbuf, int position, Object outbuf, int offset, int outcount, Datatype datatype) {
        try {
            core();
            return Packing.unpack(inbuf, position, outbuf, offset, outcount, datatype);
        } catch (mpjbuf.BufferException e) {
            throw raise(MpjBuffers.error("Unpack from an mpjbuf.Buffer", e));
        } catch (jmpi.datatype.DatatypeException e) {
            throw raise(Datatype.error(e));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** After a blocking receive into an {@code mpjbuf.Buffer}: the buffer takes the message in now. */
    private static void settleBuffer(Object buf, Datatype datatype) {
        if (MpjBuffers.isMessage(buf, datatype)) {
            try {
                jmpi.mpj.BufferAccess.settleNow((mpjbuf.Buffer) buf);
            } catch (mpjbuf.BufferException e) {
                throw MpjBuffers.error("receive into an mpjbuf.Buffer", e);
            }
        }
    }

    // ------------------------------------------------------------------ shared pieces

    private CoreComm checkSend(Object buf, int offset, int count, Datatype datatype, int dest, int tag) {
        CoreComm c = core();
        if (!MpjBuffers.isMessage(buf, datatype)) {
            Checks.buffer(buf, offset, count, datatype);
        }
        Checks.dest(dest, c.peers());
        Checks.sendTag(tag);
        return c;
    }

    private CoreComm checkRecv(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        CoreComm c = core();
        if (!MpjBuffers.isMessage(buf, datatype)) {
            Checks.receiveBuffer(buf, offset, count, datatype);
        }
        Checks.source(source, c.peers());
        Checks.recvTag(tag);
        return c;
    }

    SendRequest startSend(Object buf, int offset, int count, Datatype datatype, int dest, int tag, SendMode mode) {
        return isend(checkSend(buf, offset, count, datatype, dest, tag), buf, offset, count, datatype, dest, tag, mode);
    }

    /**
     * The send of {@link #startSend} when it needs no request ({@link jmpi.core.Engine#sendNow}: a small message the
     * transport took at once); false when nothing was sent. Arguments checked ({@link #checkSend}).
     */
    private static boolean sendNow(CoreComm c, Object buf, int offset, int count, Datatype datatype, int dest, int tag,
                                   SendMode mode) {
        return !MpjBuffers.isMessage(buf, datatype) && c.engine().sendNow(c, Envelope.of(c, dest, tag),
                new Message(buf, offset, count, datatype.basic(), datatype.planForMessages()), mode);
    }

    /** {@link #startSend} after {@link #checkSend}. */
    private static SendRequest isend(CoreComm c, Object buf, int offset, int count, Datatype datatype, int dest, int tag,
                                     SendMode mode) {
        if (MpjBuffers.isMessage(buf, datatype)) {
            // MPJ Express's PACKED send of a buffer: the whole buffer (offset and count ignored) as one
            // message; the buffer is committed, copied, and cleared for reuse.
            byte[] message;
            try {
                message = jmpi.mpj.BufferAccess.forSend((mpjbuf.Buffer) buf);
            } catch (mpjbuf.BufferException e) {
                throw MpjBuffers.error("send of an mpjbuf.Buffer", e);
            }
            return c.engine().isend(c, Envelope.of(c, dest, tag), Message.of(new Object[] {message}, 0, 1, BasicType.OBJECT),
                    mode);
        }
        return c.engine().isend(c, Envelope.of(c, dest, tag),
                new Message(buf, offset, count, datatype.basic(), datatype.planForMessages()), mode);
    }

    RecvRequest startRecv(Object buf, int offset, int count, Datatype datatype, int source, int tag) {
        CoreComm c = checkRecv(buf, offset, count, datatype, source, tag);
        if (MpjBuffers.isMessage(buf, datatype)) {
            // The buffer takes the message in when it is next used (after Wait / Test), or at once
            // after a blocking receive (settleBuffer).
            Object[] slot;
            try {
                slot = jmpi.mpj.BufferAccess.forReceive((mpjbuf.Buffer) buf, c.engine().objectLoader(),
                        c.engine().objectFilter());
            } catch (mpjbuf.BufferException e) {
                throw MpjBuffers.error("receive into an mpjbuf.Buffer", e);
            }
            return c.engine().irecv(c, Envelope.of(c, source, tag), Message.of(slot, 0, 1, BasicType.OBJECT));
        }
        return c.engine().irecv(c, Envelope.of(c, source, tag),
                new Message(buf, offset, count, datatype.basic(), datatype.planForMessages()));
    }

    // ------------------------------------------------------------------ JFR events (jmpi.core.jfr)

    /** Commits a point-to-point call's event: {@code peer} is a rank of this communicator (or a wildcard / PROC_NULL). */
    void p2pEvent(PointToPointEvent ev, String call, int peer, int tag, long bytes) {
        CoreComm c = core();
        ev.finish(c.engine().worldRank(), call, name, c.context(), peer, peer >= 0 ? c.worldRank(peer) : -1, tag, bytes);
    }

    /**
     * Commits a send's event, named by its mode and whether it blocked. Kept out of the send methods, so that the
     * disabled path adds only a null test to them (their bytecode stays small for the JIT's inlining).
     */
    private void sendEvent(PointToPointEvent ev, SendMode mode, boolean blocking, int dest, int tag, Object buf, int count,
                           Datatype datatype) {
        String call = switch (mode) {
            case STANDARD -> blocking ? "Send" : "Isend";
            case BUFFERED -> blocking ? "Bsend" : "Ibsend";
            case SYNCHRONOUS -> blocking ? "Ssend" : "Issend";
            case READY -> blocking ? "Rsend" : "Irsend";
        };
        p2pEvent(ev, call, dest, tag, bytesOf(buf, count, datatype));
    }

    /** Bytes of {@code count} items of {@code datatype} (0 for an MPJ Express buffer, whose size the call does not state). */
    static long bytesOf(Object buf, int count, Datatype datatype) {
        if (datatype == null || MpjBuffers.isMessage(buf, datatype)) {
            return 0;
        }
        return (long) count * datatype.elementsPerItem() * datatype.basic().size();
    }

    /** Bytes a completed receive received. */
    static long received(RecvRequest r) {
        return (long) r.count() * r.type().size();
    }

    /** Fails a completed request's error through this communicator's handler. */
    void check(CoreRequest r) {
        try {
            r.throwIfFailed();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
