package jmpi.transport.tcp;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.locks.ReentrantLock;

import jmpi.spi.Completion;
import jmpi.spi.Frame;
import jmpi.spi.FrameDescriptor;

/**
 * The outgoing side of one connection: queued frames, encoded into a direct staging buffer and
 * written to the socket as far as it takes them.
 *
 * <p>Two queues: {@code frames} (EAGER and control frames, strictly in order) and {@code bulk}
 * (DATA frames). A DATA frame leaves in pieces of at most {@link #PIECE} bytes ({@link #DIRECT_PIECE}
 * when written direct; never more than the peer's largest frame), each with its own header (offset
 * and payload length of the piece), and queued frames go ahead of the next piece,
 * so one large message does not hold back small ones. Frames of {@code frames} never overtake each
 * other, nor do DATA frames; only DATA pieces may be overtaken (a DATA piece is bound to a posted
 * receive by id, so that order does not matter for matching).
 *
 * <p>A frame's {@link Frame#ack} runs once the last byte of its data has been written to the
 * socket (the staging buffer's bytes up to it have been accepted by the kernel), outside the lock.
 *
 * <p>The staging buffer is a ring ({@link #makeRoom}): a partial write leaves the rest where it
 * lies. With a {@link RawSocket} (docs/WIRE-TCP.md, "Direct DATA") a DATA frame with at least
 * {@link #DIRECT_MIN} bytes left goes out in pieces of up to {@link #DIRECT_PIECE}, each as its header
 * through the staging buffer, then its payload straight from the frame's memory; nothing else is
 * staged until that payload is written.
 *
 * <p>Concurrency: {@link #enqueue} from any thread (lock-free queues). {@link #flush} from any
 * thread; the writer state is guarded by a lock taken with {@code tryLock}, so a flush never waits
 * for another: whoever holds the lock writes for everybody. {@link #hasWork} is a racy hint.
 */
final class FrameWriter {
    /** Largest DATA piece, in bytes. */
    static final int PIECE = 256 * 1024;
    /**
     * Largest DATA piece written straight from the frame's memory ({@link #direct}), in bytes: one header
     * and two system calls per side for up to 4 MiB (with 256 KiB pieces a stream of 16 MiB messages reached
     * 0.75-0.85 of the bandwidth it reaches with these).
     */
    static final int DIRECT_PIECE = 4 * 1024 * 1024;
    /**
     * A direct piece of more than {@link #CHUNKED_ABOVE} bytes is written in system calls of at most this many
     * bytes. One {@code write(2)} of a whole 2-4 MiB piece to a loopback peer reading as it arrives took 221-1130 us
     * for 4 MiB (perf trace: the call copies while the reader drains, its socket locked throughout); in calls of
     * 256 KiB the ping-pong took 0.5-0.7x the time at 2-4 MiB (128 KiB calls about as little, 512 KiB and 1 MiB
     * ones more; bench/results/2026-12-07-tcp-write-chunks.txt).
     */
    static final long WRITE_CHUNK = 256 * 1024;
    /** Direct pieces up to this many bytes are written in one call: a 1 MiB ping-pong was no faster in chunks. */
    static final long CHUNKED_ABOVE = 1024 * 1024;
    /** Staging buffer size, in bytes. */
    static final int BUFFER = 256 * 1024;
    /** Staged bytes left unwritten are moved to the front of the staging buffer only up to this many. */
    static final int COMPACT_MAX = 4 * 1024;
    /**
     * A DATA frame with at least this many bytes left (a staging buffer's worth: it could not share one with
     * another message) is written straight from its memory when {@link #raw} is set, whatever else is queued:
     * a window of 256 KiB messages 1.2x the bandwidth, a 256 KiB ping-pong 0.82x the time of the staged path.
     * Smaller ones go through the staging buffer, where back-to-back messages share one write (a window of
     * 128 KiB messages direct: 0.96x; bench/results/2026-11-30-tcp-direct-default.txt).
     */
    static final int DIRECT_MIN = 256 * 1024;
    /** Largest payload of a {@link #trySendSmall} message (the receiver needs it whole in its read buffer). */
    static final int SMALL_LIMIT = 64 * 1024;

