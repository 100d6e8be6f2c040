package jmpi.tck;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import jmpi.spi.Frame;
import jmpi.spi.FrameSink;

/**
 * A {@link FrameSink} for small-message tests of int messages (type code 3): takes offers whose tag is
 * even through {@link #tryDeliver} (straight from the transport's memory) and declines odd tags, so those
 * arrive as frames with their bytes; records every message's tag and ints in arrival order either way.
 */
public final class IntMessageSink implements FrameSink {
    /** Type code of the messages (MPI.INT's). */
    public static final int INT_TYPE = 3;
    /** Tags in arrival order. */
    public final List<Integer> tags = new ArrayList<>();
    /** Contents in arrival order. */
    public final List<int[]> values = new ArrayList<>();
    /** How many went through {@link #tryDeliver}. */
    public int direct;

    /** An EAGER frame of the ints {@code v} (a private copy) with {@code tag}, as the engine would send them. */
    public static Frame eager(int tag, int[] v) {
        Frame f = new Frame();
        f.kind = Frame.EAGER;
        f.tag = tag;
        f.typeCode = INT_TYPE;
        f.count = v.length;
        f.data = MemorySegment.ofArray(v.clone());
        return f;
    }

    @Override
    public void accept(Frame f) {
        tags.add(f.tag);
        byte[] b = f.bytes == null ? new byte[0] : f.bytes;
        int[] v = new int[b.length / 4];
        MemorySegment.copy(b, 0, MemorySegment.ofArray(v), ValueLayout.JAVA_BYTE, 0, b.length);
        values.add(v);
    }

    @Override
    public boolean tryDeliver(int context, int source, int tag, int typeCode, int count, MemorySegment data,
                              long offset, int bytes) {
        if ((tag & 1) != 0) {
            return false;
        }
        if (bytes != count * 4 || typeCode != INT_TYPE) {
            throw new AssertionError("offered " + count + " elements of type " + typeCode + " in " + bytes + " bytes");
        }
        int[] v = new int[count];
        MemorySegment.copy(data, ValueLayout.JAVA_INT_UNALIGNED, offset, v, 0, count);
        tags.add(tag);
        values.add(v);
        direct++;
        return true;
    }

    @Override
    public void deliverData(long recvId, long messageOffset, MemorySegment src, long srcOffset, long bytes) {
        throw new AssertionError("no rendezvous data expected");
    }
}
