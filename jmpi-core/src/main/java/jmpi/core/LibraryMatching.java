package jmpi.core;

import static java.lang.foreign.ValueLayout.JAVA_BYTE;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import java.lang.foreign.MemorySegment;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;
import jmpi.spi.Completion;
import jmpi.spi.MatchingTransport;
import jmpi.spi.MatchingTransport.Operation;
import jmpi.spi.MatchingTransport.Probed;

/**
 * The {@link PointToPoint} of a rank whose endpoint has a {@link MatchingTransport} (an MPI library):
 * the library matches, this class only turns the engine's requests into its non-blocking sends and
 * receives and back.
 *
 * <p>On the wire, a message is a library message of bytes on the library communicator of its context
 * ({@link #opened}): a 32-byte header (the sender's type code, its element count, its rank in the
 * communicator, the tag of the second part, the payload's length in bytes) and the packed elements
 * (serialized objects for {@code MPI.OBJECT}). The header lets the receiver check the type signature
 * ({@code ERR_TYPE}), count elements and name the source in the communicator's own numbering (an
 * inter-communicator's library communicator spans both groups). A message longer than
 * {@link MatchingTransport#firstPartBytes()} goes in two parts: the header alone, and the payload on
 * {@link MatchingTransport#BULK} with a tag the sender numbers per destination; the receiver receives the
 * payload, exactly its size, once the header told it (straight into its array where the data fits it as
 * it is). Receives are posted with room
 * for a first part, so the library never truncates a message (Open MPI 4.1's shared-memory path writes a
 * truncated rendezvous message past the buffer; MPICH drops it): truncation is jmpi's, on the header's count.
 *
 * <p>Memory: a send packs into native memory from the transport's pool and is complete for the program
 * once packed when it is a standard send of at most the eager limit, or a buffered one (counted against
 * the attached buffer); otherwise when the library says so. A receive of a known size is posted into
 * native memory of its capacity and unpacked at completion. A receive whose size cannot be known in
 * advance ({@code MPI.OBJECT}) waits in {@link #deferred} for a matched probe; while one waits, later
 * receives on its context wait behind it, so that MPI's order of posted receives holds. A message a
 * probe looked at is received at once and kept in {@link #probed} until a receive takes it.
 *
 * <p>Threads: any thread may call any method; {@link #lock} guards the two queues; completions run on
 * whichever thread drives {@link MatchingTransport#progress}.
 */
final class LibraryMatching implements PointToPoint {
    /** Bytes before the data of every message. */
    static final int HEADER = 32;

    private final Engine engine;
    private final MatchingTransport lib;
    private final Communicators comms;
    private final BsendBuffer bsend;
    private final long bsendOverhead;
    private final long eagerLimit;
    private final int firstPart;
    private final AtomicInteger[] bulkTags;
    private final Delivery delivery;
    private final Object lock = new Object();
    private final ArrayDeque<Arrived> probed = new ArrayDeque<>();
    private final List<Posted> deferred = new ArrayList<>();
    private volatile boolean anyDeferred;
    private final Consumer<Operation> done = this::completed;

    LibraryMatching(Engine engine, MatchingTransport lib, Communicators comms, BsendBuffer bsend, long bsendOverhead,
                    long eagerLimit) {
        this.engine = engine;
        this.lib = lib;
        this.comms = comms;
        this.bsend = bsend;
        this.bsendOverhead = bsendOverhead;
        this.eagerLimit = eagerLimit;
        this.firstPart = Math.max(HEADER + 64, lib.firstPartBytes());
        this.bulkTags = new AtomicInteger[engine.endpoint().size()];
        for (int i = 0; i < bulkTags.length; i++) {
            bulkTags[i] = new AtomicInteger();
        }
        this.delivery = new Delivery(engine.objectLoader(), engine.objectFilter());
    }

    /**
     * A send in flight: its request, its native memory, the buffered-send space it holds, and how many of its
     * parts the library has not finished yet.
     */
    private record Sending(SendRequest request, MemorySegment memory, Completion release, AtomicInteger parts) {
    }

    /** The first part of a receive, in flight in the library, into {@code memory}. */
    private record Receiving(RecvRequest request, MemorySegment memory) {
    }

    /** The second part of a receive, into {@code memory} after the first part; {@code bytes} in all. */
    private record Bulk(RecvRequest request, MemorySegment memory, long bytes, int tag) {
    }

