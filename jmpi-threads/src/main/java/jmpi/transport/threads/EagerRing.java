package jmpi.transport.threads;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import jmpi.spi.Endpoint;
import jmpi.spi.FrameSink;

/**
 * The eager ring of one direction of a pair of ranks: messages too large for the {@link Fastbox} but
 * at most {@link #maxMessage} bytes are copied into it by the sender and, when the receiver has posted
 * a receive, straight out of it into the receive buffer: one copy on each side, no allocation, no
 * frame. Records lie one after another, each on a 64-byte boundary; a record never wraps.
 *
 * <pre>
 *  data area (capacity bytes, a power of two), records at (position &amp; (capacity - 1)):
 *  +0   long stamp    the message's pair sequence number (never 0); written last, volatile
 *  +8   int  context
 *  +12  int  tag
 *  +16  int  source
 *  +20  int  count    elements
 *  +24  int  bytes    payload bytes; for a pad record: bytes to skip to the end of the area
 *  +28  byte type     type code
 *  +29  byte pad      1: a pad record (the message follows at the start of the area)
 *  +32  payload, then up to the next multiple of 64
 *  at capacity (own 128 bytes): long head = bytes consumed; written by the receiver (release),
 *  read by the sender (acquire) only when its cached copy says the ring is too full
 * </pre>
 *
 * A stamp is only ever read at a record's start, and the place of the next record always holds 0
 * when a record is published: the sender keeps the first word of every line from its tail up to a
 * point at least one line past the record it publishes zeroed ({@code Writer.zeroed}; it keeps one
 * line free for that). So neither an old lap's stamp nor payload bytes there can pass for a record;
 * the receiver's acquire read of a stamp orders the zeros before it. The sender zeroes
 * {@link #ZERO_AHEAD} bytes' worth of lines at a time, not one line per record: a line it zeroes is
 * usually in the receiver's cache from the last lap, and taking it back right before each publish
 * put one extra line transfer on every message's path.
 *
 * <p>Threads: {@link Writer} is used by the sending rank under its pair lock ({@link PairChannel}),
 * {@link Reader} by the receiving rank under its progress lock. They are separate objects so that the
 * two sides' counters never share a cache line.
 */
final class EagerRing {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();
    static final long STAMP = 0;
    static final long CONTEXT = 8;
    static final long TAG = 12;
    static final long SOURCE = 16;
    static final long COUNT = 20;
    static final long BYTES = 24;
    static final long TYPE = 28;
    static final long PAD = 29;
    static final int HEADER = 32;
    static final int ALIGN = 64;
    static final int MIN_CAPACITY = 4096;
    /** How far past the record being published the sender zeroes lines when it must (bytes). */
    static final int ZERO_AHEAD = 1024;

    private final MemorySegment area;
    private final long capacity;
    private final long mask;
    private final long headAt;
    /** Largest payload a record takes: a quarter of the area less the header, so that records stream. */
    final int maxMessage;
    final Writer writer;
    final Reader reader;

    /**
     * @param capacity   bytes of the data area, a power of two {@code >= MIN_CAPACITY}
     * @param maxMessage largest payload to take, {@code <= capacity / 4 - HEADER}
     * @param peer       world rank of the sender (for the frames the reader makes)
     */
    EagerRing(int capacity, int maxMessage, int peer) {
        if (capacity < MIN_CAPACITY || Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("eager ring of " + capacity + " bytes: not a power of two >= "
                    + MIN_CAPACITY);
        }
        if (maxMessage < 0 || maxMessage > capacity / 4 - HEADER) {
            throw new IllegalArgumentException("eager ring messages of up to " + maxMessage + " bytes do not fit a ring of "
                    + capacity + " (at most " + (capacity / 4 - HEADER) + ")");
        }
        this.capacity = capacity;
        this.mask = capacity - 1;
        this.headAt = capacity;
        this.area = Arena.ofAuto().allocate(capacity + 128L, 128);
        this.maxMessage = maxMessage;
        this.writer = new Writer();
        this.reader = new Reader(peer);
    }

    static long align(long bytes) {
        return (bytes + ALIGN - 1) & -ALIGN;
    }

    /** The sending side. */
    final class Writer {
        private long tail;
        private long cachedHead;
        /** Every line start in [tail, zeroed) holds 0 in its first word (a fresh area is all zeros). */
        private long zeroed = capacity;

