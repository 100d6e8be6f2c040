package jmpi.transport.tcp;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

import jmpi.spi.Frame;
import jmpi.spi.FrameDescriptor;
import jmpi.spi.FrameSink;

/**
 * The incoming side of one established connection: reads the frame stream into a direct buffer
 * and delivers it. EAGER payloads are gathered into a {@code byte[]} (the frame's {@code bytes});
 * DATA payloads go to {@link FrameSink#deliverData} straight from the read buffer, piece by piece
 * as they arrive, or with a {@link RawSocket} are read straight into the receive buffer the sink
 * offers ({@link FrameSink#dataTarget}, {@link FrameSink#dataWritten}; docs/WIRE-TCP.md, "Direct
 * DATA"); other kinds are handed over as frames.
 *
 * <p>Every header is checked: known kind and version ({@link FrameDescriptor#decodeHeader}),
 * payload length in [0, maxFrame], sender field equal to the authenticated peer, sequence number
 * one more than the previous. Any violation, and an end of stream inside a frame, is a
 * {@link WireException}: the connection is then closed, never resynchronised.
 *
 * <p>Concurrency: used only by the thread that polls the endpoint (one at a time).
 */
final class FrameReader {
    /** Read buffer size, in bytes. */
    static final int BUFFER = 256 * 1024;
    /** Reads per call, so that one busy peer does not starve the others within a poll. */
    private static final int READS_PER_CALL = 4;
    /** A DATA piece with at least this many bytes still to come is read straight into the receive buffer when possible. */
    static final int DIRECT_MIN = 16 * 1024;

    private enum State { HEADER, EAGER_BODY, DATA_BODY }

    private final int peer;
    private final int maxFrame;
    private final ByteBuffer in = ByteBuffer.allocateDirect(BUFFER);
    private final MemorySegment inSeg = MemorySegment.ofBuffer(in);
    private State state = State.HEADER;
    private long expectedSeq;
    private Frame eager;
    private byte[] body;
    private int filled;
    private long dataRecvId;
    private long dataOffset;
    private long dataLeft;
    private boolean endOfStream;
    /** Reads DATA payloads straight into the receive buffer (null: everything through {@code in}). */
    private RawSocket raw;
    /** {@link #raw} is still to be looked up (on the first DATA piece that could use it). */
    private boolean rawWanted;
    /**
     * The last piece was read straight into its receive buffer, so the next frame is likely the next
     * piece of the same message: read its header alone, so that its payload is not pulled into the
     * read buffer (and copied once more) before the header says where it goes.
     */
    private boolean headerAlone;
    /**
     * The current DATA piece is being read straight into its receive buffer: its end goes there too, however
     * little is left (not the last few KiB through the read buffer, with the next header pulled in behind them).
     */
    private boolean pieceDirect;
    /**
     * This side has just sent a CTS to the peer ({@link #expectData}): the next frame is likely the first
     * DATA piece it answers with, so its header is read alone too (any thread sets it; the polling
     * thread clears it at the next header read).
     */
    private volatile boolean dataExpected;
    /** Direct reads were asked for and can be had here (final: {@link #expectData} reads it from any thread). */
    private final boolean directWanted;

    /**
     * @param peer the authenticated peer (every header must name it)
     * @param maxFrame the largest payload accepted
     * @param direct read large DATA payloads through a {@link RawSocket} when one can be had
     */
    FrameReader(int peer, int maxFrame, boolean direct) {
        this.peer = peer;
        this.maxFrame = maxFrame;
        this.directWanted = direct && RawSocket.supported();
        this.rawWanted = directWanted;
    }

    /**
     * This side is sending a CTS on the connection (any thread, before the CTS is queued): with direct
     * reads, the next header is read alone, so that the first DATA piece's payload too is read straight
     * into the receive buffer. Costs at most one more {@code read} when another frame comes first.
     */
    void expectData() {
        if (directWanted) {
            dataExpected = true;
        }
    }

    /** The peer closed its side at a frame boundary. */
    boolean endOfStream() {
        return endOfStream;
    }

