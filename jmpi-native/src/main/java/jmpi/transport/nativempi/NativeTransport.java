package jmpi.transport.nativempi;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.MatchingTransport;

/**
 * One rank's attachment to the system's MPI library: an {@link Endpoint} that moves no frames, whose
 * {@link #matching()} is itself. Each jmpi context is one library communicator ({@link #open}: made with
 * {@code MPI_Comm_create_group} over the members, the context id as its tag); messages are bytes
 * ({@code MPI_BYTE}) in native memory from a {@link StagingPool}; the request handles of the operations in
 * flight sit side by side in native memory ({@link ActiveRequests}), tested together by {@code MPI_Testsome}.
 *
 * <p>Threads: with {@code MPI_THREAD_MULTIPLE} granted, sends and receives are started by any thread
 * concurrently; started operations queue lock-free and {@link #progress} (one thread at a time, the
 * others return at once) tests them. With a lower level every library call is serialized by one lock.
 * A waiting thread polls: {@link #park} sleeps at most {@code jmpi.native.park.micros}.
 */
public final class NativeTransport implements Endpoint, MatchingTransport {
    /** Offsets in the matched probe's native block (message handle, status, scratch ints). */
    private static final int REQUEST = 0;
    private static final int STATUS = 16;
    private static final int FLAG = 48;
    private static final int COUNT = 52;
    private static final int BLOCK = 64;

    private final NativeMpi mpi;
    private final int rank;
    private final int size;
    private final int tagUpperBound;
    private final int threadLevel;
    private final ReentrantLock serial; // null with THREAD_MULTIPLE
    private final StagingPool pool;
    private final long eagerLimit;
    private final int firstPartBytes;
    private final long parkNanos;
    private final boolean[] sameHost;
    private final boolean[] directFrom;
    private final Object contextsLock = new Object();
    private volatile Comm[] contexts = new Comm[16];
    private final ConcurrentLinkedQueue<NativeOp> started = new ConcurrentLinkedQueue<>();
    private final ActiveRequests active;
    /** Each thread's memory for the request handle a start call returns. */
    private final ThreadLocal<MemorySegment> handleScratch = ThreadLocal.withInitial(
            () -> java.lang.foreign.Arena.ofAuto().allocate(8, 8));
    /** Each thread's memory for the status of a blocking receive. */
    private final ThreadLocal<MemorySegment> statusScratch = ThreadLocal.withInitial(
            () -> java.lang.foreign.Arena.ofAuto().allocate(64, 8));
    private volatile boolean cancelAsked;
    private final ReentrantLock progressLock = new ReentrantLock();
    private final MemorySegment probeBlock;
    private final Comm bulk;
    private final NativeCollectives collectives;
    private volatile Thread parked;
    private volatile boolean closed;

    /**
     * A library communicator: its handle, its members' world ranks (index = library rank) and the reverse
     * (world rank to library rank, -1 for a non-member).
     */
    private record Comm(long handle, int[] members, int[] libraryRanks) {
        static Comm of(long handle, int[] members, int worldSize) {
            int[] reverse = new int[worldSize];
            java.util.Arrays.fill(reverse, -1);
            for (int i = 0; i < members.length; i++) {
                reverse[members[i]] = i;
            }
            return new Comm(handle, members.clone(), reverse);
        }

        int libraryRank(int worldRank) {
            int r = worldRank >= 0 && worldRank < libraryRanks.length ? libraryRanks[worldRank] : -1;
            if (r < 0) {
                throw new IllegalArgumentException("world rank " + worldRank + " is not a member of this communicator");
            }
            return r;
        }
    }

