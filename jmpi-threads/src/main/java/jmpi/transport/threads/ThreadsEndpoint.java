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

/**
 * A rank of the threads transport. Two paths per (sender, receiver) pair, kept in order by a pair
 * sequence number: small eager messages are copied into the pair's {@link Fastbox} (one cache line);
 * everything else (large eager copies, rendezvous frames carrying the sender's array, frames with an
 * ack) is handed over by reference through the receiver's {@link MpscFrameInbox}. The receiver
 * delivers each sender's messages in sequence order: an inbox frame whose predecessors went by
 * fastbox waits until they are delivered.
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
    /** Receiving side: next sequence number expected from each sender; receiver-owned. */
    private final long[] expected;
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
        this.expected = new long[n];
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

    @Override
    public int smallMessageLimit() {
        return FastboxDescriptor.PAYLOAD_MAX;
    }

    @Override
    public boolean trySendSmall(int dest, int context, int source, int tag, int typeCode, Object array, int offset,
                                int count, ValueLayout layout) {
        if (count * layout.byteSize() > FastboxDescriptor.PAYLOAD_MAX) {
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
            if (!box.offer(pair.nextSeq, context, source, tag, typeCode, array, offset, count, layout)) {
                return false;
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
            if (f.seq != expected[s]) {
                n += drainBox(s, f.seq, sink);
            }
            expected[s] = f.seq + 1;
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
                long seq;
                while ((seq = box.peekSeq()) != 0 && seq == expected[s]) {
                    box.deliverTo(sink);
                    expected[s] = seq + 1;
                    n++;
                }
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

    /** Delivers sender {@code s}'s fastbox messages that precede sequence number {@code upTo}. */
    private int drainBox(int s, long upTo, FrameSink sink) {
        Fastbox.End box = (Fastbox.End) BOXES.getAcquire(boxes, s);
        int n = 0;
        while (expected[s] < upTo) {
            long seq = box == null ? 0 : box.peekSeq();
            if (seq != expected[s]) {
                throw new IllegalStateException("message " + expected[s] + " from rank " + s + " to rank " + rank
                        + " is missing before " + upTo + " (transport ordering broken)");
            }
            box.deliverTo(sink);
            expected[s] = seq + 1;
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
            if (box != null && box.peekSeq() != 0) {
                return true;
            }
        }
        return false;
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