    /**
     * Reads what {@code ch} has now and delivers complete frames and data pieces to {@code sink};
     * returns how many were delivered.
     */
    int readFrom(SocketChannel ch, FrameSink sink) throws IOException, WireException {
        int moved = 0;
        for (int i = 0; i < READS_PER_CALL && !endOfStream; i++) {
            if (state == State.DATA_BODY && (dataLeft >= DIRECT_MIN || pieceDirect) && in.position() == 0) {
                int n = readDirect(ch, sink);
                if (n > 0) {
                    moved += n;
                    continue;
                }
                if (n == 0) {
                    break; // the socket has nothing now
                }
            }
            boolean alone = (headerAlone || dataExpected) && state == State.HEADER && in.position() == 0;
            if (alone) {
                in.limit(FrameDescriptor.HEADER_BYTES);
            }
            int room = in.remaining();
            int n;
            try {
                n = ch.read(in);
            } finally {
                if (alone) {
                    in.limit(in.capacity());
                }
            }
            if (n < 0) {
                endOfStream = true;
                if (in.position() > 0 || state != State.HEADER) {
                    throw new WireException("connection closed in the middle of a frame (" + describe() + ")");
                }
                break;
            }
            if (n == 0) {
                break;
            }
            in.flip();
            try {
                moved += parse(sink);
            } finally {
                in.compact();
            }
            if (alone) {
                dataExpected = false;
                headerAlone = false; // a header whole: its payload, if DATA, is read straight next; a part: the rest as usual
                continue;
            }
            if (n < room) {
                break; // the socket had no more: a further read now would only return 0 (one system call saved)
            }
        }
        return moved;
    }

    /**
     * Reads the rest of the current DATA piece straight into its receive buffer, when the sink offers
     * it ({@link FrameSink#dataTarget}) and {@link #raw} can be had: 1 when bytes came, 0 when the
     * socket had none, -1 when the piece must go through the read buffer. The read buffer is empty.
     */
    private int readDirect(SocketChannel ch, FrameSink sink) throws IOException, WireException {
        if (rawWanted) {
            rawWanted = false;
            raw = RawSocket.lookUp(ch, "DATA reads from rank " + peer);
        }
        if (raw == null || !ch.isOpen()) {
            return -1;
        }
        MemorySegment target = sink.dataTarget(dataRecvId);
        if (target == null || dataOffset < 0 || dataOffset + dataLeft > target.byteSize()) {
            return -1;
        }
        long n = raw.read(target, dataOffset, dataLeft);
        if (n == 0) {
            return 0;
        }
        if (n < 0) {
            endOfStream = true;
            throw new WireException("connection closed in the middle of a frame (" + describe() + ")");
        }
        long messageOffset = dataOffset;
        dataOffset += n;
        dataLeft -= n;
        pieceDirect = dataLeft > 0;
        if (dataLeft == 0) {
            state = State.HEADER;
            headerAlone = true;
        }
        sink.dataWritten(dataRecvId, messageOffset, n);
        return 1;
    }

    private String describe() {
        return switch (state) {
            case HEADER -> in.position() + " of " + FrameDescriptor.HEADER_BYTES + " header bytes received";
            case EAGER_BODY -> filled + " of " + body.length + " EAGER payload bytes received";
            case DATA_BODY -> dataLeft + " DATA payload bytes missing";
        };
    }

