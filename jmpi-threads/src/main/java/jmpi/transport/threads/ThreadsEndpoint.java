package jmpi.transport.threads;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.FrameDescriptor;
import jmpi.spi.FrameSink;
import jmpi.spi.SmallPacker;

/**
 * A rank of the threads transport. Two paths per (sender, receiver) pair, kept in order by a pair
 * sequence number: small eager messages are copied into the pair's {@link Fastbox} (one cache line),
 * larger ones up to {@code jmpi.threads.ringMessage} bytes into the direction's {@link EagerRing};
 * everything else (large eager copies, rendezvous frames carrying the sender's array, frames with an
 * ack) is handed over by reference through the receiver's {@link MpscFrameInbox}. The receiver
 * delivers each sender's messages in sequence order: an inbox frame whose predecessors went by
 * fastbox or ring waits until they are delivered.
 *
 * <p>Wake-up protocol (Dekker style, all accesses volatile): the parker writes {@code parked}, then
 * re-reads the inbox and fastboxes; a sender publishes, then reads {@code parked}. At least one of
 * the two sees the other, so a message never sits unnoticed beside a parked receiver.
 */
final class ThreadsEndpoint implements Endpoint {
    private static final VarHandle PARKED;
    private static final VarHandle BOXES = MethodHandles.arrayElementVarHandle(Fastbox.End[].class);

