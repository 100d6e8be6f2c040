package jmpi.core;

import java.lang.foreign.MemorySegment;

import jmpi.datatype.PackPlan;
import jmpi.spi.SmallPacker;

/**
 * A small send's elements of a non-contiguous datatype ({@code items} of {@code plan} in {@code buf} from
 * {@code offset}), packed by the plan straight into a transport's memory ({@link Matching}).
 */
record PlanPacker(Object buf, int offset, int items, PackPlan plan) implements SmallPacker {
    @Override
    public void packInto(MemorySegment dst, long dstOffset, long bytes) {
        plan.packRange(buf, offset, items, 0, dst, dstOffset, bytes);
    }
}
