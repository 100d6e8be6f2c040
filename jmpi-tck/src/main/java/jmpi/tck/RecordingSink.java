package jmpi.tck;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import jmpi.spi.Frame;
import jmpi.spi.FrameSink;

/**
 * A {@link FrameSink} that records what a transport delivers: frames in arrival order, and
 * rendezvous data pieces assembled per receive id. Declines every {@link #tryDeliver} offer, so
 * small messages arrive as frames too (with their bytes in a raw payload).
 */
public final class RecordingSink implements FrameSink {
    /** Frames in the order they were accepted. */
    public final List<Frame> frames = new ArrayList<>();
    /** Per receive id: the bytes delivered so far, at their message offsets. */
    public final Map<Long, byte[]> data = new HashMap<>();
    /** Per receive id: how many bytes were delivered. */
    public final Map<Long, Long> delivered = new HashMap<>();
    private final int dataCapacity;

    /** @param dataCapacity size of the buffer each receive id's data is assembled in */
    public RecordingSink(int dataCapacity) {
        this.dataCapacity = dataCapacity;
    }

    @Override
    public void accept(Frame frame) {
        frames.add(frame);
    }

    @Override
    public boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment data,
                              long offset, int bytes) {
        return false;
    }

    @Override
    public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
        byte[] into = data.computeIfAbsent(recvId, k -> new byte[dataCapacity]);
        if (messageOffset < 0 || messageOffset + bytes > into.length) {
            throw new AssertionError("data piece [" + messageOffset + ", " + (messageOffset + bytes)
                    + ") outside the message of receive " + recvId);
        }
        // The element-wise copy, as ByteProtocol.data: the bulk form's small-copy loop is miscompiled by C2 on
        // JDK 25.0.3 (words left unwritten), and the contract test must not fail for the JDK's sake.
        MemorySegment.copy(src, ValueLayout.JAVA_BYTE, srcOffset, into, (int) messageOffset, (int) bytes);
        delivered.merge(recvId, bytes, Long::sum);
    }

    /** The raw payload bytes of an accepted EAGER frame. */
    public static byte[] payloadOf(Frame f) {
        byte[] b = f.bytes;
        if (b == null) {
            throw new AssertionError("eager frame without raw byte payload: " + f);
        }
        return b;
    }

    static byte[] bytes(MemorySegment s) {
        return s.toArray(ValueLayout.JAVA_BYTE);
    }
}
