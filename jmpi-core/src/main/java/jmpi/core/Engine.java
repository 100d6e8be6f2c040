package jmpi.core;

import java.io.ObjectInputFilter;
import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;
import jmpi.datatype.ObjectAllowList;
import jmpi.datatype.ObjectCodec;
import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameSink;
import jmpi.spi.JobControl;
import jmpi.spi.RankEnv;

/**
 * One rank's message engine: protocols (eager, rendezvous, synchronous, buffered), matching, request
 * completion and progress. The only place in jmpi where messages are matched.
 *
 * <p>Threads: any thread of the rank may call any method (MPI_THREAD_MULTIPLE). Matching state is
 * touched only under {@link #progressLock}; progress is driven by whichever thread waits, and
 * {@link #progress()} gives up at once when another thread is already driving it. Completion of a
 * rendezvous or synchronous send runs on the receiving rank's thread and only touches the request's
 * own fields.
 *
 * <p>Following one send: {@link #isend} builds a {@link Frame} (a private copy of the data when
 * eager; a reference to the sender's array when rendezvous) and gives it to the endpoint. The
 * receiver's {@link #progress()} polls it and {@link #deliver}s it to the first matching posted
 * receive, or queues it as unexpected until a receive is posted ({@link #irecv}).
 */
public final class Engine {
    /** Wildcards and the null rank, with MPJ Express's values (mpi.MPI exposes these). */
    public static final int ANY_SOURCE = -2;
    public static final int ANY_TAG = -2;
    public static final int PROC_NULL = -3;
    /** Largest tag a program may use (MPI_TAG_UB). */
    public static final int TAG_UB = Integer.MAX_VALUE;

    private static final int WORLD_CONTEXT = 0;
    private static final int SELF_CONTEXT = 2;