    private record PendingAck(long mark, Completion ack) {
    }

    private final int sender;
    /** Largest piece through the staging buffer: {@link #PIECE}, or the peer's largest frame if smaller. */
    private final int piece;
    /** Largest direct piece: {@link #DIRECT_PIECE}, or the peer's largest frame if smaller. */
    private final int directPiece;
    private final ConcurrentLinkedQueue<Frame> frames = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Frame> bulk = new ConcurrentLinkedQueue<>();
    private final ReentrantLock lock = new ReentrantLock();

    // ---- guarded by lock
    /** Staging buffer: bytes {@code [head, out.position())} are encoded and not yet written. */
    private ByteBuffer out;
    private MemorySegment outSeg;
    /** A view of {@code out} that {@link #pump} writes from ({@code [head, out.position())}). */
    private ByteBuffer outView;
    /** Start of the staged bytes not yet written (the ring's read index). */
    private int head;
    /** Writes DATA payloads straight from the frame's memory (null: everything through the staging buffer). */
    private RawSocket raw;
    /** {@link #raw} is still to be looked up (on the first DATA frame). */
    private boolean rawWanted;
    /** The current frame is a DATA piece whose payload goes through {@link #raw}, not the staging buffer. */
    private boolean direct;
    private Frame current;
    private boolean currentIsData;
    private long pos;
    private long end;
    /** Bytes of bulk.peek() already encoded. */
    private long dataSent;
    private long seq;
    private long appended;
    private long written;
    private final ArrayDeque<PendingAck> acks = new ArrayDeque<>();
    // ----
    /** Staging bytes not yet written, or a frame half encoded (written under lock, read anywhere). */
    private volatile boolean staged;
    /** The last write left bytes behind: the socket is full. */
    private volatile boolean blocked;

    /**
     * @param sender the world rank written into every header
     * @param direct write large DATA payloads through a {@link RawSocket} when one can be had
     */
    FrameWriter(int sender, boolean direct) {
        this(sender, direct, Integer.MAX_VALUE);
    }

    /**
     * @param sender the world rank written into every header
     * @param direct write large DATA payloads through a {@link RawSocket} when one can be had
     * @param maxFrame the largest payload the peer accepts in one frame ({@link TcpSetting#MAX_FRAME}; every rank
     *                 of a job has the same): no piece is larger
     */
    FrameWriter(int sender, boolean direct, int maxFrame) {
        this.sender = sender;
        this.rawWanted = direct && RawSocket.supported();
        this.piece = Math.min(PIECE, maxFrame);
        this.directPiece = Math.min(DIRECT_PIECE, maxFrame);
    }

    void enqueue(Frame f) {
        if (f.kind == Frame.DATA) {
            bulk.add(f);
        } else {
            frames.add(f);
        }
    }

    /** Something waits to be written (a hint when called without the lock). */
    boolean hasWork() {
        return staged || !frames.isEmpty() || !bulk.isEmpty();
    }

    /** The last write could not take everything: wait for the socket to become writable. */
    boolean blocked() {
        return blocked;
    }

    /**
     * Encodes queued frames and writes them to {@code ch} until the socket is full or nothing is
     * left; returns the number of frames or DATA pieces encoded (0 also when another thread holds
     * the writer).
     */
    int flush(SocketChannel ch) throws IOException {
        int moved = 0;
        List<Completion> done = null;
        for (int attempt = 0; attempt < 3; attempt++) {
            if (!lock.tryLock()) {
                break;
            }
            try {
                moved += pump(ch);
                done = takeDue(done);
            } finally {
                lock.unlock();
            }
            // A sender whose tryLock failed while this thread was finishing may have left a frame behind.
            if (blocked || (frames.isEmpty() && bulk.isEmpty())) {
                break;
            }
        }
        complete(done);
        return moved;
    }

