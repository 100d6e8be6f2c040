package jmpi.transport.shm;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import jmpi.spi.Bootstrap;
import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameSink;

/**
 * A rank's endpoint on the shared-memory transport: ranks are processes of one host, each owning a
 * file {@code <dir>/jmpi-<jobId>-<rank>} ({@link ShmFileDescriptor}) that holds one inbound
 * single-producer single-consumer ring per sender ({@link RingDescriptor}); frames travel as records
 * ({@link ShmRecordDescriptor}). Sends to itself go through its own ring like any other.
 *
 * <p>Sending ({@link #send}, any thread): the frame joins the destination's
 * {@link OutgoingChannel} queue, which is then moved into the ring as far as it fits; the rest waits
 * and moves on with later sends and polls, and with the flusher thread ({@link #startFlusher}) if the
 * rank stops calling. Large payloads are cut into records of at most {@code jmpi.shm.pieceBytes} and
 * a quarter ring, so the sender writes the next piece while the receiver copies out the previous one. A
 * frame's ack runs once all its data is in the ring (on the thread that wrote the last piece, after
 * releasing the channel's lock). Peers' files are mapped on the first send to them.
 *
 * <p>Receiving ({@link #poll}, one thread at a time): first moves queued outgoing frames on
 * ({@code tryLock}, never waiting for a sender thread), then drains each sender's ring
 * ({@link InboundChannel}).
 *
 * <p>Waiting: processes cannot unpark each other. {@link #park} announces the thread in
 * {@code parked} (volatile) and re-checks {@code ready} and the rings. A park of a millisecond or
 * more, with the doorbell on ({@code jmpi.shm.doorbell}), then sleeps on this rank's socket after
 * raising the doorbell flag in its file and re-checking its rings for 20 microseconds; a sender that publishes
 * afterwards sees the flag and pokes ({@link ShmDoorbell}: the cross-process hand-shake is described there).
 * Shorter parks, a second parking thread, or the doorbell off: sleep at most {@code jmpi.shm.parkNanos}, so a
 * peer's frame is noticed within that bound. {@link #wake} unparks the announced thread of this process and wakes
 * its socket sleep. The in-process Dekker pair: the parker writes {@code parked} then reads
 * {@code ready}; a waker makes {@code ready} true then reads {@code parked}; both accesses are
 * volatile, so one sees the other.
 *
 * <p>Closing: {@link #close} flushes queued frames for at most {@code jmpi.shm.flushMillis}, unmaps
 * every file and deletes its own (and its doorbell socket). After a crash nobody runs close: when
 * the job ends the launcher calls {@link ShmTransportFactory#cleanup}, which deletes
 * {@code jmpi-<jobId>-*} in the directory.
 */
public final class ShmEndpoint implements Endpoint {
    private static final System.Logger LOG = System.getLogger(ShmEndpoint.class.getName());
    private static final VarHandle PARKED;

