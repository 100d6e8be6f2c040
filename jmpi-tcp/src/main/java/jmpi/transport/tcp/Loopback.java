package jmpi.transport.tcp;

import java.lang.foreign.MemorySegment;
import java.util.concurrent.ConcurrentLinkedQueue;

import jmpi.spi.Frame;
import jmpi.spi.FrameDescriptor;
import jmpi.spi.FrameSink;

/**
 * Frames a rank sends to itself. They are encoded (header and a copy of the payload) at send and
 * decoded at poll, exactly as if they had crossed a socket, so that a rank sees the same frames
 * from itself as from its peers.
 *
 * <p>Concurrency: {@link #add} from any thread, {@link #drain} from the polling thread.
 */
final class Loopback {
    private record Encoded(byte[] header, byte[] payload) {
    }

    private final int rank;
    private final ConcurrentLinkedQueue<Encoded> queue = new ConcurrentLinkedQueue<>();

    Loopback(int rank) {
        this.rank = rank;
    }

    /** Encodes {@code f}; its data is no longer needed when this returns. */
    void add(Frame f) {
        byte[] header = new byte[FrameDescriptor.HEADER_BYTES];
        FrameDescriptor.encodeHeader(f, rank, MemorySegment.ofArray(header), 0);
        byte[] payload = FrameDescriptor.payloadBytes(f) > 0
                ? f.data.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE) : new byte[0];
        queue.add(new Encoded(header, payload));
    }

    boolean isEmpty() {
        return queue.isEmpty();
    }

    /** Decodes and delivers every queued frame; returns how many. */
    int drain(FrameSink sink) {
        int n = 0;
        Encoded e;
        while ((e = queue.poll()) != null) {
            Frame f = FrameDescriptor.decodeHeader(MemorySegment.ofArray(e.header()), 0);
            if (f.kind == Frame.DATA) {
                sink.deliverData(f.recvId, f.offset, MemorySegment.ofArray(e.payload()), 0, e.payload().length);
            } else {
                if (f.kind == Frame.EAGER) {
                    f.bytes = e.payload();
                }
                sink.accept(f);
            }
            n++;
        }
        return n;
    }
}
