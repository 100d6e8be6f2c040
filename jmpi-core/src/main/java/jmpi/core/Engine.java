package jmpi.core;

import java.io.ObjectInputFilter;

import jmpi.datatype.BasicType;
import jmpi.datatype.ObjectAllowList;
import jmpi.spi.Endpoint;
import jmpi.spi.JobAbortedError;
import jmpi.spi.JobControl;
import jmpi.spi.RankEnv;

/**
 * One rank's MPI engine: its communicators (world, self, and those made from them), point-to-point
 * messages through a {@link PointToPoint} (the engine's own matching, {@link Matching}, or, when the
 * endpoint has an MPI library that matches itself, {@link LibraryMatching}), waiting
 * ({@link #await}), buffered-send space, and Finalize. The protocols live in {@link Protocol},
 * {@link SharedMemoryProtocol} and {@link ByteProtocol}; the receiving side of a match in
 * {@link Delivery}; the checks at Finalize in {@link FinalizeReport}.
 *
 * <p>Threads: any thread of the rank may call any method (MPI_THREAD_MULTIPLE); see
 * {@link PointToPoint} for matching. Progress is driven by whichever thread waits.
 *
 * <p>Following one send: {@code mpi.Comm.Send} calls {@link #isend} with an {@link Envelope} and a
 * {@link Message}; {@link Matching#isend} chooses the {@link Protocol} and hands a frame to the
 * endpoint through {@link SharedMemoryProtocol} (same JVM) or {@link ByteProtocol}; the receiver's
 * {@link #await} drives {@link Matching#progress}, which matches the frame against a posted receive
 * and lets {@link Delivery} copy it into the receive buffer.
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
    private final BackoffIdle idle;
    private final long bsendOverhead;
    private final BsendBuffer bsend = new BsendBuffer();
    private final InternalCollectives internal = new InternalCollectives(this);
    private final ClassLoader objectLoader;
    private final ObjectInputFilter objectFilter;
    private final CoreComm world;
    private final CoreComm self;
    private final Communicators comms = new Communicators(this, internal);
    private final PointToPoint p2p;
    private final FinalizeReport report;
    private final SendRequest completedSend;
    private volatile boolean finalized;
    /** JFR: this rank's life from Init to Finalize ({@code jmpi.Rank}), or null when the event was disabled at Init. */
    private final jmpi.core.jfr.RankEvent life;
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
        int eagerLimit = (int) Math.min(Integer.MAX_VALUE,
                Config.EAGER_LIMIT.longValue(endpoint.eagerLimit() > 0 ? endpoint.eagerLimit() : 16384));
        this.bsendOverhead = Config.BSEND_OVERHEAD.longValue(64);
        int smallLimit = (int) Math.min(Math.min(eagerLimit, endpoint.smallMessageLimit()),
                Config.SMALL_LIMIT.longValue(endpoint.smallMessageLimit()));
        this.objectLoader = objectLoader;
        String main = env.mainClass();
        String mainPackage = main == null ? null : main.lastIndexOf('.') < 0 ? "" : main.substring(0, main.lastIndexOf('.'));
        this.objectFilter = ObjectAllowList.create(mainPackage, Config.OBJECT_ALLOW.value());
        jmpi.spi.MatchingTransport library = endpoint.matching();
        this.p2p = library != null ? new LibraryMatching(this, library, comms, bsend, bsendOverhead, eagerLimit)
                : new Matching(this, comms, bsend, bsendOverhead, eagerLimit, smallLimit, aheadOf(endpoint));
        this.report = new FinalizeReport(env.rank(), p2p, comms, internal);
        this.completedSend = new SendRequest(this, -1, -1);
        this.completedSend.completeLocally();
        int[] all = new int[env.size()];
        for (int i = 0; i < all.length; i++) {
            all[i] = i;
        }
        this.world = new CoreComm(this, WORLD_CONTEXT, env.rank(), all);
        this.self = new CoreComm(this, SELF_CONTEXT, 0, new int[] {env.rank()});
        comms.register(world);
        comms.register(self);
        this.life = jmpi.core.jfr.RankEvent.start(env.rank(), env.size(), endpoint.getClass().getSimpleName());
    }

    /**
     * Bytes of a rendezvous sent ahead of its CTS, per destination: {@code jmpi.rndv.ahead.far} to another cluster;
     * {@code jmpi.rndv.ahead} in this one (auto: 256 KiB to another host, none on this host, where shm's rendezvous
     * streams through the ring without a round trip to pay for). Measured on emulated hosts (bench/wan.sh, 8 ranks):
     * 256 KiB ahead made bcast and allreduce of 64 KiB to 1 MiB faster than none, 4 MiB up to 10 % slower; 64 KiB
     * ahead (the rest after the CTS) made 256 KiB messages slower than none.
     */
    private static java.util.function.IntToLongFunction aheadOf(Endpoint endpoint) {
        long near = Config.RNDV_AHEAD.longValue(0, 1L << 30, -1);
        long far = Config.RNDV_AHEAD_FAR.longValue(0, 1L << 30, 1 << 20);
        return dest -> !endpoint.sharesClusterWith(dest) ? far : near >= 0 ? near : endpoint.sharesHostWith(dest) ? 0 : 262144;
    }

    /** How many ranks of the job share this rank's processors (its machine's), which the idle policy goes by. */
    public int localRanks() {
        return env.localRanks();
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
        T a = attachment(kind);
        return a != null ? a : kind.cast(attachments.computeIfAbsent(kind, k -> make.get()));
    }

    /** This rank's instance of {@code kind}, or null before it is made (no supplier to allocate on a hot path). */
    public <T> T attachment(Class<T> kind) {
        return kind.cast(attachments.get(kind));
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

    // ---------------------------------------------------------------- point to point

    /**
     * Starts a send of {@code message} to {@code to.rank()} of {@code comm}, on {@code to.context()}
     * ({@link Envelope#of} for point-to-point, {@link Envelope#collective} for collective algorithms).
     * Arguments are already validated; {@code ERR_COUNT} when a derived datatype's elements exceed an array.
     */
    public SendRequest isend(CoreComm comm, Envelope to, Message message, SendMode mode) {
        return p2p.isend(comm, to, message, mode);
    }

    /**
     * Sends {@code message} at once when it needs no request (a small standard or ready send the transport takes now,
     * {@link PointToPoint#sendNow}): true when it was sent and is complete, false when nothing was sent
     * and {@link #isend} must carry it. Saves a small send the request it would complete at once (mpi.Comm's Send and
     * Isend; {@link #completedSend} stands in for it where the API needs one).
     */
    public boolean sendNow(CoreComm comm, Envelope to, Message message, SendMode mode) {
        return p2p.sendNow(comm, to, message, mode);
    }

    /**
     * A completed send shared by every send of this rank that {@link #sendNow} carried, for an API that must hand
     * out a request for one: done, no error, and no destination or tag of its own (-1; the API keeps those).
     */
    public SendRequest completedSend() {
        return completedSend;
    }

    /** Posts a receive into {@code message} from {@code from.rank()} of {@code comm}. Arguments are validated. */
    public RecvRequest irecv(CoreComm comm, Envelope from, Message message) {
        return p2p.irecv(comm, from, message);
    }

    /** A standard send of contiguous elements on the collective context of {@code comm} (for collective algorithms). */
    public SendRequest isendCollective(CoreComm comm, Object buf, int offset, int elements, BasicType type, int dest,
                                       int tag) {
        return p2p.isend(comm, Envelope.collective(comm, dest, tag), Message.of(buf, offset, elements, type),
                SendMode.STANDARD);
    }

    /** A receive of contiguous elements on the collective context of {@code comm}. */
    public RecvRequest irecvCollective(CoreComm comm, Object buf, int offset, int elements, BasicType type, int source,
                                       int tag) {
        return p2p.irecv(comm, Envelope.collective(comm, source, tag), Message.of(buf, offset, elements, type));
    }

    /**
     * Hands {@code ref} (any object, typically an array) to rank {@code dest} of {@code comm} by reference,
     * on the collective context: for collectives whose ranks share this JVM and read each other's
     * arrays directly. The receiver gets the same object ({@link #irecvShared}). Only between ranks
     * that share memory ({@code ERR_INTERN} otherwise).
     */
    public SendRequest isendShared(CoreComm comm, Object ref, int dest, int tag) {
        return p2p.isendReference(comm, Envelope.collective(comm, dest, tag), ref);
    }

    /** Receives a reference sent by {@link #isendShared} into {@code box[0]}. */
    public RecvRequest irecvShared(CoreComm comm, Object[] box, int source, int tag) {
        return irecvCollective(comm, box, 0, 1, BasicType.OBJECT, source, tag);
    }

    /** What else this rank's progress drives ({@link #addProgressHook}); replaced whole on change. */
    private volatile java.util.function.IntSupplier[] hooks = new java.util.function.IntSupplier[0];

    /**
     * Delivers whatever has arrived, then runs the progress hooks; returns how much was handled (0 when idle
     * or busy elsewhere).
     */
    public int progress() {
        int n = p2p.progress();
        for (java.util.function.IntSupplier h : hooks) {
            n += h.getAsInt();
        }
        return n;
    }

    /**
     * Adds work that every {@link #progress} (so every wait and test of this rank) drives: the non-blocking
     * collectives' schedules, which must advance while the rank waits for anything, or a rank blocked in a
     * receive could hold up a collective its peers wait for. {@code hook} never blocks and returns how much it
     * did (0: nothing).
     */
    public synchronized void addProgressHook(java.util.function.IntSupplier hook) {
        java.util.function.IntSupplier[] h = java.util.Arrays.copyOf(hooks, hooks.length + 1);
        h[h.length - 1] = hook;
        hooks = h;
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
        return p2p.iprobe(Envelope.of(comm, source, tag));
    }

    /** Blocks until a matching message has arrived and returns its envelope (the message stays queued). */
    public ProbeStatus probe(CoreComm comm, int source, int tag) {
        ProbeStatus[] found = {null};
        // Once found, stays found: a wait may ask its Waitable again after it said done (the park re-checks).
        await(() -> found[0] != null || (found[0] = iprobe(comm, source, tag)) != null);
        return found[0];
    }

    /** MPI_Improbe: a matching message taken out of matching (received only by {@link #mrecv}), or null. */
    public PointToPoint.Matched improbe(CoreComm comm, int source, int tag) {
        return p2p.improbe(Envelope.of(comm, source, tag));
    }

    /** MPI_Mprobe: blocks until a matching message has arrived and takes it out of matching. */
    public PointToPoint.Matched mprobe(CoreComm comm, int source, int tag) {
        PointToPoint.Matched[] found = {null};
        // Asked again after it said done (the park re-checks), it must not take a second message.
        await(() -> found[0] != null || (found[0] = improbe(comm, source, tag)) != null);
        return found[0];
    }

    /** MPI_Imrecv: receives the message a matched probe took into {@code message}. */
    public RecvRequest mrecv(CoreComm comm, PointToPoint.Matched m, Message message) {
        return p2p.mrecv(comm, m, message);
    }

    /** Cancels a receive that has not matched yet; returns whether it was cancelled. */
    public boolean cancel(CoreRequest request) {
        return p2p.cancel(request);
    }

    /** A communicator was registered: the point-to-point layer may need its own for it (collective). */
    void opened(CoreComm comm) {
        p2p.opened(comm);
    }

    void closed(CoreComm comm) {
        p2p.closed(comm);
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

    /** This rank's live communicators by context (the engine's tests look into it). */
    Communicators communicators() {
        return comms;
    }

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

    /** MPI_Comm_create_group over {@code group} (world ranks, new rank order): collective over the group only. */
    public CoreComm createGroup(CoreComm comm, int[] group) {
        return comms.createGroup(comm, group);
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
     * Registers how the collective layer names its tags ("bcast call 3 (root 0)"; null for a tag that is
     * not its own). With it, Finalize reports collective messages nobody received ({@link FinalizeReport}).
     */
    public void collectiveTagNames(java.util.function.IntFunction<String> names) {
        report.collectiveTagNames(names);
    }

    /** Blocks until every member of {@code comm} has entered. Collective over {@code comm}. */
    public void barrier(CoreComm comm) {
        internal.barrier(comm);
    }

    // ---------------------------------------------------------------- life cycle

    /**
     * Ends this rank's use of MPI. Collective over the world, as MPI_Finalize is: buffered messages
     * are delivered first, then every rank waits for all the others, so that no rank closes its
     * connections while a peer may still talk to it; then the checks of {@link FinalizeReport}.
     *
     * @throws MpiError (after finalizing) when the ranks' collective calls did not agree
     */
    public void finish() {
        if (bsend.attached()) {
            await(() -> bsend.inUse() == 0);
        }
        barrier(world);
        report.warnUnknownContexts();
        MpiError error = report.error(world);
        finalized = true;
        endpoint.close();
        job.finalized(env.rank());
        if (life != null) {
            life.finish();
        }
        if (error != null) {
            throw error;
        }
    }
}
