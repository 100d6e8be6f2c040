package jmpi.transport.threads;

import static jmpi.transport.threads.FastboxDescriptor.BYTES;
import static jmpi.transport.threads.FastboxDescriptor.CONTEXT;
import static jmpi.transport.threads.FastboxDescriptor.COUNT;
import static jmpi.transport.threads.FastboxDescriptor.PAYLOAD;
import static jmpi.transport.threads.FastboxDescriptor.SEQ;
import static jmpi.transport.threads.FastboxDescriptor.SLOTS;
import static jmpi.transport.threads.FastboxDescriptor.SOURCE;
import static jmpi.transport.threads.FastboxDescriptor.TAG;
import static jmpi.transport.threads.FastboxDescriptor.TYPE;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.VarHandle;

import jmpi.spi.Frame;
import jmpi.spi.FrameSink;
import jmpi.spi.LinePadding;
import jmpi.spi.SmallCopy;
import jmpi.spi.SmallPacker;

/**
 * The small-message rings between two ranks, laid out as {@link FastboxDescriptor} says. Each rank
 * holds its own {@link End}: it produces into one direction and consumes the other, and keeps its
 * counters in its own object, padded away from the objects around it ({@link LinePadding}; the two ends are
 * allocated one after the other): no false sharing with the peer.
 *
 * <p>Threads: an end's {@link End#offer} is called by its rank under the pair lock
 * ({@link PairChannel}); {@link End#peekSeq} and {@link End#deliverTo} by its rank under the engine's
 * progress lock ({@link End#peekSeq} also outside it, as a hint).
 */
final class Fastbox {
    private static final VarHandle LONG = ValueLayout.JAVA_LONG.varHandle();

    private final MemorySegment rings = Arena.ofAuto().allocate(FastboxDescriptor.SIZE, FastboxDescriptor.ALIGNMENT);
    final End lower;
    final End upper;

    /** @param lowRank the lower of the two world ranks, which sends on direction 0 */
    Fastbox(int lowRank, int highRank) {
        lower = new End(rings, 0, highRank);
        upper = new End(rings, 1, lowRank);
    }

    End endOf(int rank, int lowRank) {
        return rank == lowRank ? lower : upper;
    }

    /**
     * Hands a small message lying in transport memory ({@code bytes} at {@code at} of {@code memory}) to
     * {@code sink}: straight into a posted receive if one takes it, else as an EAGER frame with a copy of its
     * bytes ({@code Frame.bytes}). For the fastbox and the eager rings alike.
     */
    static void handOver(FrameSink sink, int sender, long seq, int context, int source, int tag, int typeCode, int count,
                      MemorySegment memory, long at, int bytes) {
        if (sink.tryDeliver(context, source, tag, typeCode, count, memory, at, bytes)) {
            return;
        }
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.sender = sender;
        f.seq = seq;
        f.context = context;
        f.tag = tag;
        f.source = source;
        f.typeCode = typeCode;
        f.count = count;
        byte[] data = new byte[bytes];
        MemorySegment.copy(memory, ValueLayout.JAVA_BYTE, at, data, 0, bytes);
        f.bytes = data;
        sink.accept(f);
    }

    /** The fields of an {@link End}, between its paddings. */
    abstract static class EndFields extends LinePadding {
        final MemorySegment rings;
        final int out;
        final int in;
        /** World rank of the peer (the sender of what this end consumes). */
        final int peer;
        long tail;
        long cachedHead;
        long head;
        long lastSeq;
        /**
         * The reading side of the eager ring of the direction this end consumes, once the peer made it
         * (published with release by the peer, read with acquire).
         */
        volatile EagerRing.Reader ringIn;

        EndFields(MemorySegment rings, int out, int peer) {
            this.rings = rings;
            this.out = out;
            this.in = 1 - out;
            this.peer = peer;
        }
    }

    /** One rank's side of the pair. */
    static final class End extends EndFields {
        @SuppressWarnings("unused")
        private long pad0, pad1, pad2, pad3, pad4, pad5, pad6, pad7;

        End(MemorySegment rings, int out, int peer) {
            super(rings, out, peer);
        }

        /**
         * Producer: copies the message ({@code count} elements of {@code array} from {@code offset},
         * each of {@code layout}; or, when {@code packer} is not null, has it write them) into the next
         * half-slot; false when the ring is full.
         */
        boolean offer(long seq, int context, int source, int tag, int typeCode, Object array, int offset, int count,
                      ValueLayout layout, SmallPacker packer) {
            long t = tail;
            if (t - cachedHead >= SLOTS) {
                cachedHead = (long) LONG.getAcquire(rings, FastboxDescriptor.head(out));
                if (t - cachedHead >= SLOTS) {
                    return false;
                }
            }
            long base = FastboxDescriptor.halfSlot(t, out);
            int bytes = (int) (count * layout.byteSize());
            rings.set(ValueLayout.JAVA_INT, base + CONTEXT, context);
            rings.set(ValueLayout.JAVA_INT, base + TAG, tag);
            rings.set(ValueLayout.JAVA_INT, base + SOURCE, source);
            rings.set(ValueLayout.JAVA_BYTE, base + TYPE, (byte) typeCode);
            rings.set(ValueLayout.JAVA_BYTE, base + COUNT, (byte) count);
            rings.set(ValueLayout.JAVA_BYTE, base + BYTES, (byte) bytes);
            if (packer != null) {
                packer.packInto(rings, base + PAYLOAD, bytes);
            } else if (count > 0) {
                SmallCopy.toSegment(array, offset, count, layout, rings, base + PAYLOAD);
            }
            // Volatile, not merely release: the sender reads the receiver's parked flag next (Dekker).
            LONG.setVolatile(rings, base + SEQ, seq);
            tail = t + 1;
            return true;
        }

        /** The eager ring this end reads, or null while the peer has sent nothing through one. */
        EagerRing.Reader ringIn() {
            return ringIn;
        }

        void attachRing(EagerRing.Reader reader) {
            ringIn = reader;
        }

        /** Consumer: the sequence number of the next unread message, or 0 when there is none. */
        long peekSeq() {
            long s = (long) LONG.getVolatile(rings, FastboxDescriptor.halfSlot(head, in) + SEQ);
            return s > lastSeq ? s : 0;
        }

        /**
         * Consumer: hands the message {@link #peekSeq()} announced to {@code sink}, straight from the
         * ring into a posted receive if one takes it, else as a frame with its bytes ({@code Frame.bytes}).
         */
        void deliverTo(FrameSink sink) {
            long base = FastboxDescriptor.halfSlot(head, in);
            long seq = (long) LONG.getAcquire(rings, base + SEQ);
            int context = rings.get(ValueLayout.JAVA_INT, base + CONTEXT);
            int tag = rings.get(ValueLayout.JAVA_INT, base + TAG);
            int source = rings.get(ValueLayout.JAVA_INT, base + SOURCE);
            int typeCode = rings.get(ValueLayout.JAVA_BYTE, base + TYPE);
            int count = rings.get(ValueLayout.JAVA_BYTE, base + COUNT);
            int bytes = rings.get(ValueLayout.JAVA_BYTE, base + BYTES);
            handOver(sink, peer, seq, context, source, tag, typeCode, count, rings, base + PAYLOAD, bytes);
            lastSeq = seq;
            head++;
            LONG.setRelease(rings, FastboxDescriptor.head(in), head);
        }
    }
}