    /** A receive waiting for a matched probe; {@code source} is a world rank or {@link MatchingTransport#ANY}. */
    private record Posted(RecvRequest request, int context, int source, int tag) {
    }

    /** A whole message received on behalf of a probe, not taken by a receive yet. */
    private record Arrived(int context, int sender, int tag, MemorySegment memory, long bytes) {
        int typeCode() {
            return memory.get(JAVA_INT, 0);
        }

        int count() {
            return memory.get(JAVA_INT, 4);
        }

        int source() {
            return memory.get(JAVA_INT, 8);
        }
    }

    // ---------------------------------------------------------------- communicators

    @Override
    public void opened(CoreComm comm) {
        int[] members = members(comm);
        lib.open(comm.context(), members);
        lib.open(comm.collectiveContext(), members);
    }

    @Override
    public void closed(CoreComm comm) {
        lib.close(comm.context());
        lib.close(comm.collectiveContext());
    }

    /**
     * An intra-communicator's world ranks in its rank order (so that its library communicator numbers the
     * ranks as it does: the library's collectives can then run on it); both groups of an inter-communicator,
     * ascending (an order both sides agree on).
     */
    private static int[] members(CoreComm comm) {
        if (!comm.isInter()) {
            return comm.worldRanks();
        }
        int[] local = comm.worldRanks();
        int[] remote = comm.remoteWorldRanks();
        int[] all = new int[local.length + remote.length];
        System.arraycopy(local, 0, all, 0, local.length);
        System.arraycopy(remote, 0, all, local.length, remote.length);
        java.util.Arrays.sort(all);
        return all;
    }

    // ---------------------------------------------------------------- sending

    @Override
    public SendRequest isend(CoreComm comm, Envelope to, Message message, SendMode mode) {
        int dest = to.rank();
        SendRequest req = new SendRequest(engine, dest, to.tag());
        if (dest == Engine.PROC_NULL) {
            req.source = Engine.PROC_NULL;
            req.completeLocally();
            return req;
        }
        checkTag(to.tag());
        BasicType type = message.type();
        Object buf = message.buffer();
        int offset = message.offset();
        PackPlan plan = message.plan();
        int elements = Message.elements(message.items(), plan);
        if (plan != null && plan.isDense()) {
            offset += plan.type().trueLb();
            plan = null;
        }
        if (plan != null) {
            buf = SendPacking.gather(buf, offset, message.items(), plan, elements, type);
            offset = 0;
        }
        MemorySegment memory;
        long size;
        if (type == BasicType.OBJECT) {
            byte[] serialized = SendPacking.serialize((Object[]) buf, offset, elements);
            size = serialized.length;
            memory = lib.allocate(HEADER + size);
            MemorySegment.copy(serialized, 0, memory, JAVA_BYTE, HEADER, serialized.length);
        } else {
            MemorySegment data = type.bytesOf(buf, offset, elements);
            size = data.byteSize();
            memory = lib.allocate(HEADER + size);
            MemorySegment.copy(data, 0, memory, HEADER, size);
        }
        // A longer message goes as its header alone (a small message the library sends at once) and the payload
        // as one message on BULK, which the receiver takes straight into its array where it can: one rendezvous
        // of the library for the data, as a C program's message, not two (first part, then the rest).
        long first = size <= firstPart - HEADER ? size : 0;
        if (size - first > Integer.MAX_VALUE) {
            lib.release(memory);
            throw new MpiError(ErrorClass.ERR_COUNT, "a message of " + size + " bytes: the MPI library takes at most "
                    + Integer.MAX_VALUE + " bytes in one message");
        }
        int bulkTag = first < size ? nextBulkTag(comm.worldRank(dest)) : 0;
        memory.set(JAVA_INT, 0, type.code());
        memory.set(JAVA_INT, 4, elements);
        memory.set(JAVA_INT, 8, comm.rank());
        memory.set(JAVA_INT, 12, bulkTag);
        memory.set(JAVA_LONG, 16, size);
        memory.set(JAVA_LONG, 24, 0);
        Completion release = mode == SendMode.BUFFERED ? bsend.hold(size, bsendOverhead) : null;
        // A buffered send is matched synchronously in the library: its space in the attached buffer is held until a
        // receive took it, so that Buffer_detach waits for the message as on every transport (the program does not).
        boolean synchronous = mode == SendMode.SYNCHRONOUS || mode == SendMode.BUFFERED;
        Sending sending = new Sending(req, memory, release, new AtomicInteger(bulkTag != 0 ? 2 : 1));
        int worldDest = comm.worldRank(dest);
        lib.isend(to.context(), worldDest, to.tag(), memory.asSlice(0, HEADER + first), synchronous, sending);
        if (bulkTag != 0) {
            lib.isend(MatchingTransport.BULK, worldDest, bulkTag, memory.asSlice(HEADER + first, size - first), false,
                    sending);
        }
        if (mode == SendMode.BUFFERED || mode != SendMode.SYNCHRONOUS && size <= eagerLimit) {
            req.completeLocally(); // packed: the program may reuse its buffer; the library sends on
        }
        return req;
    }

