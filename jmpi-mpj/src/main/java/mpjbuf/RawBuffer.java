package mpjbuf;

/**
 * The static part of a {@link Buffer}: a fixed number of bytes. {@link BufferFactory#create} makes one,
 * {@link BufferFactory#destroy} gives it back. MPJ Express's interface also carries the element copy
 * methods its native and NIO implementations provide to {@code Buffer}; here {@code Buffer} does that
 * work itself, so only what a program calls is left. Implementations need not be thread-safe.
 */
public interface RawBuffer {
    /** Bytes in this raw buffer. */
    int getCapacity();

    /** Gives the memory back; here a heap array, so this only marks it free (the garbage collector reclaims it). */
    void free();
}
