package jmpi.transport.threads;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import jmpi.spi.FrameSink;
import jmpi.spi.LinePadding;
import jmpi.spi.SmallCopy;
import jmpi.spi.SmallPacker;

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
 *  at capacity (own 128 bytes): long head = bytes given back (consumed and zeroed); written by the receiver (release),
 *  read by the sender (acquire) only when its cached copy says the ring is too full
 * </pre>
 *
 * A stamp is only ever read at a record's start, and the place of the next record always holds 0
 * when a record is published: every line of the free area has a zero first word. A fresh area is all
 * zeros; the receiver, before it gives consumed lines back ({@code head}), zeroes the first word of each
 * ({@code Reader.release}), payload lines and pads included, and the sender keeps one line free beyond each
 * record it publishes. So neither an old lap's stamp nor payload bytes there can pass for a record; the
 * release of {@code head} orders the zeros before the sender's reuse of the lines. The receiver gives lines
 * back {@link #RELEASE_BATCH} bytes at a time (less in a small ring), not one record at a time: zeroing
 * there costs the receiver, which in a stream waits for the sender anyway, a store per line; the sender, which
 * did the zeroing before, stalled on the lines' transfers at its publishing fence (the profile of a stream of
 * 16-byte messages put a third of the sender's time on those stores).
 *
 * <p>A ring that its reader keeps up with starts over at the area's start early: when the writer is
 * {@link #RESTART_ZONE} bytes or more into the area, it reads {@code head}, and if the reader has consumed all
 * but at most {@code 2 * RELEASE_BATCH} bytes it pads to the end of the area (a pad record, as at the wrap) and
 * writes the next record at its start; if the reader is further behind, it looks again {@link #RESTART_ZONE}
 * bytes later (a stream costs the writer one read of the reader's line per zone). Messages that go back and
 * forth (a ping-pong, a blocking exchange) then keep reusing the same few kilobytes, which the two cores hand
 * each other faster than lines last touched a whole 64 KiB lap ago (two pinned threads copying through such a
 * ring, 512 B-4 KiB: 20-30 % less time one way with an 8 KiB zone; bench/experiments/RingFootprint.java,
 * bench/results/2026-11-29-ring-restart.txt), while a stream the reader lags behind still has the whole area.
 * A pad's skipped lines were free, so their first words are already zero: the reader zeroes only the pad's own
 * line.
 *
 * <p>Threads: {@link Writer} is used by the sending rank under its pair lock ({@link PairChannel}),
 * {@link Reader} by the receiving rank under its progress lock. They are separate objects, padded away from
 * the objects around them ({@link LinePadding}), so that the two sides' counters never share a cache line.
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
    /** How many consumed bytes the receiver zeroes and gives back at a time (at most an eighth of the area). */
    static final int RELEASE_BATCH = 1024;
    /** How far into the area (bytes) the writer looks whether it may start over at the area's start. */
    static final int RESTART_ZONE = 8192;

    private final MemorySegment area;
    private final long capacity;
    private final long mask;
    private final long headAt;
    private final int releaseBatch;
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
        this.releaseBatch = Math.min(RELEASE_BATCH, capacity / 8);
        this.area = Arena.ofAuto().allocate(capacity + 128L, 128);
        this.maxMessage = maxMessage;
        this.writer = new Writer(this);
        this.reader = new Reader(this, peer);
    }

    static long align(long bytes) {
        return (bytes + ALIGN - 1) & -ALIGN;
    }

    /** The fields of a {@link Writer}, between its paddings: the ring's constants it uses, and its counters. */
    abstract static class WriterFields extends LinePadding {
        final MemorySegment area;
        final long capacity;
        final long mask;
        final long headAt;
        final int maxMessage;
        /** How far into the area the writer looks whether it may start over: {@link #RESTART_ZONE}, at most half. */
        final int restartZone;
        /** Reader lag (bytes not yet given back) up to which the writer starts over early. */
        final int restartLag;
        long tail;
        long cachedHead;
        /** Tail when the writer last found its reader behind: it looks again {@code restartZone} bytes later. */
        long lookedAt = Long.MIN_VALUE / 2;
        /** How many times the writer started over early (tests read it). */
        long restarts;

        WriterFields(EagerRing ring) {
            area = ring.area;
            capacity = ring.capacity;
            mask = ring.mask;
            headAt = ring.headAt;
            maxMessage = ring.maxMessage;
            restartZone = (int) Math.min(RESTART_ZONE, ring.capacity / 2);
            restartLag = 2 * ring.releaseBatch;
        }
    }

    /** The sending side. */
    static final class Writer extends WriterFields {
        @SuppressWarnings("unused")
        private long pad0, pad1, pad2, pad3, pad4, pad5, pad6, pad7;

        Writer(EagerRing ring) {
            super(ring);
        }

        /**
         * Copies the message ({@code count} elements of {@code array} from {@code offset}, each of
         * {@code layout}; or, when {@code packer} is not null, has it write them) into the ring and publishes
         * it as number {@code seq}; false when it does not fit now (the ring is too full) or is larger than
         * {@link #maxMessage}. A packer's failure leaves the ring as it was (the record unpublished).
         */
        boolean offer(long seq, int context, int source, int tag, int typeCode, Object array, int offset, int count,
                      ValueLayout layout, SmallPacker packer) {
            long bytes = count * layout.byteSize();
            if (bytes > maxMessage) {
                return false;
            }
            long size = align(HEADER + bytes);
            long t = tail;
            long idx = t & mask;
            long toEnd = capacity - idx;
            long pad = toEnd < size ? toEnd : 0;
            if (pad == 0 && idx >= restartZone && t - lookedAt >= restartZone) {
                // start over at the area's start if the reader has (nearly) caught up; if not, look again later
                long h = (long) LONG.getAcquire(area, headAt);
                cachedHead = h;
                if (t - h > restartLag) {
                    lookedAt = t;
                } else if (capacity - (t - h) >= toEnd + size + ALIGN) {
                    pad = toEnd;
                    restarts++;
                }
            }
            // one line beyond the record stays free (zero): the next record's stamp goes there
            long need = pad + size + ALIGN;
            if (capacity - (t - cachedHead) < need) {
                cachedHead = (long) LONG.getAcquire(area, headAt);
                if (capacity - (t - cachedHead) < need) {
                    return false;
                }
            }
            if (pad != 0) {
                // The rest of the area is skipped; the record goes at its start, whose stamp is 0. Publish
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
            area.set(ValueLayout.JAVA_INT, idx + BYTES, (int) bytes);
            area.set(ValueLayout.JAVA_BYTE, idx + TYPE, (byte) typeCode);
            area.set(ValueLayout.JAVA_BYTE, idx + PAD, (byte) 0);
            if (packer != null) {
                packer.packInto(area, idx + HEADER, bytes);
            } else if (count > 0) {
                SmallCopy.toSegment(array, offset, count, layout, area, idx + HEADER);
            }
            t += size;
            // Volatile, not merely release: the sender reads the receiver's parked flag next (Dekker).
            LONG.setVolatile(area, idx + STAMP, seq);
            tail = t;
            return true;
        }
    }

    /** The fields of a {@link Reader}, between its paddings: the ring's constants it uses, and its counters. */
    abstract static class ReaderFields extends LinePadding {
        final MemorySegment area;
        final long mask;
        final long headAt;
        final int releaseBatch;
        /** World rank of the sender. */
        final int peer;
        /** Read position: bytes consumed. */
        long pos;
        /** Bytes given back to the sender ({@code head}): lines in [released, pos) are consumed, not yet zeroed. */
        long released;

        ReaderFields(EagerRing ring, int peer) {
            area = ring.area;
            mask = ring.mask;
            headAt = ring.headAt;
            releaseBatch = ring.releaseBatch;
            this.peer = peer;
        }
    }

    /** The receiving side. */
    static final class Reader extends ReaderFields {
        @SuppressWarnings("unused")
        private long pad0, pad1, pad2, pad3, pad4, pad5, pad6, pad7;

        Reader(EagerRing ring, int peer) {
            super(ring, peer);
        }

        /**
         * Whether a record (or a pad) is published at the read position: a hint that may be asked by any thread
         * of the receiving rank, outside its progress lock (it changes nothing).
         */
        boolean ready() {
            return (long) LONG.getVolatile(area, (pos & mask) + STAMP) != 0;
        }

        /**
         * The sequence number of the next unread message, or 0 when there is none (skips a pad record).
         * Under the receiver's progress lock.
         */
        long peekSeq() {
            long idx = pos & mask;
            long s = (long) LONG.getVolatile(area, idx + STAMP);
            if (s != 0 && area.get(ValueLayout.JAVA_BYTE, idx + PAD) != 0) {
                skipPad(area.get(ValueLayout.JAVA_INT, idx + BYTES));
                s = (long) LONG.getVolatile(area, STAMP);
            }
            return s;
        }

        /**
         * Skips the pad record at the read position ({@code bytes} to the end of the area) and gives back everything
         * up to the area's end: the consumed lines and the pad's own line are zeroed; the pad's other lines were free
         * when the writer padded, so their first words are zero already.
         */
        private void skipPad(int bytes) {
            long end = pos + bytes;
            giveBack(pos + ALIGN, end);
            pos = end;
        }

        /**
         * Hands the message {@link #peekSeq()} announced to {@code sink}: straight from the ring into a posted
         * receive if one takes it, else as a frame with a copy of its bytes ({@code Frame.bytes}). Its place is
         * given back with the next batch ({@link #release}).
         */
        void deliverTo(FrameSink sink) {
            long idx = pos & mask;
            long seq = (long) LONG.getAcquire(area, idx + STAMP);
            int context = area.get(ValueLayout.JAVA_INT, idx + CONTEXT);
            int tag = area.get(ValueLayout.JAVA_INT, idx + TAG);
            int source = area.get(ValueLayout.JAVA_INT, idx + SOURCE);
            int count = area.get(ValueLayout.JAVA_INT, idx + COUNT);
            int bytes = area.get(ValueLayout.JAVA_INT, idx + BYTES);
            int typeCode = area.get(ValueLayout.JAVA_BYTE, idx + TYPE);
            Fastbox.handOver(sink, peer, seq, context, source, tag, typeCode, count, area, idx + HEADER, bytes);
            pos += align(HEADER + bytes);
            if (pos - released >= releaseBatch) {
                release();
            }
        }

        /** Zeroes the first word of every consumed line, then gives them back to the sender. */
        private void release() {
            giveBack(pos, pos);
        }

        /**
         * Zeroes the first word of every line from {@code released} up to {@code zeroTo}, then gives the area up to
         * {@code upTo} back to the sender (the lines between were free, so zero already).
         */
        private void giveBack(long zeroTo, long upTo) {
            for (long q = released; q < zeroTo; q += ALIGN) {
                area.set(ValueLayout.JAVA_LONG, (q & mask) + STAMP, 0L);
            }
            released = upTo;
            LONG.setRelease(area, headAt, upTo);
        }
    }
}
