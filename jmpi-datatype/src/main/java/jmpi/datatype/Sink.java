package jmpi.datatype;

import java.lang.foreign.MemorySegment;

/**
 * Receives the pieces of a {@link Walk}: runs of consecutive array elements in stream order, and regular
 * stretches of them as strided blocks. {@code pos} is the stream element (index in the packed stream) of a
 * piece's first element. One subclass per kind of copy {@link PackPlan} does: to and from a byte segment,
 * into and out of a dense array, and into an array of another plan (followed with a {@link Cursor}).
 *
 * <p>Indices and sizes were checked by the caller: sinks do no checks of their own beyond the JVM's.
 * Not thread-safe: a sink belongs to one walk (the {@link Plan} sink's cursor moves as it goes).
 */
abstract class Sink {
    /** {@code n} consecutive array elements from {@code index}, stream elements [pos, pos + n). */
    abstract void piece(int index, long pos, int n);

    /** {@code blocks} runs of {@code length} elements, the first at {@code index}, {@code stride} apart. */
    void strided(int index, int stride, int length, int blocks, long pos) {
        for (int b = 0; b < blocks; b++) {
            piece(index + b * stride, pos + (long) b * length, length);
        }
    }

    /** A copy between array elements and bytes: stream element {@code from} at byte {@code offset} of {@code seg}. */
    abstract static class Bytes extends Sink {
        final Object array;
        final MemorySegment seg;
        /** Byte of {@code seg} where stream element 0 would be. */
        final long base;
        final int size;

        Bytes(Object array, MemorySegment seg, long offset, long from, int size) {
            this.array = array;
            this.seg = seg;
            this.base = offset - from * size;
            this.size = size;
        }
    }

    /** Array elements to bytes. */
    static final class Pack extends Bytes {
        Pack(Object array, MemorySegment seg, long offset, long from, int size) {
            super(array, seg, offset, from, size);
        }

        @Override
        void piece(int index, long pos, int n) {
            Kernels.toSegment(array, index, seg, base + pos * size, n);
        }

        @Override
        void strided(int index, int stride, int length, int blocks, long pos) {
            Kernels.packStrided(array, index, stride, length, blocks, seg, base + pos * size);
        }
    }

    /** Bytes to array elements. */
    static final class Unpack extends Bytes {
        Unpack(Object array, MemorySegment seg, long offset, long from, int size) {
            super(array, seg, offset, from, size);
        }

        @Override
        void piece(int index, long pos, int n) {
            Kernels.fromSegment(seg, base + pos * size, array, index, n);
        }

        @Override
        void strided(int index, int stride, int length, int blocks, long pos) {
            Kernels.unpackStrided(seg, base + pos * size, array, index, stride, length, blocks);
        }
    }

    /** A copy between a walked array and a dense one, whose element {@code base + p} is stream element p. */
    abstract static class Dense extends Sink {
        final Object src;
        final Object dst;
        final long base;

        Dense(Object src, Object dst, long base) {
            this.src = src;
            this.dst = dst;
            this.base = base;
        }
    }

    /** Walked source pieces into a dense destination. */
    static final class Gather extends Dense {
        Gather(Object src, Object dst, long base) {
            super(src, dst, base);
        }

        @Override
        void piece(int index, long pos, int n) {
            System.arraycopy(src, index, dst, (int) (base + pos), n);
        }

        @Override
        void strided(int index, int stride, int length, int blocks, long pos) {
            Kernels.gather(src, index, stride, length, blocks, dst, (int) (base + pos));
        }
    }

    /** Walked destination pieces from a dense source. */
    static final class Scatter extends Dense {
        Scatter(Object dst, Object src, long base) {
            super(src, dst, base);
        }

        @Override
        void piece(int index, long pos, int n) {
            System.arraycopy(src, (int) (base + pos), dst, index, n);
        }

        @Override
        void strided(int index, int stride, int length, int blocks, long pos) {
            Kernels.scatter(src, (int) (base + pos), dst, index, stride, length, blocks);
        }
    }

    /** Source pieces into a destination of any plan, followed with a cursor. */
    static final class Plan extends Sink {
        private final Object src;
        private final Object dst;
        private final Cursor to;

        Plan(Object src, Object dst, Cursor to) {
            this.src = src;
            this.dst = dst;
            this.to = to;
        }

        @Override
        void piece(int index, long pos, int n) {
            while (n > 0) {
                int take = Math.min(n, to.left());
                System.arraycopy(src, index, dst, to.index(), take);
                to.advance(take);
                index += take;
                n -= take;
            }
        }
    }
}