    static {
        try {
            PARKED = MethodHandles.lookup().findVarHandle(ThreadsEndpoint.class, "parked", Thread.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ThreadsFabric fabric;
    private final int rank;
    final MpscFrameInbox inbox = new MpscFrameInbox();
    /** Sending side, by destination world rank; created on first use by this rank's threads. */
    private final PairChannel[] out;
    /** This rank's end of the fastbox shared with each peer (published with release, read with acquire). */
    private final Fastbox.End[] boxes;
    /**
     * Receiving side: next sequence number expected from each sender, at {@code FIRST + sender}; receiver-owned,
     * written per message: {@code FIRST} unused longs on either side keep it off its neighbours' cache lines
     * (see {@link jmpi.spi.LinePadding}).
     */
    private final long[] expected;
    private static final int FIRST = 8;
    @SuppressWarnings("unused") // accessed through PARKED
    private volatile Thread parked;
    /** When set (before the rank starts), {@link #wake} calls it instead: see ThreadsFabric#wakeThrough. */
    volatile Runnable waker;

    ThreadsEndpoint(ThreadsFabric fabric, int rank) {
        this.fabric = fabric;
        this.rank = rank;
        int n = fabric.size();
        this.out = new PairChannel[n];
        this.boxes = new Fastbox.End[n];
        this.expected = new long[n + 2 * FIRST];
        java.util.Arrays.fill(expected, 1);
        for (int i = 0; i < n; i++) {
            out[i] = new PairChannel();
        }
    }

    @Override
    public int rank() {
        return rank;
    }

    @Override
    public int size() {
        return fabric.size();
    }

    /**
     * The eager rings' limit (when they are on): above it a same-JVM rendezvous, where the receiver copies
     * straight from the sender's array, beats a private copy handed over by reference (measured with
     * bin/jmpibench latency and bw on 2 ranks: 16 KiB 0.8-1.0 us and 105 GB/s as rendezvous, 2.6 us and 7.4 GB/s
     * as such an eager copy; 8 KiB through the ring 0.52-0.57 us).
     */
    @Override
    public int eagerLimit() {
        return fabric.ringMessage;
    }

    /** The eager rings' limit: up to {@link FastboxDescriptor#PAYLOAD_MAX} bytes go by fastbox, the rest by ring. */
    @Override
    public int smallMessageLimit() {
        return Math.max(FastboxDescriptor.PAYLOAD_MAX, fabric.ringMessage);
    }

    /**
     * A non-contiguous receive may scatter straight out of the fastbox or the eager ring: the sender never waits for
     * those lines (the ring gives them back in batches). The engine does so for every type but boolean
     * ({@code jmpi.core.Delivery.scattersFromSegment}).
     */
    @Override
    public boolean scattersFromTransportMemory() {
        return !fabric.encodesFrames();
    }

    @Override
    public boolean trySendSmall(int dest, int context, int source, int tag, int typeCode, Object array, int offset,
                                int count, ValueLayout layout) {
        return offerSmall(dest, context, source, tag, typeCode, array, offset, count, layout, null);
    }

    /** The fastbox or the eager ring, as {@link #trySendSmall}: the elements written by {@code packer}. */
    @Override
    public boolean trySendSmallPacked(int dest, int context, int source, int tag, int typeCode, int count,
                                      ValueLayout layout, SmallPacker packer) {
        return offerSmall(dest, context, source, tag, typeCode, null, 0, count, layout, packer);
    }

    /** Copies {@code count} elements of {@code array} from {@code offset}, or has {@code packer} write them. */
    private boolean offerSmall(int dest, int context, int source, int tag, int typeCode, Object array, int offset,
                               int count, ValueLayout layout, SmallPacker packer) {
        long bytes = count * layout.byteSize();
        if (bytes > smallMessageLimit()) {
            return false;
        }
        ThreadsEndpoint peer = fabric.endpointOf(dest);
        PairChannel pair = out[dest];
        pair.lock();
        try {
            Fastbox.End box = pair.box;
            if (box == null) {
                box = fabric.fastbox(rank, dest);
                pair.box = box;
            }
            if (bytes > FastboxDescriptor.PAYLOAD_MAX
                    || !box.offer(pair.nextSeq, context, source, tag, typeCode, array, offset, count, layout, packer)) {
                EagerRing.Writer ring = pair.ring;
                if (ring == null) {
                    if (fabric.ringMessage == 0) {
                        return false;
                    }
                    ring = fabric.eagerRing(rank, dest);
                    pair.ring = ring;
                }
                if (!ring.offer(pair.nextSeq, context, source, tag, typeCode, array, offset, count, layout, packer)) {
                    return false;
                }
            }
            pair.nextSeq++;
        } finally {
            pair.unlock();
        }
        peer.wake();
        return true;
    }

    @Override
    public void send(int dest, Frame frame) {
        if (fabric.encodesFrames()) {
            frame = encode(frame);
        } else if (frame.kind == Frame.EAGER && frame.data != null) {
            // A byte-transport eager frame (the contract test sends these): keep a private copy and
            // tell the sender its memory is free, as a byte transport would once it copied the data out.
            frame.bytes = frame.data.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE);
            frame.data = null;
            if (frame.ack != null) {
                frame.ack.complete(0);
                frame.ack = null;
            }
        }
        ThreadsEndpoint peer = fabric.endpointOf(dest);
        PairChannel pair = out[dest];
        frame.sender = rank;
        pair.lock();
        try {
            frame.seq = pair.nextSeq++;
            peer.inbox.push(frame);
        } finally {
            pair.unlock();
        }
        peer.wake();
    }

    @Override
    public int poll(FrameSink sink) {
        int n = 0;
        for (Frame f = inbox.isEmpty() ? null : inbox.takeAll(); f != null; ) {
            Frame next = f.next;
            f.next = null;
            int s = f.sender;
            if (f.seq != expected[FIRST + s]) {
                n += drainBox(s, f.seq, sink);
            }
            expected[FIRST + s] = f.seq + 1;
            if (f.kind == WIRE) {
                n += deliverEncoded(f.bytes, sink);
            } else if (f.kind == Frame.DATA) {
                // Rendezvous data in byte form: copied straight from the sender's memory, then released.
                sink.deliverData(f.recvId, f.offset, f.data, 0, f.data.byteSize());
                if (f.ack != null) {
                    f.ack.complete(0);
                }
            } else {
                sink.accept(f);
            }
            n++;
            f = next;
        }
        for (int s = 0; s < boxes.length; s++) {
            Fastbox.End box = (Fastbox.End) BOXES.getAcquire(boxes, s);
            if (box != null) {
                n += takeInOrder(s, box, Long.MAX_VALUE, sink);
            }
        }
        return n;
    }

    /** Kind of a frame that only carries another frame's encoding (byte mode). */
    private static final byte WIRE = 0;

    /** Byte mode: the frame as a byte transport would send it; the caller's memory is released at once. */
    private Frame encode(Frame frame) {
        long payload = FrameDescriptor.payloadBytes(frame);
        byte[] wire = new byte[FrameDescriptor.HEADER_BYTES + (int) payload];
        MemorySegment w = MemorySegment.ofArray(wire);
        FrameDescriptor.encodeHeader(frame, rank, w, 0);
        if (payload > 0) {
            // Element-wise: the 5-argument copy of fewer than 64 bytes is a Java loop C2 miscompiled
            // in ByteProtocol.data (JDK 25.0.3; see there).
            MemorySegment.copy(frame.data, ValueLayout.JAVA_BYTE, 0, w, ValueLayout.JAVA_BYTE, FrameDescriptor.HEADER_BYTES, payload);
        }
        if (frame.ack != null) {
            frame.ack.complete(0);
        }
        Frame carrier = new Frame();
        carrier.kind = WIRE;
        carrier.bytes = wire;
        return carrier;
    }

    /** Byte mode: decodes one frame and hands it over as a byte transport would. */
    private static int deliverEncoded(byte[] wire, FrameSink sink) {
        MemorySegment w = MemorySegment.ofArray(wire);
        Frame f = FrameDescriptor.decodeHeader(w, 0);
        int payload = FrameDescriptor.payloadBytesAt(w, 0);
        if (f.kind == Frame.DATA) {
            sink.deliverData(f.recvId, f.offset, w, FrameDescriptor.HEADER_BYTES, payload);
            return 1;
        }
        if (f.kind == Frame.EAGER) {
            f.bytes = w.asSlice(FrameDescriptor.HEADER_BYTES, payload).toArray(ValueLayout.JAVA_BYTE);
        }
        sink.accept(f);
        return 1;
    }

    /** Delivers sender {@code s}'s fastbox and ring messages that precede sequence number {@code upTo}. */
    private int drainBox(int s, long upTo, FrameSink sink) {
        Fastbox.End box = (Fastbox.End) BOXES.getAcquire(boxes, s);
        int n = box == null ? 0 : takeInOrder(s, box, upTo, sink);
        if (expected[FIRST + s] < upTo) {
            throw new IllegalStateException("message " + expected[FIRST + s] + " from rank " + s + " to rank " + rank
                    + " is missing before " + upTo + " (transport ordering broken)");
        }
        return n;
    }

    /**
     * Delivers sender {@code s}'s messages from its fastbox and eager ring, whichever holds the next one in
     * sequence, until neither does or the next is {@code upTo}; returns how many. The ring is looked up once:
     * the sender attaches it before it publishes anything in it, so a caller that saw a later message (an inbox
     * frame, {@link #drainBox}) sees the ring; one made meanwhile waits for the next poll.
     */
    private int takeInOrder(int s, Fastbox.End box, long upTo, FrameSink sink) {
        int n = 0;
        long e = expected[FIRST + s];
        EagerRing.Reader ring = box.ringIn();
        while (e < upTo) {
            if (box.peekSeq() == e) {
                box.deliverTo(sink);
            } else if (ring != null && ring.peekSeq() == e) {
                ring.deliverTo(sink);
            } else {
                break;
            }
            expected[FIRST + s] = ++e;
            n++;
        }
        return n;
    }

    @Override
    public boolean hasIncoming() {
        if (!inbox.isEmpty()) {
            return true;
        }
        for (int s = 0; s < boxes.length; s++) {
            Fastbox.End box = (Fastbox.End) BOXES.getAcquire(boxes, s);
            if (box != null) {
                if (box.peekSeq() != 0) {
                    return true;
                }
                EagerRing.Reader ring = box.ringIn();
                if (ring != null && ring.ready()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The writing side of this rank's eager ring to {@code dest}, or null before its first message there (tests). */
    EagerRing.Writer ringTo(int dest) {
        PairChannel pair = out[dest];
        pair.lock();
        try {
            return pair.ring;
        } finally {
            pair.unlock();
        }
    }

    /** The end of the fastbox with {@code peer} this rank polls (null before their first small message). */
    Fastbox.End boxFrom(int peer) {
        return (Fastbox.End) BOXES.getAcquire(boxes, peer);
    }

    /** Makes {@code end} this rank's end of the fastbox with {@code peer}, visible to this rank's poll. */
    void attach(int peer, Fastbox.End end) {
        BOXES.setRelease(boxes, peer, end);
    }

    @Override
    public boolean sharesMemoryWith(int peer) {
        return !fabric.encodesFrames() && fabric.hosts(peer);
    }

    /** Every rank of the fabric is a thread of this JVM, so of this host (also when frames are encoded). */
    @Override
    public boolean sharesHostWith(int peer) {
        return fabric.hosts(peer);
    }

    @Override
    public void park(long maxNanos, BooleanSupplier ready) {
        Thread me = Thread.currentThread();
        PARKED.setVolatile(this, me);
        if (!hasIncoming() && !ready.getAsBoolean()) {
            LockSupport.parkNanos(this, maxNanos);
        }
        PARKED.compareAndSet(this, me, (Thread) null);
    }

    @Override
    public void wake() {
        Runnable w = waker;
        if (w != null) {
            w.run();
            return;
        }
        Thread t = (Thread) PARKED.getVolatile(this);
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
