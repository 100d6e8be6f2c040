package jmpi.tasks;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A few {@code long} cells, each alone on its own 128-byte span (two cache lines, so that the
 * adjacent-line prefetcher does not make neighbours share either), read and written through a
 * {@link VarHandle} with the access mode each call site names. Cell {@code i} lives at array index
 * {@code (i + 1) * STRIDE}; the array's header and the first and last spans are padding.
 * Thread-safe as far as the access modes its callers pick: each owner class documents which
 * cell is volatile, release/acquire or confined to one thread.
 *
 * <pre>
 *  index: 0 ........ 15 | 16 ....... 31 | 32 ....... 47 | ... | (n+1)*16 ... (n+2)*16-1
 *         padding       | cell 0, pad   | cell 1, pad   | ... | padding
 * </pre>
 */
final class PaddedCells {
    /** Longs per cell: 16 x 8 bytes = 128 bytes. */
    static final int STRIDE = 16;
    private static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    private final long[] cells;

    PaddedCells(int count) {
        cells = new long[(count + 2) * STRIDE];
    }

    private static int at(int cell) {
        return (cell + 1) * STRIDE;
    }

    long getVolatile(int cell) {
        return (long) LONGS.getVolatile(cells, at(cell));
    }

    long getAcquire(int cell) {
        return (long) LONGS.getAcquire(cells, at(cell));
    }

    long getPlain(int cell) {
        return cells[at(cell)];
    }

    void setVolatile(int cell, long value) {
        LONGS.setVolatile(cells, at(cell), value);
    }

    void setRelease(int cell, long value) {
        LONGS.setRelease(cells, at(cell), value);
    }

    void setPlain(int cell, long value) {
        cells[at(cell)] = value;
    }

    long getAndAdd(int cell, long delta) {
        return (long) LONGS.getAndAdd(cells, at(cell), delta);
    }

    boolean compareAndSet(int cell, long expected, long value) {
        return LONGS.compareAndSet(cells, at(cell), expected, value);
    }
}
