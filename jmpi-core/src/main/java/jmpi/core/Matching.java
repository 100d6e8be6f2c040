package jmpi.core;

import jmpi.core.jfr.RendezvousEvent;

import java.lang.foreign.MemorySegment;
import java.util.function.IntPredicate;

import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;
import jmpi.spi.Completion;
import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameSink;
import jmpi.spi.SpinLock;

/**
 * The engine's own {@link PointToPoint}: MPI matching over a transport that only moves frames. A send
 * picks its {@link Protocol} once and hands the message to {@link SharedMemoryProtocol} or
 * {@link ByteProtocol}; the receiver's {@link #progress} polls the endpoint, whose frames reach
 * {@link Sink}, which matches them against the posted receives ({@link MatchQueues}) and lets
 * {@link Delivery} copy the data, or queues them as unexpected until a receive is posted
 * ({@link #irecv}).
 *
 * <p>Threads: any thread of the rank may call any method (MPI_THREAD_MULTIPLE). Matching state is
 * touched only under {@link #lock}; {@link #progress()} gives up at once when another thread is
 * already driving it. Completion of a same-JVM rendezvous or synchronous send runs on the receiving
 * rank's thread and only touches the request's own fields.
 */
final class Matching implements PointToPoint {
    private final Engine engine;
    private final Endpoint endpoint;
    private final Communicators comms;
    private final BsendBuffer bsend;
    private final long bsendOverhead;
    private final int eagerLimit;
    private final int smallLimit;
    private final SpinLock lock = new SpinLock();
    private final MatchQueues queues = new MatchQueues();
    private final FrameSink sink = new Sink();
    private final IntPredicate sharesMemory;
    private final SharedMemoryProtocol sharedProtocol;
    private final ByteProtocol byteProtocol;
    private final Delivery delivery;
    /** The endpoint's {@link Endpoint#scattersFromTransportMemory}. */
    private final boolean scatterInPlace;

    /** {@code ahead}: bytes of a rendezvous sent ahead of its CTS to a destination world rank ({@link ByteProtocol}). */
    Matching(Engine engine, Communicators comms, BsendBuffer bsend, long bsendOverhead, int eagerLimit, int smallLimit,
             java.util.function.IntToLongFunction ahead) {
        this.engine = engine;
        this.endpoint = engine.endpoint();
        this.comms = comms;
        this.bsend = bsend;
        this.bsendOverhead = bsendOverhead;
        this.eagerLimit = eagerLimit;
        this.smallLimit = smallLimit;
        this.sharesMemory = endpoint::sharesMemoryWith;
        this.sharedProtocol = new SharedMemoryProtocol(endpoint);
        this.byteProtocol = new ByteProtocol(endpoint, lock, ahead);
        this.delivery = new Delivery(engine.objectLoader(), engine.objectFilter());
        this.scatterInPlace = endpoint.scattersFromTransportMemory();
    }

    // ---------------------------------------------------------------- sending

    /*
     * The entry points only unpack the records and call on with their fields: small enough to be
     * inlined into the caller, so that escape analysis removes the records. Measured with
     * ThreadMXBean.getCurrentThreadAllocatedBytes over a ping-pong of 8-byte messages on the threads
     * transport, the records built in a small method as mpi.Comm.startSend builds them: 168 bytes per
     * round trip, as with the positional entry points before them.
     */

    @Override
    public SendRequest isend(CoreComm comm, Envelope to, Message message, SendMode mode) {
        return isend(comm, to.context(), to.rank(), to.tag(), message.buffer(), message.offset(), message.items(),
                message.type(), message.plan(), mode);
    }

    private SendRequest isend(CoreComm comm, int context, int dest, int tag, Object buf, int offset, int items,
                              BasicType type, PackPlan plan, SendMode mode) {
        int elements = Message.elements(items, plan);
        if (plan != null && plan.isDense()) {
            offset += plan.type().trueLb();
            plan = null;
        }
        SendRequest req = new SendRequest(engine, dest, tag);
        if (dest == Engine.PROC_NULL) {
            req.source = Engine.PROC_NULL;
            req.completeLocally();
            return req;
        }
        return send(req, comm.worldRank(dest), context, comm.rank(), tag, buf, offset, items, plan, elements, type,
                mode);
    }