    /**
     * @param sameHost for every world rank, whether it runs on this rank's host
     * @param directFrom for every world rank, whether {@link #receiveInto} takes its messages
     *                   ({@code jmpi.native.direct.receive})
     */
    NativeTransport(NativeMpi mpi, int rank, int size, int threadLevel, boolean[] sameHost, boolean[] directFrom,
                    long eagerLimit, int firstPartBytes, long poolBytes, long parkNanos) {
        this.directFrom = directFrom.clone();
        this.firstPartBytes = firstPartBytes;
        this.mpi = mpi;
        this.rank = rank;
        this.size = size;
        this.threadLevel = threadLevel;
        this.serial = threadLevel >= NativeMpi.THREAD_MULTIPLE ? null : new ReentrantLock();
        this.tagUpperBound = mpi.tagUpperBound();
        this.sameHost = sameHost.clone();
        this.eagerLimit = eagerLimit;
        this.pool = new StagingPool(poolBytes);
        this.parkNanos = parkNanos;
        this.probeBlock = pool.allocate(BLOCK);
        this.active = new ActiveRequests(mpi);
        int[] all = new int[size];
        for (int i = 0; i < size; i++) {
            all[i] = i;
        }
        this.collectives = new NativeCollectives(mpi, context -> comm((int) context).handle);
        this.bulk = Comm.of(mpi.createGroupComm(mpi.commWorld(), all, 0), all, size);
    }

    /** The library this transport calls. */
    public NativeMpi library() {
        return mpi;
    }

    // ------------------------------------------------------------------ MatchingTransport

    @Override
    public int tagUpperBound() {
        return tagUpperBound;
    }

    @Override
    public int firstPartBytes() {
        return firstPartBytes;
    }

    @Override
    public int threadLevel() {
        return threadLevel;
    }

    @Override
    public void open(int context, int[] members) {
        if (context > tagUpperBound) {
            throw new IllegalStateException("context " + context + " is above the library's MPI_TAG_UB");
        }
        lock();
        long handle;
        try {
            handle = mpi.createGroupComm(mpi.commWorld(), members, context);
        } finally {
            unlock();
        }
        synchronized (contextsLock) {
            Comm[] now = contexts;
            if (context >= now.length) {
                now = java.util.Arrays.copyOf(now, Math.max(context + 1, now.length * 2));
            } else {
                now = now.clone();
            }
            if (now[context] != null) {
                throw new IllegalStateException("context " + context + " is open already");
            }
            now[context] = Comm.of(handle, members, size);
            contexts = now;
        }
    }

    @Override
    public void close(int context) {
        Comm c;
        synchronized (contextsLock) {
            Comm[] now = contexts.clone();
            c = context < now.length ? now[context] : null;
            if (c == null) {
                return;
            }
            now[context] = null;
            contexts = now;
        }
        lock();
        try {
            mpi.freeComm(c.handle);
        } finally {
            unlock();
        }
    }

    private Comm comm(int context) {
        if (context == BULK) {
            return bulk;
        }
        Comm[] now = contexts;
        Comm c = context < now.length ? now[context] : null;
        if (c == null) {
            throw new IllegalStateException("no library communicator for context " + context);
        }
        return c;
    }

    @Override
    public LibraryCollectives collectives() {
        return serial == null ? collectives : null; // (a blocking collective must not hold the serializing lock)
    }

    @Override
    public MemorySegment allocate(long bytes) {
        return pool.allocate(bytes);
    }

    @Override
    public void release(MemorySegment memory) {
        pool.release(memory);
    }

    @Override
    public Operation isend(int context, int dest, int tag, MemorySegment data, boolean synchronous, Object owner) {
        Comm c = comm(context);
        int count = count(data);
        long handle;
        lock();
        try {
            handle = mpi.startSend(data, count, c.libraryRank(dest), tag, c.handle, synchronous, handleScratch.get());
        } finally {
            unlock();
        }
        NativeOp op = new NativeOp(owner, data, handle, c.members, false);
        started.add(op);
        return op;
    }

    @Override
    public Operation irecv(int context, int source, int tag, MemorySegment into, Object owner) {
        Comm c = comm(context);
        int from = source == ANY ? mpi.anySource() : c.libraryRank(source);
        long handle;
        lock();
        try {
            handle = mpi.startRecv(into, count(into), from, tag == ANY ? -1 : tag, c.handle, handleScratch.get());
        } finally {
            unlock();
        }
        NativeOp op = new NativeOp(owner, into, handle, c.members, true);
        started.add(op);
        return op;
    }

    @Override
    public boolean receiveInto(int source, int tag, MemorySegment into) {
        if (!directFrom[source]) {
            return false;
        }
        MemorySegment status = statusScratch.get();
        lock();
        try {
            NativeMpi.check("MPI_Recv", mpi.recvPinned(into, count(into), bulk.libraryRank(source), tag, bulk.handle,
                    status));
        } finally {
            unlock();
        }
        return true;
    }