        /**
         * Copies the message ({@code count} elements of {@code array} from {@code offset}, each of
         * {@code layout}; {@code bytes} bytes), or lets {@code packer} write it when not null, into the ring and
         * publishes it as number {@code seq}; false when it does not fit now (the ring is too full) or is larger
         * than {@link #maxMessage}.
         */
        boolean offer(long seq, int context, int source, int tag, int typeCode, Object array, int offset, int count,
                      ValueLayout layout, int bytes, Endpoint.Packer packer) {
            if (bytes > maxMessage) {
                return false;
            }
            long size = align(HEADER + bytes);
            long t = tail;
            long idx = t & mask;
            long toEnd = capacity - idx;
            long pad = toEnd < size ? toEnd : 0;
            // one line beyond the record stays free: the next record's stamp is zeroed there
            long need = pad + size + ALIGN;
            if (capacity - (t - cachedHead) < need) {
                cachedHead = (long) LONG.getAcquire(area, headAt);
                if (capacity - (t - cachedHead) < need) {
                    return false;
                }
            }
            long end = t + pad + size;
            if (zeroed <= end) {
                // The place after this record (and, after a pad, the record's own place at the start of the
                // area) must read 0 before anything is published: zero lines from there on, ahead, as far as
                // free space goes (cachedHead + capacity > end + ALIGN by the check above).
                long upTo = Math.min(end + ZERO_AHEAD, cachedHead + capacity);
                for (long q = Math.max(zeroed, pad != 0 ? t + pad : end); q < upTo; q += ALIGN) {
                    area.set(ValueLayout.JAVA_LONG, (q & mask) + STAMP, 0L);
                }
                zeroed = upTo;
            }
            if (pad != 0) {
                // The rest of the area is skipped; the record goes at its start, whose stamp is 0 now. Publish
                // the pad (its stamp is this message's number: the reader skips it and looks again).
                area.set(ValueLayout.JAVA_INT, idx + BYTES, (int) pad);
                area.set(ValueLayout.JAVA_BYTE, idx + PAD, (byte) 1);
                LONG.setRelease(area, idx + STAMP, seq);
                t += pad;
                idx = 0;
            }
            area.set(ValueLayout.JAVA_INT, idx + CONTEXT, context);
            area.set(ValueLayout.JAVA_INT, idx + TAG, tag);
            area.set(ValueLayout.JAVA_INT, idx + SOURCE, source);
            area.set(ValueLayout.JAVA_INT, idx + COUNT, count);
            area.set(ValueLayout.JAVA_INT, idx + BYTES, bytes);
            area.set(ValueLayout.JAVA_BYTE, idx + TYPE, (byte) typeCode);
            area.set(ValueLayout.JAVA_BYTE, idx + PAD, (byte) 0);
            if (packer != null) {
                packer.pack(area, idx + HEADER);
            } else if (count > 0) {
                MemorySegment.copy(array, offset, area, layout, idx + HEADER, count);
            }
            t += size;
            // Volatile, not merely release: the sender reads the receiver's parked flag next (Dekker).
            LONG.setVolatile(area, idx + STAMP, seq);
            tail = t;
            return true;
        }
    }

    /** The receiving side. */
    final class Reader {
        /** World rank of the sender. */
        private final int peer;
        private long head;

        Reader(int peer) {
            this.peer = peer;
        }

        /**
         * Whether a record (or a pad) is published at the read position: a hint that may be asked by any thread
         * of the receiving rank, outside its progress lock (it changes nothing).
         */
        boolean ready() {
            return (long) LONG.getVolatile(area, (head & mask) + STAMP) != 0;
        }

        /**
         * The sequence number of the next unread message, or 0 when there is none (skips a pad record).
         * Under the receiver's progress lock.
         */
        long peekSeq() {
            long idx = head & mask;
            long s = (long) LONG.getVolatile(area, idx + STAMP);
            if (s != 0 && area.get(ValueLayout.JAVA_BYTE, idx + PAD) != 0) {
                head += area.get(ValueLayout.JAVA_INT, idx + BYTES);
                s = (long) LONG.getVolatile(area, STAMP);
            }
            return s;
        }

        /**
         * Hands the message {@link #peekSeq()} announced to {@code sink}: straight from the ring into a posted
         * receive if one takes it, else as a frame with a copy of its bytes ({@code Frame.bytes}). Frees its place.
         */
        void deliverTo(FrameSink sink) {
            long idx = head & mask;
            long seq = (long) LONG.getAcquire(area, idx + STAMP);
            int context = area.get(ValueLayout.JAVA_INT, idx + CONTEXT);
            int tag = area.get(ValueLayout.JAVA_INT, idx + TAG);
            int source = area.get(ValueLayout.JAVA_INT, idx + SOURCE);
            int count = area.get(ValueLayout.JAVA_INT, idx + COUNT);
            int bytes = area.get(ValueLayout.JAVA_INT, idx + BYTES);
            int typeCode = area.get(ValueLayout.JAVA_BYTE, idx + TYPE);
            Fastbox.handOver(sink, peer, seq, context, source, tag, typeCode, count, area, idx + HEADER, bytes);
            head += align(HEADER + bytes);
            LONG.setRelease(area, headAt, head);
        }
    }
}