    /**
     * The small path of {@link #send} without a request: elements of a type the transport copies, within the
     * small-message limit, by a standard or ready send, taken by the transport now (a non-contiguous datatype as
     * {@link #sendSmallGathered} sends it). Everything else, and a transport without room, goes through {@link #isend}
     * (which gathers a non-contiguous message again).
     */
    @Override
    public boolean sendNow(CoreComm comm, Envelope to, Message message, SendMode mode) {
        BasicType type = message.type();
        int dest = to.rank();
        if (dest == Engine.PROC_NULL) {
            return false;
        }
        PackPlan plan = message.plan();
        int offset = message.offset();
        int elements = Message.elements(message.items(), plan);
        if (!Protocol.small(mode, type, (long) elements * type.size(), smallLimit)) {
            return false;
        }
        if (plan != null && plan.isDense()) {
            offset += plan.type().trueLb();
            plan = null;
        }
        if (plan == null) {
            return endpoint.trySendSmall(comm.worldRank(dest), to.context(), comm.rank(), to.tag(), type.code(),
                    message.buffer(), offset, elements, type.layout());
        }
        return sendGatheredNow(comm.worldRank(dest), to.context(), comm.rank(), to.tag(), message.buffer(), offset,
                message.items(), plan, elements, type) == null;
    }

    /** Chooses the protocol (once) and hands the message to the class that carries it out. */
    private SendRequest send(SendRequest req, int worldDest, int context, int source, int tag, Object buf, int offset,
                             int items, PackPlan plan, int elements, BasicType type, SendMode mode) {
        byte[] serialized = null;
        long size;
        if (type == BasicType.OBJECT) {
            if (plan != null) {
                buf = SendPacking.gather(buf, offset, items, plan, elements, type);
                offset = 0;
                plan = null;
            }
            serialized = SendPacking.serialize((Object[]) buf, offset, elements);
            size = serialized.length;
        } else {
            size = (long) elements * type.size();
        }
        Protocol protocol = Protocol.choose(mode, type, size, plan, smallLimit, eagerLimit, sharesMemory, worldDest);
        if (protocol == Protocol.RENDEZVOUS || protocol == Protocol.RENDEZVOUS_THROUGH_PLANS) {
            // JFR (jmpi.Rendezvous): null unless the event is enabled; committed when the send completes.
            req.rendezvous = RendezvousEvent.start(engine.worldRank(), worldDest, context, tag, size,
                    protocol == Protocol.RENDEZVOUS_THROUGH_PLANS ? "shared-plans"
                            : endpoint.sharesMemoryWith(worldDest) ? "shared" : "bytes", (context & 1) != 0);
        }
        if (protocol == Protocol.RENDEZVOUS_THROUGH_PLANS) {
            sharedProtocol.sendThroughPlans(req, worldDest, context, source, tag, buf, offset, items, plan, elements, type);
            return req;
        }
        if (plan != null && protocol == Protocol.SMALL) {
            return sendSmallGathered(req, worldDest, context, source, tag, buf, offset, items, plan, elements, type, mode);
        }
        boolean owned = false;
        if (plan != null) {
            // A non-contiguous datatype is gathered into a contiguous array first (one copy; the send
            // then proceeds as a contiguous one, handing that private array over when eager).
            buf = SendPacking.gather(buf, offset, items, plan, elements, type);
            offset = 0;
            owned = true;
        }
        if (protocol == Protocol.SMALL) {
            if (endpoint.trySendSmall(worldDest, context, source, tag, type.code(), buf, offset, elements,
                    type.layout())) {
                req.completeLocally();
                return req;
            }
            protocol = Protocol.EAGER;
        }
        Completion release = mode == SendMode.BUFFERED ? bsend.hold(size, bsendOverhead) : null;
        if (endpoint.sharesMemoryWith(worldDest)) {
            sharedProtocol.send(req, worldDest, protocol, context, source, tag, buf, offset, elements, type, mode, owned,
                    serialized, release);
        } else {
            byteProtocol.send(req, worldDest, protocol, context, source, tag, buf, offset, elements, type, mode, serialized,
                    release);
        }
        return req;
    }

