package mpjbuf;

import java.nio.ByteBuffer;

/**
 * A {@link RawBuffer} on a heap {@link ByteBuffer} (the only kind here: jmpi has no native buffers). Its
 * bytes are not synchronized (the {@link Buffer} using it is not thread-safe); the freed flag is volatile.
 */
public class NIOBuffer implements RawBuffer {
    private final ByteBuffer buffer;
    private final int capacity;
    private volatile boolean freed;

    /** A raw buffer of {@code capacity} zeroed bytes. */
    public NIOBuffer(int capacity) {
        if (capacity < 0) {
            throw new java.lang.IllegalArgumentException("negative capacity " + capacity);
        }
        this.capacity = capacity;
        this.buffer = ByteBuffer.allocate(capacity);
    }

    /** A raw buffer over the first {@code capacity} bytes of {@code buffer} (from its position on). */
    public NIOBuffer(int capacity, ByteBuffer buffer) {
        if (capacity < 0 || buffer == null || capacity > buffer.remaining()) {
            throw new java.lang.IllegalArgumentException("capacity " + capacity + " does not fit the ByteBuffer "
                    + buffer);
        }
        this.capacity = capacity;
        this.buffer = buffer.slice(buffer.position(), capacity);
    }

    @Override
    public int getCapacity() {
        return capacity;
    }

    /** The bytes (absolute positions 0 .. capacity-1). */
    public ByteBuffer getBuffer() {
        return buffer;
    }

    @Override
    public void free() {
        freed = true;
    }

    /** True once {@link #free} (or {@link BufferFactory#destroy}) was called. */
    public boolean isFreed() {
        return freed;
    }
}