    @Override
    public SendRequest isendReference(CoreComm comm, Envelope to, Object ref) {
        throw new MpiError(ErrorClass.ERR_INTERN, "a reference can only go to a rank of this JVM; on the native"
                + " transport every rank is a process of its own (world rank " + comm.worldRank(to.rank()) + ")");
    }

    /** The tag of the next second part to world rank {@code dest}: 1 .. the library's largest, in turn. */
    private int nextBulkTag(int dest) {
        return 1 + (bulkTags[dest].getAndIncrement() & Integer.MAX_VALUE) % lib.tagUpperBound();
    }

    private void checkTag(int tag) {
        if (tag > lib.tagUpperBound()) {
            throw new MpiError(ErrorClass.ERR_TAG, "tag " + tag + " is above the MPI library's MPI_TAG_UB ("
                    + lib.tagUpperBound() + ")");
        }
    }

    // ---------------------------------------------------------------- receiving

    @Override
    public RecvRequest irecv(CoreComm comm, Envelope from, Message message) {
        int context = from.context();
        int source = from.rank();
        int tag = from.tag();
        RecvRequest r = RecvRequest.of(engine, context, source, tag, message.buffer(), message.offset(),
                message.items(), message.type(), message.plan());
        if (source == Engine.PROC_NULL) { // (complete already, empty)
            return r;
        }
        int worldSource = source == Engine.ANY_SOURCE ? MatchingTransport.ANY : comm.worldRank(source);
        int libTag = tag == Engine.ANY_TAG ? MatchingTransport.ANY : tag;
        synchronized (lock) {
            Arrived a = takeProbed(context, worldSource, libTag);
            if (a != null) {
                receive(r, a);
                return r;
            }
            if (message.type() == BasicType.OBJECT || anyDeferred && deferredOn(context)) {
                deferred.add(new Posted(r, context, worldSource, libTag));
                anyDeferred = true;
                return r;
            }
            MemorySegment memory = lib.allocate(firstPart); // (a longer message's rest comes to memory of its size)
            r.rare().libraryOperation = lib.irecv(context, worldSource, libTag, memory.asSlice(0, firstPart),
                    new Receiving(r, memory));
        }
        return r;
    }

    private boolean deferredOn(int context) {
        for (Posted p : deferred) {
            if (p.context == context) {
                return true;
            }
        }
        return false;
    }

    /** The oldest probed message {@code (context, source, tag)} matches, removed; null when none. Under the lock. */
    private Arrived takeProbed(int context, int source, int tag) {
        for (Iterator<Arrived> it = probed.iterator(); it.hasNext(); ) {
            Arrived a = it.next();
            if (matches(a, context, source, tag)) {
                it.remove();
                return a;
            }
        }
        return null;
    }

    private static boolean matches(Arrived a, int context, int source, int tag) {
        return a.context == context && (source == MatchingTransport.ANY || source == a.sender)
                && (tag == MatchingTransport.ANY || tag == a.tag);
    }

    /** Gives a probed message (its first part) to {@code r}. */
    private void receive(RecvRequest r, Arrived a) {
        firstPart(r, a.memory, a.bytes, a.sender, a.tag);
    }

