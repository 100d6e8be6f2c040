package jmpi.spi;

import java.lang.foreign.MemorySegment;

/**
 * Writes a small message's packed elements (a non-contiguous datatype's, gathered by the engine's plan) straight into
 * a transport's memory: {@link Endpoint#trySendSmallPacked}. One use, by the thread that made it, during that call.
 */
@FunctionalInterface
public interface SmallPacker {
    /** Writes the message's {@code bytes} bytes, in stream order, into {@code dst} from byte {@code offset}. */
    void packInto(MemorySegment dst, long offset, long bytes);
}