    /**
     * A small message of a non-contiguous datatype ({@link Protocol#SMALL}, so neither buffered nor synchronous),
     * gathered by its plan straight into the transport's memory where the transport can ({@link
     * jmpi.spi.Endpoint#trySendSmallPacked}), else into this thread's scratch array, which the transport copies from
     * before it returns: no fresh array per message. Only when the transport has no room does the message get a
     * private copy, sent eager. Out of {@link #send}, whose contiguous path stays as compact as it was.
     */
    private SendRequest sendSmallGathered(SendRequest req, int worldDest, int context, int source, int tag, Object buf,
                                          int offset, int items, PackPlan plan, int elements, BasicType type,
                                          SendMode mode) {
        Object gathered = sendGatheredNow(worldDest, context, source, tag, buf, offset, items, plan, elements, type);
        if (gathered == null) {
            req.completeLocally();
            return req;
        }
        Object copy = type.copyOf(gathered, 0, elements);
        if (endpoint.sharesMemoryWith(worldDest)) {
            sharedProtocol.send(req, worldDest, Protocol.EAGER, context, source, tag, copy, 0, elements, type, mode, true,
                    null, null);
        } else {
            byteProtocol.send(req, worldDest, Protocol.EAGER, context, source, tag, copy, 0, elements, type, mode, null,
                    null);
        }
        return req;
    }

    /**
     * The transport part of {@link #sendSmallGathered}: packed straight into the transport's memory, else gathered into
     * this thread's scratch array and copied from there. Null when the transport took the message; else the array
     * holding the gathered elements (the transport had no room).
     */
    private Object sendGatheredNow(int worldDest, int context, int source, int tag, Object buf, int offset, int items,
                                   PackPlan plan, int elements, BasicType type) {
        if (endpoint.trySendSmallPacked(worldDest, context, source, tag, type.code(), elements, type.layout(),
                new PlanPacker(buf, offset, items, plan))) {
            return null;
        }
        Object scratch = Scratch.take(Scratch.SEND, type, elements);
        PackPlan.copy(buf, offset, items, plan, scratch, 0, elements, PackPlan.of(type));
        return endpoint.trySendSmall(worldDest, context, source, tag, type.code(), scratch, 0, elements, type.layout())
                ? null : scratch;
    }

    @Override
    public SendRequest isendReference(CoreComm comm, Envelope to, Object ref) {
        int worldDest = comm.worldRank(to.rank());
        if (!endpoint.sharesMemoryWith(worldDest)) {
            throw new MpiError(ErrorClass.ERR_INTERN, "a reference can only go to a rank of this JVM, not to world rank "
                    + worldDest);
        }
        SendRequest req = new SendRequest(engine, to.rank(), to.tag());
        sharedProtocol.sendReference(req, worldDest, to.context(), comm.rank(), to.tag(), ref);
        return req;
    }

    // ---------------------------------------------------------------- receiving

    @Override
    public RecvRequest irecv(CoreComm comm, Envelope from, Message message) {
        return irecv(from.context(), from.rank(), from.tag(), message.buffer(), message.offset(), message.items(),
                message.type(), message.plan());
    }

    private RecvRequest irecv(int context, int source, int tag, Object buf, int offset, int items, BasicType type,
                              PackPlan plan) {
        if (source == Engine.PROC_NULL) { // (complete already, empty)
            return RecvRequest.of(engine, context, source, tag, buf, offset, items, type, plan);
        }
        lock.lock();
        try {
            // Made under the lock, not before it: the lock's atomic instruction waits for the stores before it to
            // drain, and a new request's initializing stores were most of them
            RecvRequest r = RecvRequest.of(engine, context, source, tag, buf, offset, items, type, plan);
            Frame f = queues.findUnexpected(r.context, r.wantSource, r.wantTag, true);
            if (f != null) {
                receive(r, f);
            } else {
                queues.post(r);
            }
            return r;
        } finally {
            lock.unlock();
        }
    }

    /** Moves a matched frame's data into the receive buffer and completes both sides. Under the lock. */
    private void receive(RecvRequest r, Frame f) {
        if (f.kind == Frame.RTS && !(f instanceof SharedFrame)) {
            Delivery.checkRendezvous(r, f);
            byteProtocol.matchedRts(r, f); // the data comes later (ByteProtocol.data), which finishes r
            return;
        }
        delivery.deliver(r, f);
        if (f.ack != null) {
            f.ack.complete(0);
        }
        if (f.sync) {
            byteProtocol.matchedSync(f);
        }
        r.finish();
    }

    // ---------------------------------------------------------------- progress, probe, cancel