    /**
     * The first part of a message ({@code bytes} at the start of {@code memory}, from world rank {@code sender})
     * matched {@code r}: delivers it and finishes {@code r}, or posts the receive of the second part.
     */
    private void firstPart(RecvRequest r, MemorySegment memory, long bytes, int sender, int tag) {
        long payload = bytes >= HEADER ? memory.get(JAVA_LONG, 16) : 0;
        if (bytes < HEADER || payload <= bytes - HEADER) {
            try {
                deliver(r, memory, bytes, tag);
            } finally {
                lib.release(memory);
            }
            r.finish();
            return;
        }
        long whole = HEADER + payload;
        int bulkTag = memory.get(JAVA_INT, 12);
        if (direct(r, memory, bytes, sender, tag, payload, bulkTag)) {
            return;
        }
        MemorySegment into = memory;
        if (memory.byteSize() < whole) { // (the pool's block may have room already)
            into = lib.allocate(whole);
            MemorySegment.copy(memory, 0, into, 0, bytes);
            lib.release(memory);
        }
        lib.irecv(MatchingTransport.BULK, sender, bulkTag, into.asSlice(bytes, whole - bytes),
                new Bulk(r, into, whole, tag));
    }

    /**
     * Receives the rest of a long message straight into {@code r}'s array when it fits there as it is (the
     * sender's type, every element in the buffer, elements in the machine's byte order): the first part's
     * data is copied in, the rest received by the library into the array itself (a blocking receive of a
     * message the sender has started; no staging block and no second copy). False, with nothing done,
     * when it does not fit so or the transport cannot; a mismatch or truncation then takes the staged path,
     * which reports it.
     */
    private boolean direct(RecvRequest r, MemorySegment memory, long bytes, int sender, int tag, long payload,
                           int bulkTag) {
        int typeCode = memory.get(JAVA_INT, 0);
        int count = memory.get(JAVA_INT, 4);
        if (r.type == BasicType.OBJECT || r.type == BasicType.BOOLEAN || typeCode != r.typeCode || count <= 0
                || count > r.capacity || r.type.layout().order() != java.nio.ByteOrder.nativeOrder()
                || payload != count * r.type.layout().byteSize()) {
            return false;
        }
        MemorySegment array = BasicType.memoryOf(r.buffer());
        if (array == null) {
            return false;
        }
        long at = r.offset * r.type.layout().byteSize();
        long first = bytes - HEADER;
        MemorySegment target = array.asSlice(at, payload);
        MemorySegment rest = target.asSlice(first);
        if (!lib.receiveInto(sender, bulkTag, rest)) {
            return false;
        }
        int source = memory.get(JAVA_INT, 8);
        MemorySegment.copy(memory, HEADER, target, 0, first);
        lib.release(memory);
        r.source = source;
        r.tag = tag;
        r.count = count;
        r.finish();
        return true;
    }

    /** Unpacks a received message (header and data, {@code bytes} long) into {@code r} and fills in its status. */
    private void deliver(RecvRequest r, MemorySegment m, long bytes, int tag) {
        if (bytes < HEADER) {
            r.error = ErrorClass.ERR_INTERN;
            r.errorDetail = "a message of " + bytes + " bytes without jmpi's header arrived (tag " + tag
                    + "): not sent by jmpi";
            return;
        }
        int typeCode = m.get(JAVA_INT, 0);
        int count = m.get(JAVA_INT, 4);
        int source = m.get(JAVA_INT, 8);
        if (r.type == BasicType.OBJECT) {
            delivery.objects(r, source, tag, typeCode, count, m.asSlice(HEADER, bytes - HEADER).toArray(JAVA_BYTE));
        } else {
            Delivery.fromSegment(r, source, tag, typeCode, count, m, HEADER);
        }
    }

    // ---------------------------------------------------------------- progress, probe, cancel

    @Override
    public int progress() {
        int n = anyDeferred ? matchDeferred() : 0;
        n += lib.progress(done);
        return n;
    }

    /** A finished library operation. */
    private void completed(Operation op) {
        switch (op.owner) {
            case Sending s -> {
                if (s.parts.decrementAndGet() > 0) {
                    return;
                }
                lib.release(s.memory);
                if (s.release != null) {
                    s.release.complete(0);
                }
                if (!s.request.isDone()) {
                    s.request.complete(0);
                }
            }
            case Receiving rv -> {
                if (op.cancelled) {
                    lib.release(rv.memory);
                    rv.request.cancelled = true;
                    rv.request.finish();
                } else {
                    firstPart(rv.request, rv.memory, op.bytes, op.source, op.tag);
                }
                engine.endpoint().wake();
            }
            case Bulk b -> {
                try {
                    deliver(b.request, b.memory, b.bytes, b.tag);
                } finally {
                    lib.release(b.memory);
                }
                b.request.finish();
                engine.endpoint().wake();
            }
            default -> throw new IllegalStateException("unknown operation " + op.owner);
        }
    }

