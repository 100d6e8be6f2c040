package jmpi.core;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.HashMap;
import java.util.Map;

import jmpi.datatype.BasicType;
import jmpi.datatype.ObjectCodec;
import jmpi.spi.Endpoint;
import jmpi.spi.Frame;

/**
 * The point-to-point protocols between ranks that do not share memory (byte transports): eager
 * with a private copy, synchronous eager answered by ACK, and rendezvous: RTS (envelope only), CTS
 * from the receiver once matched, then DATA straight from the sender's array, which the transport
 * streams into the posted receive ({@link jmpi.spi.FrameSink#deliverData}). The sender's request
 * completes when the transport no longer needs its array (the DATA frame's ack). The choice
 * between eager and rendezvous is {@link Protocol#choose}'s; {@link SharedMemoryProtocol} is the
 * counterpart between ranks that share memory.
 *
 * <p>Concurrency: every method runs under the engine's progress lock except {@link #send}, which
 * takes it only to register a pending send before the first frame leaves.
 */
final class ByteProtocol {
    /**
     * A send waiting for its CTS (rendezvous: {@code request} and {@code data}) or its ACK
     * ({@code onAck}: completes a synchronous send, or frees a buffered send's space).
     */
    private record PendingSend(SendRequest request, MemorySegment data, jmpi.spi.Completion onAck) {
    }

    private final Endpoint endpoint;
    private final SpinLock lock;
    private final Map<Long, PendingSend> sends = new HashMap<>();
    private final Map<Long, RecvRequest> recvs = new HashMap<>();
    private long nextId = 1;

    ByteProtocol(Endpoint endpoint, SpinLock lock) {
        this.endpoint = endpoint;
        this.lock = lock;
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
        if (protocol == Protocol.EAGER) {
            f.kind = Frame.EAGER;
            f.data = MemorySegment.ofArray(serialized != null ? serialized : type.bytesCopy(buf, offset, elements));
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
            f.offset = serialized != null ? serialized.length : (long) elements * type.size();
            f.sendId = register(req, serialized != null ? MemorySegment.ofArray(serialized)
                    : type.bytesOf(buf, offset, elements), null);
        }
        endpoint.send(worldDest, f);
    }

    private long register(SendRequest req, MemorySegment data, jmpi.spi.Completion onAck) {
        lock.lock();
        try {
            long id = nextId++;
            sends.put(id, new PendingSend(req, data, onAck));
            return id;
        } finally {
            lock.unlock();
        }
    }

    /** A byte RTS matched receive {@code r} (envelope fields already copied): asks the sender for the data. */
    void matchedRts(RecvRequest r, Frame f) {
        r.totalBytes = f.offset;
        if (f.typeCode != r.typeCode) {
            r.discard = true;
        } else if (r.type == BasicType.OBJECT || r.type == BasicType.BOOLEAN) {
            r.staging = new byte[(int) f.offset];
        }
        long id = nextId++;
        recvs.put(id, r);
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
        data.data = p.data();
        data.ack = p.request();
        endpoint.send(f.sender, data);
    }

    /** A piece of rendezvous data for receive {@code recvId}. */
    void data(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
        RecvRequest r = recvs.get(recvId);
        if (r == null) {
            throw new IllegalStateException("rendezvous data for unknown receive " + recvId);
        }
        if (!r.discard) {
            MemorySegment into = r.staging != null ? MemorySegment.ofArray(r.staging)
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
        r.receivedBytes += bytes;
        if (r.receivedBytes >= r.totalBytes) {
            recvs.remove(recvId);
            finish(r);
        }
    }

    private void finish(RecvRequest r) {
        int n = Math.min(r.count, r.capacity);
        if (!r.discard) {
            r.count = n;
        }
        if (r.staging != null && !r.discard && n > 0) {
            if (r.type == BasicType.OBJECT) {
                try {
                    ObjectCodec.deserialize(r.staging, n, (Object[]) r.buffer(), r.offset, r.engine.objectLoader(),
                            r.engine.objectFilter());
                } catch (ObjectCodec.ObjectCodecException e) {
                    r.error = ErrorClass.ERR_TYPE;
                    r.errorDetail = e.getMessage();
                }
            } else {
                r.type.copyFromBytes(r.staging, r.buffer(), r.offset, n);
            }
        }
        r.staging = null;
        r.finish();
    }
}