    /**
     * Writes a small EAGER message straight from the caller's array into the staging buffer ({@code count}
     * elements of {@code layout} from {@code offset}, {@code bytes} bytes), flagged {@link FrameDescriptor#SMALL_FLAG}
     * so that the receiver may copy it straight into a posted receive, then writes what the socket takes.
     * No frame and no private copy. False (nothing staged) when another thread holds the writer, frames
     * are queued or half encoded (they go first), or the staging buffer has no room even after a write.
     */
    boolean trySendSmall(SocketChannel ch, int context, int source, int tag, int typeCode, Object array, int offset,
                         int count, ValueLayout layout, int bytes) throws IOException {
        if (!frames.isEmpty() || !lock.tryLock()) {
            return false;
        }
        List<Completion> done = null;
        boolean sent = false;
        try {
            if (current != null || !frames.isEmpty()) {
                return false;
            }
            if (out == null) {
                allocate();
            }
            int need = FrameDescriptor.HEADER_BYTES + bytes;
            makeRoom();
            if (out.remaining() < need) {
                pump(ch);
                done = takeDue(done);
                if (out.remaining() < need || current != null) {
                    return false;
                }
            }
            int at = out.position();
            // offset 0 (the frame carries its payload whole); seq: this stream's
            FrameDescriptor.encodeSmallHeader(outSeg, at, context, source, tag, typeCode, count, sender, bytes, 0L, seq++);
            if (count > 0) {
                MemorySegment.copy(array, offset, outSeg, layout, at + FrameDescriptor.HEADER_BYTES, count);
            }
            out.position(at + need);
            appended += need;
            sent = true;
            pump(ch);
            done = takeDue(done);
            return true;
        } finally {
            if (sent) {
                staged = pending() || current != null;
            }
            lock.unlock();
            complete(done);
        }
    }

    private void allocate() {
        out = ByteBuffer.allocateDirect(BUFFER);
        outSeg = MemorySegment.ofBuffer(out);
        outView = out.duplicate();
    }

    /** Whether bytes are staged and not yet written (lock held). */
    private boolean pending() {
        return out.position() > head;
    }

    /**
     * Makes room at the end of the staging buffer without moving much: when everything staged has
     * been written, the buffer starts over at 0; when less than {@link #COMPACT_MAX} bytes wait and
     * the end has no room for a header, those few bytes move to the front. Larger leftovers are never
     * moved: the next write takes them from where they are (lock held).
     */
    private void makeRoom() {
        int pos = out.position();
        if (head == pos) {
            if (pos > 0) {
                out.clear();
                head = 0;
            }
        } else if (head > 0 && pos - head <= COMPACT_MAX && out.remaining() < FrameDescriptor.HEADER_BYTES + COMPACT_MAX) {
            MemorySegment.copy(outSeg, head, outSeg, 0, pos - head);
            out.position(pos - head);
            head = 0;
        }
    }

    /** Encodes queued frames and writes until the socket is full or nothing is left (lock held); returns frames or pieces encoded. */
    private int pump(SocketChannel ch) throws IOException {
        if (out == null) {
            allocate();
        }
        if (rawWanted && !bulk.isEmpty()) {
            rawWanted = false;
            raw = RawSocket.lookUp(ch, "rank " + sender + "'s DATA writes");
        }
        int moved = 0;
        try {
            while (true) {
                makeRoom();
                moved += fill();
                if (pending()) {
                    int n;
                    if (direct && raw != null) {
                        n = (int) raw.writeMore(outSeg, head, out.position() - head); // the payload follows at once
                    } else {
                        outView.limit(out.position()).position(head);
                        n = ch.write(outView);
                    }
                    head += n;
                    written += n;
                    if (pending()) {
                        blocked = true;
                        break;
                    }
                    if (!direct) {
                        continue;
                    }
                }
                if (direct) {
                    // The piece's header (and everything before it) is written: its payload goes straight
                    // from the frame's memory.
                    if (raw == null) {
                        throw new java.nio.channels.ClosedChannelException(); // detached: the descriptor may be another file's by now
                    }
                    boolean chunked = end - dataSent > CHUNKED_ABOVE; // dataSent: where this piece starts
                    while (pos < end) {
                        long ask = chunked ? Math.min(end - pos, WRITE_CHUNK) : end - pos;
                        long n = raw.write(current.data, pos, ask);
                        pos += n;
                        appended += n;
                        written += n;
                        if (n < ask) {
                            break; // the socket is full
                        }
                    }
                    if (pos < end) {
                        blocked = true;
                        break;
                    }
                    direct = false;
                    moved += finish();
                    continue;
                }
                blocked = false;
                break;
            }
        } finally {
            staged = pending() || current != null;
        }
        return moved;
    }

