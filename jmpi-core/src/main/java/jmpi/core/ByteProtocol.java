package jmpi.core;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntToLongFunction;

import jmpi.datatype.BasicType;
import jmpi.datatype.ObjectCodec;
import jmpi.spi.Endpoint;
import jmpi.spi.Frame;
import jmpi.spi.SpinLock;

/**
 * The point-to-point protocols between ranks that do not share memory (byte transports): eager
 * with a private copy, synchronous eager answered by ACK, and rendezvous: RTS (envelope only), CTS
 * from the receiver once matched, then DATA straight from the sender's array, which the transport
 * streams into the posted receive ({@link jmpi.spi.FrameSink#deliverData}). The sender's request
 * completes when the transport no longer needs its array (the DATA frame's ack). The choice
 * between eager and rendezvous is {@link Protocol#choose}'s; {@link SharedMemoryProtocol} is the
 * counterpart between ranks that share memory.
 *
 * <p><b>Data ahead of the CTS</b> (for slow, delayed links, where a handshake round trip per message
 * would leave the link idle): toward a destination with {@code ahead(dest) > 0}, a rendezvous sends its
 * first {@code A = min(ahead, size)} bytes right behind the RTS, as a DATA frame addressed not to a
 * receive id (there is none yet) but to the sender's own id ({@link #aheadRecvId}: negative); the RTS
 * says {@code A} in its {@code recvId} field. The receiver keeps what arrives before the match in a
 * staging array (at most {@code A} bytes per message), and after the match writes the rest straight
 * into the receive buffer. Once matched it asks with its CTS for the bytes from {@code A} on, unless
 * {@code A} is the whole message: then there is no CTS at all, and the send completes when the
 * transport has written the DATA (a copy-free eager send). With {@code A} at least the link's
 * bandwidth-delay product, the CTS comes back before the data ahead is out, and the link never idles.
 * Transports carry these frames unchanged: DATA frames of one sender arrive in order and after the RTS
 * sent before them (the {@code EndpointContract}'s per-sender order).
 *
 * <p>Concurrency: every method runs under the engine's progress lock except {@link #send}, which
 * takes it only to register a pending send before the first frame leaves.
 */
final class ByteProtocol {
    /**
     * A send waiting for its CTS (rendezvous: {@code request} and {@code data}) or its ACK
     * ({@code onAck}: completes a synchronous send, or frees a buffered send's space).
     */
    private record PendingSend(SendRequest request, MemorySegment data, jmpi.spi.Completion onAck, long ahead,
                               Object packed) {
    }

    /** The data ahead of one rendezvous (see the class comment), from its RTS's arrival until all of it arrived and was matched. */
    private static final class Ahead {
        /** Bytes the sender sends ahead. */
        final long bytes;
        /** Bytes of them that arrived. */
        long arrived;
        /** What arrived before the match (allocated at the first such piece). */
        byte[] staged;
        /** The matched receive, and its id in {@code recvs} (0: not registered, no CTS was sent). */
        RecvRequest target;
        long recvId;

        Ahead(long bytes) {
            this.bytes = bytes;
        }
    }

    /** Bits of a send id in a key of {@link #aheads} (the sender's world rank above them). */
    private static final int SEND_ID_BITS = 40;

    private final Endpoint endpoint;
    private final SpinLock lock;
    private final IntToLongFunction ahead;
    private final Map<Long, PendingSend> sends = new HashMap<>();
    private final Map<Long, RecvRequest> recvs = new HashMap<>();
    private final Map<Long, Ahead> aheads = new HashMap<>();
    private long nextId = 1;

    /** {@code ahead}: for a destination world rank, how many bytes of a rendezvous go ahead of its CTS (0: none). */
    ByteProtocol(Endpoint endpoint, SpinLock lock, IntToLongFunction ahead) {
        this.endpoint = endpoint;
        this.lock = lock;
        this.ahead = ahead;
    }

    /** The key of a rendezvous of {@code sender} (world rank) with id {@code sendId}, as the receiver files its data ahead. */
    static long aheadKey(int sender, long sendId) {
        return (long) sender << SEND_ID_BITS | (sendId & ((1L << SEND_ID_BITS) - 1));
    }

    /** The receive id a DATA frame ahead of the CTS carries: negative, so it never equals a receiver's own ids (from 1). */
    static long aheadRecvId(int sender, long sendId) {
        return ~aheadKey(sender, sendId);
    }

