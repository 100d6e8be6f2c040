package jmpi.coll;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.BasicType;
import jmpi.datatype.ReduceOp;
import jmpi.spi.MatchingTransport;
import jmpi.spi.MatchingTransport.LibraryCollectives;

/**
 * What the {@code library} algorithms share: whether the MPI library's own collectives can run a call
 * ({@link #refusal}), and moving the call's elements between Java arrays and the native memory the library
 * reads and writes (from the transport's pool). Stateless.
 */
final class LibraryCalls {
    private LibraryCalls() {
    }

    /**
     * Why the library cannot run a call on {@code size} ranks moving {@code bytes} per rank's block of
     * {@code t}, reducing with {@code op} (null: no reduction); null when it can.
     */
    static String refusal(CommInfo info, int size, long bytes, BasicType t, Combiner op) {
        LibraryCollectives lib = info.library();
        if (lib == null) {
            return Problem.NOT_NATIVE;
        }
        if (!t.segmentable()) {
            return "the library moves primitive numbers only, not " + t;
        }
        if (bytes * size > Integer.MAX_VALUE) {
            return "more than " + Integer.MAX_VALUE + " bytes in one library call";
        }
        if (op == null) {
            return null;
        }
        long id = op.id();
        if (id < 1 || id > ReduceOp.values().length) {
            return "a user operation runs in Java";
        }
        return lib.refusesReduction(t.arrayClass().getComponentType(), ReduceOp.values()[(int) id - 1].name());
    }

    static LibraryCollectives library(Ctx c) {
        return c.info().library();
    }

    static MatchingTransport transport(Ctx c) {
        return c.engine.endpoint().matching();
    }

    /** Native memory for {@code count} elements of {@code t} (a block of the pool: give it back with {@link #release}). */
    static MemorySegment allocate(Ctx c, long count, BasicType t) {
        return transport(c).allocate(Math.max(1, count * t.size()));
    }

    /** The first {@code count} elements' bytes of {@code block}. */
    static MemorySegment bytes(MemorySegment block, long count, BasicType t) {
        return block.asSlice(0, count * t.size());
    }

    /** {@code count} elements of {@code buf} from {@code off} into the start of {@code block}. */
    static void in(Object buf, int off, int count, BasicType t, MemorySegment block) {
        if (count > 0) {
            MemorySegment.copy(t.bytesOf(buf, off, count), 0, block, 0, (long) count * t.size());
        }
    }

    /** The first {@code count} elements of {@code block} into {@code buf} from {@code off}. */
    static void out(MemorySegment block, Object buf, int off, int count, BasicType t) {
        if (count > 0) {
            MemorySegment.copy(block, t.layout(), 0, buf, off, count);
        }
    }

    static void release(Ctx c, MemorySegment block) {
        transport(c).release(block);
    }

    /** A library call from one block of native memory into another. */
    interface Call {
        void run(MemorySegment in, MemorySegment out);
    }

    /**
     * Copies {@code inCount} elements of {@code s} from {@code so} into native memory, runs {@code call} from it
     * into native memory of {@code outCount} elements, and, where {@code store}, copies those into {@code r} from
     * {@code ro}; the memory goes back to the pool whatever happens.
     */
    static void inOut(Ctx c, Object s, int so, long inCount, Object r, int ro, long outCount, BasicType t,
                      boolean store, Call call) {
        MemorySegment in = allocate(c, inCount, t);
        MemorySegment out = allocate(c, outCount, t);
        try {
            in(s, so, (int) inCount, t, in);
            call.run(bytes(in, inCount, t), bytes(out, outCount, t));
            if (store) {
                out(out, r, ro, (int) outCount, t);
            }
        } finally {
            release(c, in);
            release(c, out);
        }
    }
}