    private final RankEnv env;
    private final Endpoint endpoint;
    private final JobControl job;
    private final SpinLock progressLock = new SpinLock();
    private final MatchQueues queues = new MatchQueues();
    private final FrameSink sink = new Sink();
    private final BackoffIdle idle;
    private final int eagerLimit;
    private final int smallLimit;
    private final long bsendOverhead;
    private final BsendBuffer bsend = new BsendBuffer();
    private final ByteProtocol byteProtocol;
    private final InternalCollectives internal = new InternalCollectives(this);
    private final ClassLoader objectLoader;
    private final ObjectInputFilter objectFilter;
    private final CoreComm world;
    private final CoreComm self;
    private final Communicators comms = new Communicators(this, internal);
    private volatile boolean finalized;
    /** Average block size from which a non-contiguous send is copied straight from the sender's array. */
    static final int LAYOUT_BLOCK_BYTES = 256;
    /** State of upper layers kept per rank (collective counters, ...): see {@link #attachment}. */
    private final java.util.concurrent.ConcurrentHashMap<Class<?>, Object> attachments =
            new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * @param objectLoader the class loader that resolves classes of received {@code MPI.OBJECT}s
     *                     (the rank's own loader)
     */
    public Engine(RankEnv env, ClassLoader objectLoader) {
        this.env = env;
        this.endpoint = env.endpoint();
        this.job = env.job();
        this.idle = new BackoffIdle(env.localRanks());
        this.eagerLimit = (int) Math.min(Integer.MAX_VALUE,
                Config.EAGER_LIMIT.longValue(endpoint.eagerLimit() > 0 ? endpoint.eagerLimit() : 16384));
        this.bsendOverhead = Config.BSEND_OVERHEAD.longValue(64);
        this.byteProtocol = new ByteProtocol(endpoint, progressLock, eagerLimit);
        this.smallLimit = (int) Math.min(Math.min(eagerLimit, endpoint.smallMessageLimit()),
                Config.SMALL_LIMIT.longValue(endpoint.smallMessageLimit()));
        this.objectLoader = objectLoader;
        String main = env.mainClass();
        String mainPackage = main == null ? null : main.lastIndexOf('.') < 0 ? "" : main.substring(0, main.lastIndexOf('.'));
        this.objectFilter = ObjectAllowList.create(mainPackage, Config.OBJECT_ALLOW.value());
        int[] all = new int[env.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        this.world = new CoreComm(this, WORLD_CONTEXT, env.rank(), all);
        this.self = new CoreComm(this, SELF_CONTEXT, 0, new int[] {env.rank()});
        comms.register(world);
        comms.register(self);
    }

    /** The loader that resolves received {@code MPI.OBJECT} classes (the rank's own). */
    public ClassLoader objectLoader() {
        return objectLoader;
    }

    /** The filter that vets received {@code MPI.OBJECT} classes. */
    public ObjectInputFilter objectFilter() {
        return objectFilter;
    }

    /**
     * This rank's instance of {@code kind}, made by {@code make} on first use: per-rank state of
     * layers above the engine (whose classes are shared by every rank of a JVM).
     */
    public <T> T attachment(Class<T> kind, java.util.function.Supplier<T> make) {
        return kind.cast(attachments.computeIfAbsent(kind, k -> make.get()));
    }

    public CoreComm world() {
        return world;
    }

    public CoreComm self() {
        return self;
    }

    public Endpoint endpoint() {
        return endpoint;
    }

    public JobControl job() {
        return job;
    }

    public int worldRank() {
        return env.rank();
    }

    public boolean isFinalized() {
        return finalized;
    }

    // ---------------------------------------------------------------- sending

    /** Starts a point-to-point send on {@code comm}. Arguments are already validated. */
    public SendRequest isend(CoreComm comm, Object buf, int offset, int count, BasicType type, int dest, int tag,
                             SendMode mode) {
        return isend(comm, comm.context(), buf, offset, count, type, dest, tag, mode);
    }

    /** Starts a send on the collective context of {@code comm} (for collective algorithms). */
    public SendRequest isendCollective(CoreComm comm, Object buf, int offset, int count, BasicType type, int dest,
                                       int tag) {
        return isend(comm, comm.collectiveContext(), buf, offset, count, type, dest, tag, SendMode.STANDARD);
    }

    private SendRequest isend(CoreComm comm, int context, Object buf, int offset, int count, BasicType type,
                              int dest, int tag, SendMode mode) {
        return isend(comm, context, buf, offset, count, type, dest, tag, mode, false);
    }

    /** @param owned {@code buf} is a private array the engine may keep as an eager payload (no copy) */
    private SendRequest isend(CoreComm comm, int context, Object buf, int offset, int count, BasicType type,
                              int dest, int tag, SendMode mode, boolean owned) {
        SendRequest req = new SendRequest(this, dest, tag);
        if (dest == PROC_NULL) {
            req.source = PROC_NULL;
            req.completeLocally();
            return req;
        }
        int worldDest = comm.worldRank(dest);
        if ((mode == SendMode.STANDARD || mode == SendMode.READY) && type.segmentable()
                && (long) count * type.size() <= smallLimit
                && endpoint.trySendSmall(worldDest, context, comm.rank(), tag, type.code(), buf, offset, count,
                        type.layout())) {
            req.completeLocally();
            return req;
        }
        Frame f = new Frame();
        f.context = context;
        f.source = comm.rank();
        f.tag = tag;
        f.typeCode = type.code();
        f.count = count;
        if (!endpoint.sharesMemoryWith(worldDest)) {
            byte[] objectBytes = type == BasicType.OBJECT ? serialize((Object[]) buf, offset, count) : null;
            jmpi.spi.Completion release = mode != SendMode.BUFFERED ? null
                    : bsend.hold(objectBytes != null ? objectBytes.length : (long) count * type.size(), bsendOverhead);
            byteProtocol.send(req, f, worldDest, buf, offset, count, type, mode, objectBytes, release);
            return req;
        }
        long bytes;
        boolean eager;
        if (type == BasicType.OBJECT) {
            byte[] data = serialize((Object[]) buf, offset, count);
            f.payload = data;
            bytes = data.length;
            eager = true;
        } else {
            bytes = (long) count * type.size();
            eager = mode == SendMode.BUFFERED || bytes <= eagerLimit || !endpoint.sharesMemoryWith(worldDest);
            if (count == 0) {
                f.payload = null;
            } else if (eager && owned) {
                f.payload = buf;
                f.payloadOffset = offset;
            } else if (eager) {
                f.payload = type.copyOf(buf, offset, count);
            } else {
                f.payload = buf;
                f.payloadOffset = offset;
            }
        }
        if (eager) {
            f.kind = Frame.EAGER;
            switch (mode) {
                case SYNCHRONOUS -> f.ack = req;
                case BUFFERED -> {
                    f.ack = bsend.hold(bytes, bsendOverhead);
                    req.completeLocally();
                }
                default -> req.completeLocally();
            }
        } else {
            f.kind = Frame.RTS;
            f.ack = req;
        }
        endpoint.send(worldDest, f);
        return req;
    }

    /**
     * Hands {@code ref} (any object, typically an array) to rank {@code dest} of {@code comm} by reference,
     * on the collective context: for collectives whose ranks share this JVM and read each other's
     * arrays directly. The receiver gets the same object ({@link #irecvShared}). Only between ranks
     * that share memory ({@code ERR_INTERN} otherwise).
     */
    public SendRequest isendShared(CoreComm comm, Object ref, int dest, int tag) {
        int worldDest = comm.worldRank(dest);
        if (!endpoint.sharesMemoryWith(worldDest)) {
            throw new MpiError(ErrorClass.ERR_INTERN, "a reference can only go to a rank of this JVM, not to world rank "
                    + worldDest);
        }
        SendRequest req = new SendRequest(this, dest, tag);
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.context = comm.collectiveContext();
        f.source = comm.rank();
        f.tag = tag;
        f.typeCode = BasicType.OBJECT.code();
        f.count = 1;
        f.payload = new Object[] {ref};
        f.layout = SHARED_REFERENCE;
        req.completeLocally();
        endpoint.send(worldDest, f);
        return req;
    }

    /** Receives a reference sent by {@link #isendShared} into {@code box[0]}. */
    public RecvRequest irecvShared(CoreComm comm, Object[] box, int source, int tag) {
        return irecv(comm.collectiveContext(), box, 0, 1, BasicType.OBJECT, source, tag);
    }

    /** Marks a frame whose payload is an {@code Object[]} of references, not serialized objects. */
    private static final Object SHARED_REFERENCE = new Object();

    private static byte[] serialize(Object[] buf, int offset, int count) {
        try {
            return ObjectCodec.serialize(buf, offset, count);
        } catch (ObjectCodec.ObjectCodecException e) {
            throw new MpiError(ErrorClass.ERR_TYPE, e.getMessage(), e);
        }
    }

    // ---------------------------------------------------------------- receiving

    /** Posts a point-to-point receive on {@code comm}. Arguments are already validated. */
    public RecvRequest irecv(CoreComm comm, Object buf, int offset, int count, BasicType type, int source, int tag) {
        return irecv(comm.context(), buf, offset, count, type, source, tag);
    }

    /** Posts a receive on the collective context of {@code comm}. */
    public RecvRequest irecvCollective(CoreComm comm, Object buf, int offset, int count, BasicType type, int source,
                                       int tag) {
        return irecv(comm.collectiveContext(), buf, offset, count, type, source, tag);
    }

    /**
     * Posts a receive of {@code items} items of the derived datatype {@code plan} (null: {@code items}
     * elements of {@code type}, contiguous). A dense type is received in place; another is received
     * contiguously into a staging array and scattered by the plan when the message is complete.
     */
    public RecvRequest irecv(CoreComm comm, Object buf, int offset, int items, jmpi.datatype.PackPlan plan,
                             BasicType type, int source, int tag) {
        if (plan == null) {
            return irecv(comm.context(), buf, offset, items, type, source, tag, null);
        }
        int elements = elementsOf(plan, items);
        if (plan.isDense() && plan.base() != null) { // (a zero-size type keeps its plan: it names truncations)
            return irecv(comm.context(), buf, offset + plan.type().trueLb(), elements, type, source, tag, null);
        }
        // The staging array is made only if the message arrives by copy (RecvRequest.buffer()); a
        // rendezvous from a rank that shares memory is copied straight into the user's buffer.
        return irecv(comm.context(), null, 0, elements, type, source, tag, r -> {
            r.plan = plan;
            r.userBuffer = buf;
            r.userOffset = offset;
            r.userItems = items;
        });
    }

    /** Basic elements in {@code items} items of {@code plan}; more than an array holds is ERR_COUNT. */
    private static int elementsOf(jmpi.datatype.PackPlan plan, int items) {
        long elements = plan.elementsOf(items);
        if (elements > Integer.MAX_VALUE) {
            throw new MpiError(ErrorClass.ERR_COUNT, items + " items of " + plan.type() + " exceed an array");
        }
        return (int) elements;
    }

    /**
     * Starts a send of {@code items} items of the derived datatype {@code plan} (null: contiguous
     * elements of {@code type}). A dense type is sent in place; another is gathered into a contiguous
     * array first (one copy; the send then proceeds as a contiguous one).
     */
    public SendRequest isend(CoreComm comm, Object buf, int offset, int items, jmpi.datatype.PackPlan plan,
                             BasicType type, int dest, int tag, SendMode mode) {
        if (plan == null) {
            return isend(comm, comm.context(), buf, offset, items, type, dest, tag, mode);
        }
        int elements = elementsOf(plan, items);
        if (plan.isDense()) {
            return isend(comm, comm.context(), buf, offset + plan.type().trueLb(), elements, type, dest, tag, mode);
        }
        if (dest != PROC_NULL && mode != SendMode.BUFFERED && type != BasicType.OBJECT
                && (long) elements * type.size() > eagerLimit && endpoint.sharesMemoryWith(comm.worldRank(dest))
                && (long) plan.elementsPerItem() * type.size() >= (long) LAYOUT_BLOCK_BYTES * Math.max(1, plan.runCount())) {
            // Rendezvous between ranks that share memory, in blocks of a cache line or more: the receiver
            // copies through both plans, from this array straight into its own (no intermediate buffer).
            // Smaller blocks are gathered here first (below): a strided read from another core's cache
            // moves a whole line per element, a local gather followed by a contiguous hand-over does not.
            plan.checkBuffer(buf, offset, items);
            SendRequest req = new SendRequest(this, dest, tag);
            Frame f = new Frame();
            f.kind = Frame.RTS;
            f.context = comm.context();
            f.source = comm.rank();
            f.tag = tag;
            f.typeCode = type.code();
            f.count = elements;
            f.payload = buf;
            f.payloadOffset = offset;
            f.layout = plan;
            f.items = items;
            f.ack = req;
            endpoint.send(comm.worldRank(dest), f);
            return req;
        }
        Object packed = java.lang.reflect.Array.newInstance(type.arrayClass().getComponentType(), elements);
        if (dest != PROC_NULL) {
            jmpi.datatype.PackPlan.copy(buf, offset, items, plan, packed, 0, elements, jmpi.datatype.PackPlan.of(type));
        }
        return isend(comm, comm.context(), packed, 0, elements, type, dest, tag, mode, true);
    }

    private RecvRequest irecv(int context, Object buf, int offset, int count, BasicType type, int source, int tag) {
        return irecv(context, buf, offset, count, type, source, tag, null);
    }

    private RecvRequest irecv(int context, Object buf, int offset, int count, BasicType type, int source, int tag,
                              java.util.function.Consumer<RecvRequest> setup) {
        RecvRequest r = new RecvRequest(this, buf, offset, count, type, context, source, tag);
        if (setup != null) {
            setup.accept(r);
        }
        if (source == PROC_NULL) {
            r.source = PROC_NULL;
            r.tag = ANY_TAG;
            r.count = 0;
            r.markDoneLocally();
            return r;
        }
        progressLock.lock();
        try {
            Frame f = queues.findUnexpected(context, source, tag, true);
            if (f != null) {
                receive(r, f);
            } else {
                queues.post(r);
            }
        } finally {
            progressLock.unlock();
        }
        return r;
    }

    /** Matching: what the endpoint delivers to, always under the progress lock. */
    private final class Sink implements FrameSink {
        @Override
        public void accept(Frame f) {
            if (f.kind == Frame.CTS || f.kind == Frame.ACK) {
                byteProtocol.control(f);
                return;
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
            r.source = source;
            r.tag = tag;
            r.count = count;
            if (typeCode != r.typeCode && count != 0) { // an empty message has an empty signature: it matches any type
                mismatch(r, typeCode, count, source, tag);
            } else {
                int n = count;
                if (n > r.capacity) {
                    n = truncated(r, count, source, tag);
                }
                if (n > 0) {
                    MemorySegment.copy(data, r.type.layout(), offset, r.buffer(), r.offset, n);
                }
            }
            r.finish();
            return true;
        }

        @Override
        public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
            byteProtocol.data(recvId, messageOffset, src, srcOffset, bytes);
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

    private static void mismatch(RecvRequest r, int typeCode, int count, int source, int tag) {
        if (r.plan != null && r.plan.base() == null) { // a zero-size receive type: no base type, room for nothing
            truncated(r, count, source, tag);
            return;
        }
        r.error = ErrorClass.ERR_TYPE;
        r.errorDetail = "message of " + count + " " + BasicType.ofCode(typeCode) + " from rank " + source
                + " (tag " + tag + ") received with datatype " + r.type;
    }

    /** Records a truncation; returns how many elements fit. */
    private static int truncated(RecvRequest r, int count, int source, int tag) {
        r.error = ErrorClass.ERR_TRUNCATE;
        r.truncatedFrom = count;
        r.errorDetail = "message of " + count + " elements from rank " + source + " (tag " + tag
                + ") is longer than the receive buffer of " + r.capacity;
        r.count = r.capacity;
        return r.capacity;
    }

    /** Moves a matched frame's data into the receive buffer and completes both sides. */
    private void receive(RecvRequest r, Frame f) {
        r.source = f.source;
        r.tag = f.tag;
        r.count = f.count;
        if (f.kind == Frame.RTS && f.payload == null) {
            // Rendezvous from a byte transport: check now, take the data when it comes.
            if (f.typeCode != r.typeCode) {
                mismatch(r, f.typeCode, f.count, f.source, f.tag);
            } else if (f.count > r.capacity) {
                truncated(r, f.count, f.source, f.tag);
                r.count = f.count; // ByteProtocol.finish stores what fits
            }
            byteProtocol.matchedRts(r, f);
            return;
        }
        if (f.typeCode != r.typeCode && f.count != 0) { // an empty message matches any type (empty signature)
            mismatch(r, f.typeCode, f.count, f.source, f.tag);
        } else {
            int n = f.count;
            if (n > r.capacity) {
                n = truncated(r, f.count, f.source, f.tag);
            }
            if (n > 0) {
                if (r.type == BasicType.OBJECT && f.layout == SHARED_REFERENCE) {
                    System.arraycopy(f.payload, 0, r.buffer(), r.offset, n);
                } else if (r.type == BasicType.OBJECT) {
                    try {
                        ObjectCodec.deserialize((byte[]) f.payload, n, (Object[]) r.buffer(), r.offset, objectLoader,
                                objectFilter);
                    } catch (ObjectCodec.ObjectCodecException e) {
                        r.error = ErrorClass.ERR_TYPE;
                        r.errorDetail = e.getMessage();
                    }
                } else if (f.layout != null || (r.plan != null && !f.raw)) {
                    copyThroughPlans(r, f);
                } else if (f.raw) {
                    r.type.copyFromBytes((byte[]) f.payload, r.buffer(), r.offset, n);
                } else if (f.kind == Frame.RTS && (long) n * r.type.size() >= 2L * CopyJob.CHUNK_BYTES
                        && f.ack instanceof SendRequest sender) {
                    copyTogether(new CopyJob(f.payload, f.payloadOffset, r.buffer(), r.offset, n, r.type.size()), sender);
                } else {
                    System.arraycopy(f.payload, f.payloadOffset, r.buffer(), r.offset, n);
                }
            }
        }
        if (f.ack != null) {
            f.ack.complete(0);
        }
        if (f.sync && f.raw) {
            byteProtocol.matchedSync(f);
        }
        r.finish();
    }

    /**
     * A rendezvous between ranks that share memory where either side has a non-contiguous datatype:
     * one copy from the sender's array into the receiver's, through both plans (what fits).
     */
    private static void copyThroughPlans(RecvRequest r, Frame f) {
        jmpi.datatype.PackPlan srcPlan = f.layout != null ? (jmpi.datatype.PackPlan) f.layout : jmpi.datatype.PackPlan.of(r.type);
        int srcItems = f.layout != null ? f.items : f.count;
        try {
            if (r.plan != null) {
                jmpi.datatype.PackPlan.copy(f.payload, f.payloadOffset, srcItems, srcPlan, r.userBuffer, r.userOffset,
                        r.userItems, r.plan);
                r.plan = null; // delivered in place: nothing to scatter at finish
            } else {
                jmpi.datatype.PackPlan.copy(f.payload, f.payloadOffset, srcItems, srcPlan, r.buffer(), r.offset,
                        r.capacity, jmpi.datatype.PackPlan.of(r.type));
            }
        } catch (jmpi.datatype.DatatypeException e) {
            r.fail(e);
        }
    }

    /** Copies a large rendezvous message with the sender's help, if it is waiting; returns when all is copied. */
    private static void copyTogether(CopyJob job, SendRequest sender) {
        sender.offer(job);
        job.work();
        while (!job.finished()) {
            Thread.onSpinWait(); // the sender is finishing its last chunk (tens of microseconds at most)
        }
    }

    // ---------------------------------------------------------------- progress and waiting

    /** Delivers whatever has arrived; returns the number of frames handled (0 when idle or busy elsewhere). */
    public int progress() {
        if (!endpoint.hasIncoming() || !progressLock.tryLock()) {
            return 0;
        }
        try {
            return endpoint.poll(sink);
        } finally {
            progressLock.unlock();
        }
    }

    /**
     * Drives progress until {@code w} is done: spin, then yield, then park (see {@link BackoffIdle}).
     *
     * @throws JobAbortedError when another rank failed meanwhile
     */
    public void await(Waitable w) {
        if (w.isDone()) {
            return;
        }
        int iteration = 0;
        long idleSince = 0;
        for (;;) {
            if (progress() > 0) {
                if (w.isDone()) {
                    return;
                }
                iteration = 0;
                continue;
            }
            if (w.isDone()) {
                return;
            }
            if (w instanceof SendRequest s) {
                s.help();
            }
            if (job.aborted()) {
                throw new JobAbortedError(job.abortReason());
            }
            if (iteration == 64) {
                idleSince = System.nanoTime();
            }
            idle.idle(idleSince, iteration++, endpoint, w);
        }
    }

    /** Waits for every non-null request. */
    public void awaitAll(CoreRequest[] requests) {
        for (CoreRequest r : requests) {
            if (r != null) {
                await(r);
            }
        }
    }

    /** Waits until one non-null request is done; returns its index, or -1 when all are null. */
    public int awaitAny(CoreRequest[] requests) {
        int[] found = {-1};
        boolean any = false;
        for (CoreRequest r : requests) {
            any |= r != null;
        }
        if (!any) {
            return -1;
        }
        await(() -> {
            for (int i = 0; i < requests.length; i++) {
                if (requests[i] != null && requests[i].isDone()) {
                    found[0] = i;
                    return true;
                }
            }
            return false;
        });
        return found[0];
    }

    /** Non-blocking check for a matching message; null when none has arrived. */
    public ProbeStatus iprobe(CoreComm comm, int source, int tag) {
        if (source == PROC_NULL) {
            return new ProbeStatus(PROC_NULL, ANY_TAG, 0, BasicType.BYTE.code());
        }
        progress();
        progressLock.lock();
        try {
            Frame f = queues.findUnexpected(comm.context(), source, tag, false);
            return f == null ? null : new ProbeStatus(f.source, f.tag, f.count, f.typeCode);
        } finally {
            progressLock.unlock();
        }
    }

    /** Blocks until a matching message has arrived and returns its envelope (the message stays queued). */
    public ProbeStatus probe(CoreComm comm, int source, int tag) {
        ProbeStatus[] found = {null};
        await(() -> (found[0] = iprobe(comm, source, tag)) != null);
        return found[0];
    }

    /** Cancels a receive that has not matched yet; returns whether it was cancelled. */
    public boolean cancel(CoreRequest request) {
        if (!(request instanceof RecvRequest r) || r.isDone()) {
            return false;
        }
        progressLock.lock();
        try {
            if (queues.removePosted(r)) {
                r.cancelled = true;
                r.markDone();
                return true;
            }
            return false;
        } finally {
            progressLock.unlock();
        }
    }

    // ---------------------------------------------------------------- buffered sends

    public void attachBuffer(long bytes) {
        bsend.attach(bytes);
    }

    /** Waits until every buffered message has been received, then detaches; false if none was attached. */
    public boolean detachBuffer() {
        if (!bsend.attached()) {
            return false;
        }
        await(() -> bsend.inUse() == 0);
        bsend.detached();
        return true;
    }

    public long bsendOverhead() {
        return bsendOverhead;
    }

    // ---------------------------------------------------------------- communicators

    /**
     * A new communicator with the members of {@code comm} and a fresh context, agreed by all of them.
     * Collective over {@code comm}.
     */
    public CoreComm dup(CoreComm comm) {
        return comms.dup(comm);
    }

    /**
     * MPI_Comm_split; null where {@code color} is {@code undefined}. Collective over {@code comm}
     * (an intra-communicator).
     */
    public CoreComm split(CoreComm comm, int color, int key, int undefined) {
        return comms.split(comm, color, key, undefined);
    }

    /** MPI_Comm_create over {@code group} (world ranks, new rank order); null outside it. Collective. */
    public CoreComm create(CoreComm comm, int[] group) {
        return comms.create(comm, group);
    }

    /** MPI_Intercomm_create; collective over both groups, the leaders talking over {@code peer} with {@code tag}. */
    public CoreComm createIntercomm(CoreComm local, int localLeader, CoreComm peer, int remoteLeader, int tag) {
        return comms.createIntercomm(local, localLeader, peer, remoteLeader, tag);
    }

    /** MPI_Intercomm_merge. Collective over both groups. */
    public CoreComm merge(CoreComm inter, boolean high) {
        return comms.merge(inter, high);
    }

    /**
     * MPI_Comm_free: the context becomes available again, and the communicator's attachments are closed
     * (communicators an upper layer made from it are freed with it).
     */
    public void free(CoreComm comm) {
        try {
            comm.closeAttachments();
        } finally {
            comms.free(comm);
        }
    }

    /**
     * At Finalize: messages still waiting on contexts that no communicator of this rank ever had were
     * sent on a communicator this rank never created (a program error, or a foreign message). Say so
     * rather than drop them silently.
     */
    private void reportUnknownContexts() {
        java.util.Map<String, Integer> unknown = new java.util.TreeMap<>();
        progressLock.lock();
        try {
            queues.forEachUnexpected(f -> {
                if (!comms.known(f.context)) {
                    unknown.merge("context " + f.context + " from rank " + f.sender, 1, Integer::sum);
                }
            });
        } finally {
            progressLock.unlock();
        }
        if (!unknown.isEmpty()) {
            System.getLogger(Engine.class.getName()).log(System.Logger.Level.WARNING,
                    "rank " + env.rank() + " finalizes with messages on communicators it never had (dropped): " + unknown);
        }
    }

    /** Names the tags of an upper layer's collective messages (null: not one of its tags); see {@link #finish}. */
    private volatile java.util.function.IntFunction<String> collectiveTagNames;

    /**
     * Registers how the collective layer names its tags ("bcast call 3 (root 0)"; null for a tag that is
     * not its own). With it, Finalize reports collective messages nobody received.
     */
    public void collectiveTagNames(java.util.function.IntFunction<String> names) {
        collectiveTagNames = names;
    }

    /**
     * At Finalize, after the barrier: every collective this rank's peers ran has ended on every member, so
     * in a correct program each of their messages was received. One still waiting was sent by a call that
     * the ranks described differently (roots, counts or the order of collectives): an error, not a message
     * dropped in silence.
     */
    private MpiError leftoverCollectiveMessages() {
        java.util.function.IntFunction<String> names = collectiveTagNames;
        if (names == null) {
            return null;
        }
        progress();
        java.util.List<String> left = new java.util.ArrayList<>();
        progressLock.lock();
        try {
            queues.forEachUnexpected(f -> {
                if ((f.context & 1) == 1 && comms.known(f.context)) {
                    String what = names.apply(f.tag);
                    if (what != null && left.size() < 8) {
                        left.add(what + " from rank " + f.source + " of the communicator of context " + (f.context & ~1)
                                + " (" + f.count + " " + BasicType.ofCode(f.typeCode) + ")");
                    }
                }
            });
        } finally {
            progressLock.unlock();
        }
        if (left.isEmpty()) {
            return null;
        }
        return new MpiError(ErrorClass.ERR_OTHER, "rank " + env.rank() + " finalizes with collective messages that"
                + " no call of its own received: " + String.join("; ", left) + ". The ranks called a collective"
                + " with different roots or counts, or called different collectives (-Djmpi.coll.check=true"
                + " finds the call)");
    }

    /**
     * At Finalize: the world's members compare how many collectives each called on the world. In a correct
     * program the numbers are equal; a collective that only some ranks called may otherwise end without
     * any error (a small broadcast whose root returns at once, its data never read), leaving the others
     * with what their buffers held before: wrong answers in silence. One small allgather.
     */
    private MpiError unequalCollectiveCalls() {
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

    /** Blocks until every member of {@code comm} has entered. Collective over {@code comm}. */
    public void barrier(CoreComm comm) {
        internal.barrier(comm);
    }


    // ---------------------------------------------------------------- life cycle

    /**
     * Ends this rank's use of MPI. Collective over the world, as MPI_Finalize is: buffered messages
     * are delivered first, then every rank waits for all the others, so that no rank closes its
     * connections while a peer may still talk to it.
     *
     * @throws MpiError (after finalizing) when collective messages were left unreceived
     */
    public void finish() {
        if (bsend.attached()) {
            await(() -> bsend.inUse() == 0);
        }
        barrier(world);
        reportUnknownContexts();
        MpiError leftover = unequalCollectiveCalls();
        if (leftover == null) {
            leftover = leftoverCollectiveMessages();
        }
        finalized = true;
        endpoint.close();
        job.finalized(env.rank());
        if (leftover != null) {
            throw leftover;
        }
    }
}