    /**
     * Sends {@code elements} contiguous elements of {@code buf} from {@code offset} (or {@code serialized}
     * objects) over a byte transport as {@code protocol} ({@link Protocol#EAGER} or
     * {@link Protocol#RENDEZVOUS}, chosen by {@link Protocol#choose}).
     *
     * @param serialized the serialized elements for {@code MPI.OBJECT}, else null
     * @param release    for a buffered send: frees its attached-buffer space once the receiver has the message
     */
    void send(SendRequest req, int worldDest, Protocol protocol, int context, int source, int tag, Object buf,
              int offset, int elements, BasicType type, SendMode mode, byte[] serialized, jmpi.spi.Completion release) {
        Frame f = new Frame();
        f.context = context;
        f.source = source;
        f.tag = tag;
        f.typeCode = type.code();
        f.count = elements;
        // a derived datatype's packed copy (SendPacking): private already, so sent as it is
        boolean packed = serialized == null && SendPacking.claim(buf);
        if (protocol == Protocol.EAGER) {
            f.kind = Frame.EAGER;
            f.data = serialized != null ? MemorySegment.ofArray(serialized)
                    : packed ? type.bytesOf(buf, offset, elements) : MemorySegment.ofArray(type.bytesCopy(buf, offset, elements));
            if (mode == SendMode.SYNCHRONOUS) {
                f.sync = true;
                f.sendId = register(null, null, req);
            } else if (mode == SendMode.BUFFERED) {
                // The space is freed when the receiver has the message, as between threads, so that
                // Buffer_detach behaves alike on every transport.
                f.sync = true;
                f.sendId = register(null, null, release);
                req.completeLocally();
            } else {
                req.completeLocally();
            }
        } else {
            f.kind = Frame.RTS;
            long total = serialized != null ? serialized.length : (long) elements * type.size();
            MemorySegment data = serialized != null ? MemorySegment.ofArray(serialized) : type.bytesOf(buf, offset, elements);
            long first = Math.min(total, Math.max(0, ahead.applyAsLong(worldDest)));
            if (mode == SendMode.SYNCHRONOUS && first == total) {
                first = total - 1; // a synchronous send completes on the CTS's answer: the receive has matched
            }
            f.offset = total;
            f.recvId = first;
            // A packed copy goes back to SendPacking's pool when the transport is done with it: with the ack of the
            // one DATA frame that carries it all (not when part of it went ahead in a frame of its own).
            Object reuse = packed && (first == 0 || first == total) ? buf : null;
            // all of it ahead: no CTS will come, the DATA's ack completes the send (nothing to register)
            f.sendId = first == total && total > 0 ? newId() : register(req, data, null, first, reuse);
            endpoint.send(worldDest, f);
            if (first > 0) {
                Frame d = new Frame();
                d.kind = Frame.DATA;
                d.recvId = aheadRecvId(endpoint.rank(), f.sendId);
                d.offset = 0;
                d.data = data.asSlice(0, first);
                d.ack = first == total ? releasing(req, reuse) : null;
                endpoint.send(worldDest, d);
            }
            return;
        }
        endpoint.send(worldDest, f);
    }

    private long register(SendRequest req, MemorySegment data, jmpi.spi.Completion onAck) {
        return register(req, data, onAck, 0, null);
    }

    private long register(SendRequest req, MemorySegment data, jmpi.spi.Completion onAck, long ahead, Object packed) {
        lock.lock();
        try {
            long id = nextId++;
            sends.put(id, new PendingSend(req, data, onAck, ahead, packed));
            return id;
        } finally {
            lock.unlock();
        }
    }

    private long newId() {
        lock.lock();
        try {
            return nextId++;
        } finally {
            lock.unlock();
        }
    }

    /** An RTS arrived (before matching): files the data it sends ahead, if any. Under the lock. */
    void arrivedRts(Frame f) {
        if (f.recvId > 0) {
            if (f.recvId > f.offset) {
                throw new IllegalStateException("rank " + f.sender + " sends " + f.recvId + " bytes ahead of a message of " + f.offset);
            }
            if (aheads.putIfAbsent(aheadKey(f.sender, f.sendId), new Ahead(f.recvId)) != null) {
                throw new IllegalStateException("rank " + f.sender + " sent a second RTS with send id " + f.sendId);
            }
        }
    }

    /** A byte RTS matched receive {@code r} (envelope fields already copied): asks the sender for the data. */
    void matchedRts(RecvRequest r, Frame f) {
        RecvRequest.Rare x = r.rare();
        x.totalBytes = f.offset;
        if (f.typeCode != r.typeCode) {
            x.discard = true;
        } else if (r.type == BasicType.OBJECT || r.type == BasicType.BOOLEAN) {
            x.staging = new byte[(int) f.offset];
        }
        Ahead a = null;
        if (f.recvId > 0) {
            long key = aheadKey(f.sender, f.sendId);
            a = aheads.get(key);
            if (a == null) {
                throw new IllegalStateException("no record of the data rank " + f.sender + " sent ahead for send " + f.sendId);
            }
            a.target = r;
            if (a.arrived > 0) {
                write(r, 0, MemorySegment.ofArray(a.staged), 0, a.arrived);
                a.staged = null;
            }
            if (a.arrived == a.bytes) {
                aheads.remove(key);
            }
            if (a.bytes == f.offset) { // all of it ahead: no CTS
                if (x.receivedBytes >= x.totalBytes) {
                    finish(r);
                }
                return;
            }
        }
        long id = nextId++;
        recvs.put(id, r);
        if (a != null) {
            a.recvId = id;
        }
        Frame cts = new Frame();
        cts.kind = Frame.CTS;
        cts.sendId = f.sendId;
        cts.recvId = id;
        endpoint.send(f.sender, cts);
    }