    private int parse(FrameSink sink) throws WireException {
        int moved = 0;
        while (true) {
            switch (state) {
                case HEADER -> {
                    if (in.remaining() < FrameDescriptor.HEADER_BYTES) {
                        return moved;
                    }
                    int at = in.position();
                    if (FrameDescriptor.isSmall(inSeg, at)) {
                        int payload = FrameDescriptor.payloadBytesAt(inSeg, at);
                        if (payload >= 0 && payload <= FrameWriter.SMALL_LIMIT) {
                            if (in.remaining() < FrameDescriptor.HEADER_BYTES + payload) {
                                return moved; // taken whole, straight from this buffer, once the rest has come
                            }
                            small(sink, at, payload);
                            moved++;
                            continue;
                        }
                    }
                    Frame f = header(in.position());
                    in.position(in.position() + FrameDescriptor.HEADER_BYTES);
                    int payload = FrameDescriptor.payloadBytesAt(inSeg, in.position() - FrameDescriptor.HEADER_BYTES);
                    if (f.kind == Frame.EAGER) {
                        eager = f;
                        body = new byte[payload];
                        filled = 0;
                        state = State.EAGER_BODY;
                    } else if (f.kind == Frame.DATA) {
                        dataRecvId = f.recvId;
                        dataOffset = f.offset;
                        dataLeft = payload;
                        state = State.DATA_BODY;
                        if (payload == 0) {
                            sink.deliverData(dataRecvId, dataOffset, inSeg, in.position(), 0);
                            moved++;
                            state = State.HEADER;
                        }
                    } else {
                        sink.accept(f);
                        moved++;
                    }
                }
                case EAGER_BODY -> {
                    int take = Math.min(in.remaining(), body.length - filled);
                    in.get(body, filled, take);
                    filled += take;
                    if (filled < body.length) {
                        return moved;
                    }
                    Frame f = eager;
                    f.bytes = body;
                    eager = null;
                    body = null;
                    state = State.HEADER;
                    sink.accept(f);
                    moved++;
                }
                case DATA_BODY -> {
                    int take = (int) Math.min(in.remaining(), dataLeft);
                    if (take == 0) {
                        return moved;
                    }
                    int at = in.position();
                    in.position(at + take);
                    long messageOffset = dataOffset;
                    dataOffset += take;
                    dataLeft -= take;
                    if (dataLeft == 0) {
                        state = State.HEADER;
                    }
                    sink.deliverData(dataRecvId, messageOffset, inSeg, at, take);
                    moved++;
                }
            }
        }
    }

    /**
     * A {@link FrameDescriptor#SMALL_FLAG} EAGER message lying whole in the read buffer at {@code at}:
     * checked, offered to {@link FrameSink#tryDeliver} straight from the buffer, else handed over as a
     * frame with a {@code byte[]} payload.
     */
    private void small(FrameSink sink, int at, int payload) throws WireException {
        if (FrameDescriptor.versionAt(inSeg, at) != FrameDescriptor.VERSION) {
            header(at); // throws, naming the problem
        }
        int from = FrameDescriptor.senderAt(inSeg, at);
        long seq = FrameDescriptor.seqAt(inSeg, at);
        if (from != peer) {
            throw new WireException("frame header names sender " + from);
        }
        if (seq != expectedSeq) {
            throw new WireException("frame sequence number " + seq + ", expected " + expectedSeq);
        }
        if (payload > maxFrame) {
            throw new WireException("frame payload of " + payload + " bytes exceeds " + TcpConfig.MAX_FRAME + "="
                    + maxFrame);
        }
        int count = FrameDescriptor.countAt(inSeg, at);
        String problem = FrameDescriptor.smallShapeProblem(count, payload);
        if (problem != null) {
            throw new WireException(problem);
        }
        expectedSeq++;
        in.position(at + FrameDescriptor.HEADER_BYTES + payload);
        int context = FrameDescriptor.contextAt(inSeg, at);
        int source = FrameDescriptor.sourceAt(inSeg, at);
        int tag = FrameDescriptor.tagAt(inSeg, at);
        int typeCode = FrameDescriptor.typeCodeAt(inSeg, at);
        if (sink.tryDeliver(context, source, tag, typeCode, count, inSeg, at + FrameDescriptor.HEADER_BYTES, payload)) {
            return;
        }
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.context = context;
        f.source = source;
        f.tag = tag;
        f.typeCode = typeCode;
        f.count = count;
        f.sender = peer;
        f.seq = seq;
        f.bytes = inSeg.asSlice(at + FrameDescriptor.HEADER_BYTES, payload).toArray(ValueLayout.JAVA_BYTE);
        sink.accept(f);
    }

    private Frame header(int at) throws WireException {
        Frame f;
        try {
            f = FrameDescriptor.decodeHeader(inSeg, at);
        } catch (IllegalArgumentException e) {
            throw new WireException("bad frame header: " + e.getMessage());
        }
        int payload = FrameDescriptor.payloadBytesAt(inSeg, at);
        if (payload > maxFrame) {
            throw new WireException("frame payload of " + payload + " bytes exceeds " + TcpConfig.MAX_FRAME + "="
                    + maxFrame);
        }
        if (f.sender != peer) {
            throw new WireException("frame header names sender " + f.sender);
        }
        if (f.seq != expectedSeq) {
            throw new WireException("frame sequence number " + f.seq + ", expected " + expectedSeq);
        }
        expectedSeq++;
        return f;
    }
}