    /**
     * The connection is about to be closed: no direct write may follow (its descriptor number could
     * name another file once closed). Waits for a write in progress; a later DATA piece fails the
     * writer as a write to a closed channel would.
     */
    void detach() {
        lock.lock();
        try {
            raw = null;
            rawWanted = false;
        } finally {
            lock.unlock();
        }
    }

    /** Moves the acks whose frames are now completely written into {@code done} (lock held). */
    private List<Completion> takeDue(List<Completion> done) {
        while (!acks.isEmpty() && acks.peekFirst().mark() <= written) {
            if (done == null) {
                done = new ArrayList<>();
            }
            done.add(acks.pollFirst().ack());
        }
        return done;
    }

    private static void complete(List<Completion> done) {
        if (done != null) {
            for (Completion c : done) {
                c.complete(0);
            }
        }
    }

    /**
     * Encodes as much as fits into the staging buffer; returns frames or pieces completed. Stops after
     * the header of a piece whose payload goes {@link #direct}.
     */
    private int fill() {
        int moved = 0;
        while (true) {
            if (current == null && !start()) {
                return moved;
            }
            if (direct) {
                return moved;
            }
            long take = Math.min(out.remaining(), end - pos);
            if (take > 0) {
                // Element-wise: the 5-argument copy of fewer than 64 bytes is a Java loop C2 miscompiled
                // in ByteProtocol.data (JDK 25.0.3; see there).
                MemorySegment.copy(current.data, ValueLayout.JAVA_BYTE, pos, outSeg, ValueLayout.JAVA_BYTE, out.position(), take);
                out.position(out.position() + (int) take);
                pos += take;
                appended += take;
            }
            if (pos < end) {
                return moved;
            }
            moved += finish();
        }
    }

    /** The current frame or piece has been encoded whole: on to the next piece of its DATA frame, or done with it (lock held). */
    private int finish() {
        Frame f = current;
        current = null;
        if (currentIsData) {
            dataSent = end;
            if (end < size(f)) {
                return 1;
            }
            bulk.poll();
            dataSent = 0;
        }
        if (f.ack != null) {
            acks.addLast(new PendingAck(appended, f.ack));
        }
        return 1;
    }

    /** Picks the next frame or DATA piece and encodes its header; false when none or no room. */
    private boolean start() {
        if (out.remaining() < FrameDescriptor.HEADER_BYTES) {
            return false;
        }
        Frame f = frames.poll();
        long offset;
        if (f != null) {
            currentIsData = false;
            direct = false;
            pos = 0;
            end = size(f);
            offset = f.offset;
        } else {
            f = bulk.peek();
            if (f == null) {
                return false;
            }
            currentIsData = true;
            pos = dataSent;
            long left = size(f) - pos;
            direct = raw != null && left >= DIRECT_MIN;
            end = pos + Math.min(left, direct ? directPiece : piece);
            offset = f.offset + dataSent;
        }
        current = f;
        int at = out.position();
        FrameDescriptor.encodeHeader(f, sender, outSeg, at);
        FrameDescriptor.setOffset(outSeg, at, offset);
        FrameDescriptor.setPayloadBytes(outSeg, at, (int) (end - pos));
        FrameDescriptor.setSeq(outSeg, at, seq++);
        out.position(at + FrameDescriptor.HEADER_BYTES);
        appended += FrameDescriptor.HEADER_BYTES;
        return true;
    }

    private static long size(Frame f) {
        return FrameDescriptor.payloadBytes(f);
    }
}