    /** A synchronous eager message was matched: tells its sender. */
    void matchedSync(Frame f) {
        Frame ack = new Frame();
        ack.kind = Frame.ACK;
        ack.sendId = f.sendId;
        endpoint.send(f.sender, ack);
    }

    /** CTS or ACK arrived for one of this rank's sends. */
    void control(Frame f) {
        PendingSend p = sends.remove(f.sendId);
        if (p == null) {
            throw new IllegalStateException("frame kind " + f.kind + " from rank " + f.sender + " for unknown send "
                    + f.sendId);
        }
        if (f.kind == Frame.ACK) {
            p.onAck().complete(0);
            return;
        }
        Frame data = new Frame();
        data.kind = Frame.DATA;
        data.recvId = f.recvId;
        data.offset = p.ahead();
        data.data = p.ahead() == 0 ? p.data() : p.data().asSlice(p.ahead());
        data.ack = releasing(p.request(), p.packed());
        endpoint.send(f.sender, data);
    }

    /** The ack of the DATA that carries {@code packed} (or null): returns it to {@link SendPacking}'s pool, then completes {@code req}. */
    private static jmpi.spi.Completion releasing(SendRequest req, Object packed) {
        if (packed == null) {
            return req;
        }
        return errorClass -> {
            SendPacking.release(packed);
            req.complete(errorClass);
        };
    }

    /** A piece of rendezvous data for receive {@code recvId} (negative: data ahead of the CTS, see the class comment). */
    void data(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
        if (recvId < 0) {
            dataAhead(~recvId, messageOffset, src, srcOffset, bytes);
            return;
        }
        RecvRequest r = receiving(recvId);
        if (write(r, messageOffset, src, srcOffset, bytes)) {
            recvs.remove(recvId);
            finish(r);
        }
    }

    /** The posted receive rendezvous data names; an unknown one is the transport's bug. */
    private RecvRequest receiving(long recvId) {
        RecvRequest r = recvs.get(recvId);
        if (r == null) {
            throw new IllegalStateException("rendezvous data for unknown receive " + recvId);
        }
        return r;
    }

    /**
     * The receive buffer of receive {@code recvId} as bytes, when the transport may write the message
     * straight into it ({@link jmpi.spi.FrameSink#dataTarget}): contiguous, kept, and long enough for the
     * whole message; else null.
     */
    MemorySegment dataTarget(long recvId) {
        RecvRequest r = recvId < 0 ? null : recvs.get(recvId);
        if (r == null) {
            return null;
        }
        RecvRequest.Rare x = r.rare();
        if (x.discard || r.plan != null || x.staging != null) {
            return null;
        }
        MemorySegment into = r.type.writableBytes(r.buffer(), r.offset, r.capacity);
        return into != null && into.byteSize() >= x.totalBytes ? into : null;
    }

    /** The transport wrote {@code bytes} bytes of receive {@code recvId} into its {@link #dataTarget}. */
    void dataWritten(long recvId, long messageOffset, long bytes) {
        RecvRequest r = receiving(recvId);
        if (counted(r, bytes)) {
            recvs.remove(recvId);
            finish(r);
        }
    }

    private void dataAhead(long key, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
        Ahead a = aheads.get(key);
        if (a == null || messageOffset + bytes > a.bytes) {
            throw new IllegalStateException("data ahead of a CTS for unknown send " + (key & ((1L << SEND_ID_BITS) - 1)) + " of rank "
                    + (key >>> SEND_ID_BITS) + (a == null ? "" : " beyond the " + a.bytes + " bytes its RTS announced"));
        }
        a.arrived += bytes;
        RecvRequest r = a.target;
        if (a.arrived == a.bytes && r != null) {
            aheads.remove(key);
        }
        if (r == null) {
            if (a.staged == null) {
                a.staged = new byte[(int) a.bytes];
            }
            MemorySegment.copy(src, ValueLayout.JAVA_BYTE, srcOffset, MemorySegment.ofArray(a.staged), ValueLayout.JAVA_BYTE,
                    messageOffset, bytes);
            return;
        }
        if (write(r, messageOffset, src, srcOffset, bytes)) {
            if (a.recvId != 0) {
                recvs.remove(a.recvId);
            }
            finish(r);
        }
    }