    @Override
    public int progress() {
        if (!endpoint.hasIncoming() || !lock.tryLock()) {
            return 0;
        }
        try {
            return endpoint.poll(sink);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public ProbeStatus iprobe(Envelope from) {
        if (from.rank() == Engine.PROC_NULL) {
            return new ProbeStatus(Engine.PROC_NULL, Engine.ANY_TAG, 0, BasicType.BYTE.code());
        }
        progress();
        lock.lock();
        try {
            Frame f = queues.findUnexpected(from.context(), from.rank(), from.tag(), false);
            return f == null ? null : new ProbeStatus(f.source, f.tag, f.count, f.typeCode);
        } finally {
            lock.unlock();
        }
    }

    /** A frame a matched probe took from the unexpected queue. */
    private record Taken(Frame frame, ProbeStatus status) implements Matched {
    }

    @Override
    public Matched improbe(Envelope from) {
        progress();
        lock.lock();
        try {
            Frame f = queues.findUnexpected(from.context(), from.rank(), from.tag(), true);
            return f == null ? null : new Taken(f, new ProbeStatus(f.source, f.tag, f.count, f.typeCode));
        } finally {
            lock.unlock();
        }
    }

    @Override
    public RecvRequest mrecv(CoreComm comm, Matched m, Message message) {
        if (!(m instanceof Taken t)) {
            return PointToPoint.super.mrecv(comm, m, message);
        }
        Frame f = t.frame();
        RecvRequest r = RecvRequest.of(engine, f.context, f.source, f.tag, message.buffer(), message.offset(),
                message.items(), message.type(), message.plan());
        lock.lock();
        try {
            receive(r, f);
        } finally {
            lock.unlock();
        }
        return r;
    }

    @Override
    public boolean cancel(CoreRequest request) {
        if (!(request instanceof RecvRequest r) || r.isDone()) {
            return false;
        }
        lock.lock();
        try {
            if (queues.removePosted(r)) {
                r.cancelled = true;
                r.markDone();
                return true;
            }
            return false;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void forEachUnexpected(UnexpectedVisitor visitor) {
        lock.lock();
        try {
            queues.forEachUnexpected(f -> visitor.visit(f.context, f.source, f.tag, f.count, f.typeCode, f.sender));
        } finally {
            lock.unlock();
        }
    }

    /** What the endpoint delivers to, always under the lock. */
    private final class Sink implements FrameSink {
        @Override
        public void accept(Frame f) {
            if (f.kind == Frame.CTS || f.kind == Frame.ACK) {
                byteProtocol.control(f);
                return;
            }
            if (f.kind == Frame.RTS && !(f instanceof SharedFrame)) {
                byteProtocol.arrivedRts(f);
            }
            RecvRequest r = queues.takePosted(f.context, f.source, f.tag);
            if (r == null) {
                checkEnvelope(f);
                queues.addUnexpected(f);
            } else {
                receive(r, f);
            }
        }

        @Override
        public boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment data,
                                  long offset, int bytes) {
            RecvRequest r = queues.takePosted(context, source, tag);
            if (r == null) {
                return false;
            }
            if (scatterInPlace && r.plan != null && Delivery.scattersFromSegment(r)) {
                Delivery.scatterFromSegment(r, source, tag, typeCode, count, data, offset);
                r.finish();
                return true;
            }
            r.stageInScratch(count); // finished below, in this call
            Delivery.fromSegment(r, source, tag, typeCode, count, data, offset);
            r.finish();
            return true;
        }

        @Override
        public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
            byteProtocol.data(recvId, messageOffset, src, srcOffset, bytes);
        }

        @Override
        public MemorySegment dataTarget(long recvId) {
            return byteProtocol.dataTarget(recvId);
        }

        @Override
        public void dataWritten(long recvId, long messageOffset, long bytes) {
            byteProtocol.dataWritten(recvId, messageOffset, bytes);
        }
    }

    /**
     * A message no receive took yet: on a communicator this rank has, its source must be a member. A
     * message on a context this rank does not know (yet) waits: the communicator may still be being
     * created here; if it never is, Finalize reports it.
     */
    private void checkEnvelope(Frame f) {
        CoreComm c = comms.byContext(f.context);
        if (c != null && f.source >= c.peers()) {
            throw new MpiError(ErrorClass.ERR_INTERN, "rank " + f.sender + " sent a message from rank " + f.source
                    + " on a communicator of " + c.peers() + " ranks (context " + f.context + "): a corrupt or foreign"
                    + " message, dropped");
        }
    }
}