    /**
     * Gives waiting receives the messages that matched probes find, oldest receive first; a receive is
     * skipped while an older one that could take the same messages still waits. Returns how many matched.
     */
    private int matchDeferred() {
        int matched = 0;
        synchronized (lock) {
            List<Posted> waiting = new ArrayList<>();
            for (Iterator<Posted> it = deferred.iterator(); it.hasNext(); ) {
                Posted p = it.next();
                if (overlapsAny(p, waiting)) {
                    waiting.add(p);
                    continue;
                }
                Arrived a = takeProbed(p.context, p.source, p.tag);
                if (a == null) {
                    a = receiveProbed(p.context, p.source, p.tag);
                }
                if (a == null) {
                    waiting.add(p);
                    continue;
                }
                it.remove();
                receive(p.request, a);
                matched++;
            }
            anyDeferred = !deferred.isEmpty();
        }
        if (matched > 0) {
            engine.endpoint().wake();
        }
        return matched;
    }

    private static boolean overlapsAny(Posted p, List<Posted> older) {
        for (Posted o : older) {
            if (o.context == p.context
                    && (o.source == MatchingTransport.ANY || p.source == MatchingTransport.ANY || o.source == p.source)
                    && (o.tag == MatchingTransport.ANY || p.tag == MatchingTransport.ANY || o.tag == p.tag)) {
                return true;
            }
        }
        return false;
    }

    /** Takes the first matching message out of the library and receives it whole; null when none. Under the lock. */
    private Arrived receiveProbed(int context, int source, int tag) {
        Probed m = lib.improbe(context, source, tag);
        if (m == null) {
            return null;
        }
        MemorySegment memory = lib.allocate(Math.max(m.bytes(), HEADER));
        lib.receive(m, memory.asSlice(0, m.bytes()));
        return new Arrived(context, m.source(), m.tag(), memory, m.bytes());
    }

    @Override
    public ProbeStatus iprobe(Envelope from) {
        if (from.rank() == Engine.PROC_NULL) {
            return new ProbeStatus(Engine.PROC_NULL, Engine.ANY_TAG, 0, BasicType.BYTE.code());
        }
        progress(); // receives posted earlier take their messages first
        CoreComm comm = comms.byContext(from.context());
        int source = from.rank() == Engine.ANY_SOURCE ? MatchingTransport.ANY : comm.worldRank(from.rank());
        int tag = from.tag() == Engine.ANY_TAG ? MatchingTransport.ANY : from.tag();
        synchronized (lock) {
            Arrived a = null;
            for (Arrived x : probed) {
                if (matches(x, from.context(), source, tag)) {
                    a = x;
                    break;
                }
            }
            if (a == null) {
                a = receiveProbed(from.context(), source, tag);
                if (a == null) {
                    return null;
                }
                if (a.bytes < HEADER) {
                    lib.release(a.memory);
                    throw new MpiError(ErrorClass.ERR_INTERN, "a message of " + a.bytes + " bytes without jmpi's"
                            + " header arrived (tag " + a.tag + "): not sent by jmpi");
                }
                probed.add(a);
            }
            return new ProbeStatus(a.source(), a.tag, a.count(), a.typeCode());
        }
    }

    @Override
    public boolean cancel(CoreRequest request) {
        if (!(request instanceof RecvRequest r) || r.isDone()) {
            return false;
        }
        synchronized (lock) {
            for (Iterator<Posted> it = deferred.iterator(); it.hasNext(); ) {
                if (it.next().request == r) {
                    it.remove();
                    anyDeferred = !deferred.isEmpty();
                    r.cancelled = true;
                    r.markDone();
                    return true;
                }
            }
        }
        if (!(r.rare().libraryOperation instanceof Operation op)) {
            return false;
        }
        lib.cancel(op);
        engine.await(r); // the library completes a cancelled receive at once; a matched one is finishing
        return r.cancelled();
    }

    @Override
    public void forEachUnexpected(UnexpectedVisitor visitor) {
        synchronized (lock) {
            for (Arrived a : probed) {
                visitor.visit(a.context, a.source(), a.tag, a.count(), a.typeCode(), a.sender);
            }
        }
    }
}