    /**
     * Writes a piece of message {@code r} at {@code messageOffset} (truncating, or only counting when discarding);
     * whether r has it all. Package-private for tests.
     */
    static boolean write(RecvRequest r, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
        RecvRequest.Rare x = r.rare();
        if (!x.discard && r.plan != null && x.staging == null) {
            writeThroughPlan(r, messageOffset, src, srcOffset, bytes);
        } else if (!x.discard) {
            MemorySegment into = x.staging != null ? MemorySegment.ofArray(x.staging)
                    : r.type.writableBytes(r.buffer(), r.offset, r.capacity);
            long fits = Math.min(bytes, into.byteSize() - messageOffset);
            if (fits > 0) {
                // Not MemorySegment.copy(src, srcOffset, into, messageOffset, fits): on JDK 25.0.3 that
                // copies fewer than 64 bytes with a Java loop of 8-byte words, which C2 miscompiled in this
                // method once it unrolled it (whether or not data() was inlined into the transport's poll):
                // every other word was not stored, and the receive completed with the buffer's stale bytes
                // there (ByteProtocolTest.smallRendezvousMessagesArriveWholeOnceTheByteCopyIsCompiled). The
                // element-wise overload always copies with Unsafe.copyMemory.
                MemorySegment.copy(src, ValueLayout.JAVA_BYTE, srcOffset, into, ValueLayout.JAVA_BYTE, messageOffset, fits);
            }
        }
        return counted(r, bytes);
    }

    /** Counts {@code bytes} more of {@code r}'s message as arrived; whether r has it all. */
    private static boolean counted(RecvRequest r, long bytes) {
        RecvRequest.Rare x = r.rare();
        x.receivedBytes += bytes;
        return x.receivedBytes >= x.totalBytes;
    }

    /**
     * A piece of a message received into a non-contiguous datatype: unpacked through the plan straight into
     * the user's buffer ({@link Delivery#unpackThroughPlan}; no staging array, no scatter at finish). Pieces
     * need not end on element boundaries: the bytes of an element split between two pieces are put together
     * in {@link RecvRequest.Rare#partial} (a transport delivers one message's pieces in order; a piece that would
     * continue an element no piece began is refused). After a datatype failure nothing more is stored.
     */
    private static void writeThroughPlan(RecvRequest r, long at, MemorySegment src, long srcOffset, long bytes) {
        if (r.error != ErrorClass.SUCCESS && r.error != ErrorClass.ERR_TRUNCATE) {
            return;
        }
        int size = r.type.size();
        long end = Math.min(at + bytes, (long) r.capacity * size);
        if (end <= at) {
            return;
        }
        RecvRequest.Rare x = r.rare();
        if (at % size != 0) {
            if (x.partial == null || x.partialEnd != at) {
                throw new IllegalStateException("rendezvous data out of order: the piece at byte " + at
                        + " continues an element no earlier piece began");
            }
            int within = (int) (at % size);
            int take = (int) Math.min(size - within, end - at);
            MemorySegment.copy(src, ValueLayout.JAVA_BYTE, srcOffset, MemorySegment.ofArray(x.partial),
                    ValueLayout.JAVA_BYTE, within, take);
            at += take;
            srcOffset += take;
            x.partialEnd = at;
            if (at % size == 0) {
                Delivery.unpackThroughPlan(r, MemorySegment.ofArray(x.partial), 0, at - size, size);
            }
        }
        long whole = (end - at) / size * size;
        if (whole > 0) {
            Delivery.unpackThroughPlan(r, src, srcOffset, at, whole);
            at += whole;
            srcOffset += whole;
        }
        if (at < end) {
            if (x.partial == null) {
                x.partial = new byte[size];
            }
            MemorySegment.copy(src, ValueLayout.JAVA_BYTE, srcOffset, MemorySegment.ofArray(x.partial),
                    ValueLayout.JAVA_BYTE, 0, end - at);
            x.partialEnd = end;
        }
    }

    private void finish(RecvRequest r) {
        RecvRequest.Rare x = r.rare();
        int n = Math.min(r.count, r.capacity);
        if (!x.discard) {
            r.count = n;
        }
        if (x.staging != null && !x.discard && n > 0) {
            if (r.type == BasicType.OBJECT) {
                try {
                    ObjectCodec.deserialize(x.staging, n, (Object[]) r.buffer(), r.offset, r.engine.objectLoader(),
                            r.engine.objectFilter());
                } catch (ObjectCodec.ObjectCodecException e) {
                    r.error = ErrorClass.ERR_TYPE;
                    r.errorDetail = e.getMessage();
                }
            } else {
                r.type.copyFromBytes(x.staging, r.buffer(), r.offset, n);
            }
        }
        x.staging = null;
        r.finish();
    }
}