    private static int count(MemorySegment data) {
        if (data.byteSize() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("a message of " + data.byteSize() + " bytes: the MPI library takes at"
                    + " most " + Integer.MAX_VALUE + " bytes in one message");
        }
        return (int) data.byteSize();
    }

    @Override
    public Probed improbe(int context, int source, int tag) {
        Comm c = comm(context);
        int from = source == ANY ? mpi.anySource() : c.libraryRank(source);
        synchronized (probeBlock) {
            MemorySegment status = probeBlock.asSlice(STATUS, 32);
            MemorySegment message = probeBlock.asSlice(REQUEST, 8);
            lock();
            try {
                if (!mpi.improbe(from, tag == ANY ? -1 : tag, c.handle, probeBlock.asSlice(FLAG, 4), message, status)) {
                    return null;
                }
                long bytes = mpi.count(status, mpi.byteType(), probeBlock.asSlice(COUNT, 4));
                return new Probed(c.members()[mpi.source(status)], mpi.tag(status), bytes, mpi.readHandle(message));
            } finally {
                unlock();
            }
        }
    }

    @Override
    public void receive(Probed message, MemorySegment into) {
        synchronized (probeBlock) {
            MemorySegment handle = probeBlock.asSlice(REQUEST, 8);
            mpi.writeHandle(handle, message.handle());
            lock();
            try {
                NativeMpi.check("MPI_Mrecv", mpi.mrecv(into, count(into), mpi.byteType(), handle,
                        probeBlock.asSlice(STATUS, 32)));
            } finally {
                unlock();
            }
        }
    }

    @Override
    public void cancel(Operation receive) {
        // Issued by the progressing thread, the only one that touches a started request.
        ((NativeOp) receive).cancelRequested = true;
        cancelAsked = true;
    }

    @Override
    public int progress(Consumer<Operation> done) {
        if (!progressLock.tryLock()) {
            return 0;
        }
        try {
            for (NativeOp o; (o = started.poll()) != null; ) {
                active.add(o);
            }
            lock();
            try {
                if (cancelAsked) {
                    cancelAsked = false;
                    active.forEach(op -> {
                        if (op.cancelRequested && !op.cancelIssued) {
                            op.cancelIssued = true;
                            active.cancel(op);
                        }
                    });
                }
                return active.test(done::accept);
            } finally {
                unlock();
            }
        } finally {
            progressLock.unlock();
        }
    }

    private void lock() {
        if (serial != null) {
            serial.lock();
        }
    }

    private void unlock() {
        if (serial != null) {
            serial.unlock();
        }
    }

    // ------------------------------------------------------------------ Endpoint

    @Override
    public MatchingTransport matching() {
        return this;
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int eagerLimit() {
        return (int) Math.min(Integer.MAX_VALUE, eagerLimit);
    }

    @Override
    public void send(int dest, Frame frame) {
        throw new UnsupportedOperationException("the native transport matches messages in the MPI library: no frames");
    }

    @Override
    public int smallMessageLimit() {
        return 0;
    }

    @Override
    public boolean trySendSmall(int dest, int context, int source, int tag, int typeCode, Object array, int offset,
                                int count, java.lang.foreign.ValueLayout layout) {
        return false;
    }

    @Override
    public int poll(jmpi.spi.FrameSink sink) {
        return 0;
    }

    @Override
    public boolean hasIncoming() {
        return false;
    }

    @Override
    public boolean sharesMemoryWith(int peer) {
        return false;
    }

    @Override
    public boolean sharesHostWith(int peer) {
        return sameHost[peer];
    }

    @Override
    public void park(long maxNanos, BooleanSupplier ready) {
        parked = Thread.currentThread();
        try {
            if (!ready.getAsBoolean()) {
                LockSupport.parkNanos(Math.min(maxNanos, parkNanos));
            }
        } finally {
            parked = null;
        }
    }

    @Override
    public void wake() {
        Thread t = parked;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }

    /** MPI_Finalize (once). Operations still pending are the program's (MPI reports them). */
    @Override
    public void close() {
        synchronized (contextsLock) {
            if (closed) {
                return;
            }
            closed = true;
        }
        lock();
        try {
            mpi.finalizeMpi();
        } finally {
            unlock();
        }
    }

    /** True once {@link #close} finalized the library. */
    public boolean closed() {
        return closed;
    }
}