    static {
        try {
            PARKED = MethodHandles.lookup().findVarHandle(ShmEndpoint.class, "parked", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final int rank;
    private final int size;
    private final String jobId;
    private final ShmConfig config;
    private final Bootstrap bootstrap;
    private final ShmFile own;
    /** Null when {@code jmpi.shm.doorbell} is false. */
    private final ShmDoorbell bell;
    private final ShmFile[] peers;
    private final InboundChannel[] inbound;
    private final OutgoingChannel[] outgoing;
    private final int[] movedScratch = new int[1];
    private final int smallLimit;
    @SuppressWarnings("unused") // through PARKED
    private volatile Thread parked;
    private volatile boolean closed;
    /** The flusher thread while it runs (see {@link #startFlusher}). */
    private final java.util.concurrent.atomic.AtomicReference<Thread> flusher =
            new java.util.concurrent.atomic.AtomicReference<>();
    /** What stopped the flusher, reported by the next poll. */
    private volatile RuntimeException flushFailure;
    /** Set once a ring turned out corrupt: every later poll reports it again. */
    private volatile String broken;

    private ShmEndpoint(int rank, int size, String jobId, ShmConfig config, Bootstrap bootstrap, ShmFile own,
                        ShmDoorbell bell) {
        this.bell = bell;
        this.rank = rank;
        this.size = size;
        this.jobId = jobId;
        this.config = config;
        this.bootstrap = bootstrap;
        this.own = own;
        this.peers = new ShmFile[size];
        this.inbound = new InboundChannel[size];
        this.outgoing = new OutgoingChannel[size];
        this.smallLimit = (int) (Math.min(config.pieceBytes(),
                ShmRecordDescriptor.maxPiece(config.ringBytes()) + ShmRecordDescriptor.HEADER_BYTES)
                - ShmRecordDescriptor.HEADER_BYTES);
        for (int s = 0; s < size; s++) {
            inbound[s] = new InboundChannel(rank, s, own.consumer(s));
            int dest = s;
            outgoing[s] = new OutgoingChannel(rank, s, config.pieceBytes(), () -> map(dest));
        }
    }

    /**
     * Creates this rank's file, publishes its path as {@code shm.<rank>} and waits for every rank
     * to do the same (a bootstrap fence).
     */
    static ShmEndpoint open(int rank, int size, String jobId, ShmConfig config, Bootstrap bootstrap)
            throws IOException {
        if (!jobId.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("job id '" + jobId + "' must match [A-Za-z0-9_-]+");
        }
        Path path = config.dir().resolve(ShmFileDescriptor.fileName(jobId, rank));
        ShmFile file = ShmFile.create(path, rank, size, config.ringBytes());
        ShmDoorbell bell = null;
        if (config.doorbell()) {
            try {
                bell = ShmDoorbell.open(path, file.segment, size);
            } catch (IOException | RuntimeException e) {
                file.close();
                Files.deleteIfExists(path);
                throw e;
            }
        }
        ShmEndpoint ep = new ShmEndpoint(rank, size, jobId, config, bootstrap, file, bell);
        try {
            bootstrap.put("shm." + rank, path.toString());
            bootstrap.fence(config.bootTimeout());
        } catch (RuntimeException e) {
            ep.close();
            throw e;
        }
        return ep;
    }

    /** Maps {@code dest}'s file (called by its channel under the channel's lock, once). */
    private ShmFile map(int dest) {
        if (dest == rank) {
            return own;
        }
        String path = bootstrap.get("shm." + dest, config.bootTimeout());
        try {
            ShmFile f = ShmFile.open(Path.of(path), dest, size);
            peers[dest] = f;
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException("shm: rank " + rank + " cannot map the rings of rank " + dest
                    + " (job " + jobId + ")", e);
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return size;
    }

    /** The file holding this rank's inbound rings. */
    public Path path() {
        return own.path;
    }

    @Override
    public void send(int dest, Frame frame) {
        if (closed) {
            throw new IllegalStateException("shm: send on the closed endpoint of rank " + rank);
        }
        OutgoingChannel ch = outgoing[dest];
        Frame acks;
        int[] moved = new int[1]; // not a field: senders of several threads
        ch.lock.lock();
        try {
            ch.enqueue(frame);
            acks = ch.drain(moved);
            if (bell != null && moved[0] > 0) {
                bell.ring(dest, ch.destFile().segment, ch.destFile().path);
            }
        } finally {
            ch.lock.unlock();
        }
        runAcks(acks);
        if (ch.pending()) {
            startFlusher();
        }
    }

    /**
     * Starts the flusher unless it runs: a virtual thread that moves queued frames on while any
     * wait, so that a frame sent just before its rank stops calling send and poll (a standard send
     * completes at once, and the program may then compute for a long time) still reaches a receiver
     * that polls. It exists only while a ring is full, sleeps {@code jmpi.shm.parkNanos} between
     * attempts that moved nothing, and ends when every queue is empty or the endpoint closes.
     */
    private void startFlusher() {
        if (flusher.get() != null || closed) {
            return;
        }
        Thread t = Thread.ofVirtual().name("jmpi-shm-flush-" + rank).unstarted(this::flush);
        if (flusher.compareAndSet(null, t)) {
            t.start();
        }
    }

    private void flush() {
        Thread me = Thread.currentThread();
        int[] moved = new int[1];
        try {
            for (;;) {
                if (closed) {
                    return;
                }
                moved[0] = 0;
                moveOutgoing(moved);
                if (!anyPending()) {
                    flusher.set(null);
                    // a sender may have queued a frame and seen this thread still running
                    if (!anyPending() || !flusher.compareAndSet(null, me)) {
                        return;
                    }
                } else if (moved[0] == 0) {
                    LockSupport.parkNanos(this, config.parkNanos());
                }
            }
        } catch (RuntimeException e) {
            flushFailure = e;
        } finally {
            flusher.compareAndSet(me, null);
        }
    }

    private static void runAcks(Frame f) {
        while (f != null) {
            Frame next = f.next;
            f.next = null;
            f.ack.complete(0);
            f = next;
        }
    }

    /** The payload of one record (a quarter ring and {@code jmpi.shm.pieceBytes}, header included). */
    @Override
    public int smallMessageLimit() {
        return smallLimit;
    }

    /**
     * Writes the message as one record straight from {@code array} into the destination's ring (no
     * frame, no private copy), unless frames to that peer wait in the queue (order) or the ring is
     * too full now: then false, and the engine sends a frame.
     */
    @Override
    public boolean trySendSmall(int dest, int context, int source, int tag, int typeCode, Object array, int offset,
                                int count, ValueLayout layout) {
        long bytes = count * layout.byteSize();
        OutgoingChannel ch = outgoing[dest];
        if (bytes > smallLimit || closed || ch.pending()) {
            return false;
        }
        ch.lock.lock();
        try {
            if (!ch.writeSmall(context, source, tag, typeCode, array, offset, count, layout, (int) bytes)) {
                return false;
            }
            if (bell != null) {
                bell.ring(dest, ch.destFile().segment, ch.destFile().path);
            }
        } finally {
            ch.lock.unlock();
        }
        return true;
    }

    @Override
    public int poll(FrameSink sink) {
        String b = broken;
        if (b != null) {
            throw new RingCorruptedException(b);
        }
        if (closed) {
            throw new IllegalStateException("shm: poll on the closed endpoint of rank " + rank);
        }
        RuntimeException failure = flushFailure;
        if (failure != null) {
            throw new IllegalStateException("shm: rank " + rank + " could not move queued frames", failure);
        }
        int[] moved = movedScratch;
        moved[0] = 0;
        moveOutgoing(moved);
        int n = moved[0];
        try {
            for (InboundChannel in : inbound) {
                n += in.drain(sink);
            }
        } catch (RingCorruptedException e) {
            broken = e.getMessage();
            throw e;
        }
        return n;
    }

    /** Moves queued frames of channels no other thread is using; adds the records written to {@code moved[0]}. */
    private void moveOutgoing(int[] moved) {
        for (OutgoingChannel ch : outgoing) {
            if (ch.pending() && ch.lock.tryLock()) {
                Frame acks;
                try {
                    int before = moved[0];
                    acks = ch.drain(moved);
                    if (bell != null && moved[0] > before) {
                        bell.ring(ch.dest, ch.destFile().segment, ch.destFile().path);
                    }
                } finally {
                    ch.lock.unlock();
                }
                runAcks(acks);
            }
        }
    }

    @Override
    public boolean hasIncoming() {
        return incoming(false);
    }

    /**
     * Whether any sender's next record is stamped or, when {@code now} (the re-check of a thread about to sleep:
     * the doorbell's Dekker pair is on {@code tail}), any ring's {@code tail} says something is published; without
     * {@code now} the rings' {@code tail}s are read only now and then.
     */
    private boolean incoming(boolean now) {
        for (InboundChannel in : inbound) {
            if (in.hasPublished(now)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean sharesMemoryWith(int peer) {
        return false;
    }

    /**
     * True: shared memory reaches only ranks of this host. (Where a job spans several hosts, shm carries
     * only the pairs of one host and the launcher's router answers for the others.)
     */
    @Override
    public boolean sharesHostWith(int peer) {
        return true;
    }

    @Override
    public void park(long maxNanos, BooleanSupplier ready) {
        Thread me = Thread.currentThread();
        boolean announced = PARKED.compareAndSet(this, (Thread) null, me);
        try {
            if (bell != null && announced && maxNanos >= 1_000_000) {
                bell.announce();
                try {
                    if (!settled(ready)) {
                        bell.sleep(maxNanos / 1_000_000);
                    }
                } finally {
                    bell.retract();
                }
                return;
            }
            if (ready.getAsBoolean() || incoming(true)) {
                return;
            }
            LockSupport.parkNanos(this, Math.min(maxNanos, config.parkNanos()));
        } finally {
            if (announced) {
                PARKED.setVolatile(this, (Thread) null);
            }
        }
    }

    /**
     * After the doorbell's announce: whether {@code ready} or a ring's record turns up within
     * {@link ShmDoorbell#SETTLE_NANOS} (a sender's record whose stores were still on their way when it read the flag).
     */
    private boolean settled(BooleanSupplier ready) {
        long start = System.nanoTime();
        do {
            if (ready.getAsBoolean() || incoming(true)) {
                return true;
            }
            Thread.yield(); // (ranks may outnumber cores: the sender may need this one)
        } while (System.nanoTime() - start < ShmDoorbell.SETTLE_NANOS);
        return false;
    }

    @Override
    public void wake() {
        Thread t = (Thread) PARKED.getVolatile(this);
        if (t != null) {
            LockSupport.unpark(t);
            if (bell != null) {
                bell.wakeLocal();
            }
        }
    }

    /**
     * Flushes queued frames (bounded by {@code jmpi.shm.flushMillis}; the receivers must poll for
     * them to fit), unmaps every file and deletes this rank's. Idempotent. Other threads of this rank
     * must have stopped using the endpoint.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        long deadline = System.nanoTime() + config.flushMillis() * 1_000_000L;
        int[] moved = new int[1];
        while (anyPending() && System.nanoTime() < deadline) {
            moveOutgoing(moved);
            Thread.yield();
        }
        closed = true;
        Thread t = flusher.get();
        if (t != null) {
            try {
                t.join(1_000); // it sees closed within one park period
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        int left = 0;
        for (OutgoingChannel ch : outgoing) {
            if (ch.pending()) {
                left += ch.queued();
            }
        }
        if (left > 0) {
            LOG.log(System.Logger.Level.WARNING, "shm: rank {0} closed with {1} frames its peers did not take "
                    + "within {2} ms", rank, left, config.flushMillis());
        }
        for (ShmFile p : peers) {
            if (p != null) {
                p.close();
            }
        }
        own.close();
        if (bell != null) {
            bell.close();
        }
        try {
            Files.deleteIfExists(own.path);
        } catch (IOException e) {
            LOG.log(System.Logger.Level.WARNING, "shm: rank " + rank + " could not delete " + own.path, e);
        }
    }

    private boolean anyPending() {
        for (OutgoingChannel ch : outgoing) {
            if (ch.pending()) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "ShmEndpoint[rank " + rank + " of " + size + ", " + own.path + "]";
    }
}
