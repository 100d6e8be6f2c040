package jmpi.datatype;

import java.lang.foreign.MemorySegment;

/**
 * The walk over a message's runs: feeds the message elements [from, from + n) of a {@link PackPlan} to a
 * {@link Sink} in stream order, as pieces of consecutive array elements, and regular stretches (a vector's
 * blocks, across items when the next item continues the stride) as strided blocks, so that the sink can
 * copy them with one of the {@link Kernels} loops.
 *
 * <p>Stateless; indices were checked by the caller.
 */
final class Walk {
    private Walk() {
    }

    /** Walks {@code n} elements of the message at array element {@code offset}, from stream element {@code from}. */
    static void walk(PackPlan plan, int offset, long from, long n, Sink sink) {
        if (n == 0) {
            return;
        }
        if (plan.dense) {
            sink.piece((int) (offset + plan.first + from), from, (int) n);
            return;
        }
        final int elements = plan.elements;
        final int extent = plan.extent;
        final int runs = plan.runs;
        final boolean regular = plan.regular;
        long pos = from;
        long item = from / elements;
        long w = from % elements;
        int r = plan.runAt(w);
        int within = (int) (w - plan.elementsBefore(r));
        while (n > 0) {
            long index = offset + item * extent + plan.runStart(r) + within;
            int len = plan.runLength(r);
            if (regular && within == 0 && n >= 2L * len) {
                long k = n / len;
                if (!plan.chain) {
                    k = Math.min(k, runs - r);
                }
                if (k >= 2) {
                    sink.strided((int) index, (int) plan.stride, len, (int) k, pos);
                    long elems = k * len;
                    pos += elems;
                    n -= elems;
                    long next = r + k;
                    item += next / runs;
                    r = (int) (next % runs);
                    continue;
                }
            }
            int take = (int) Math.min(len - within, n);
            sink.piece((int) index, pos, take);
            pos += take;
            n -= take;
            within += take;
            if (within == len) {
                within = 0;
                if (++r == runs) {
                    r = 0;
                    item++;
                }
            }
        }
    }

    /**
     * Packs the stream elements [from, from + n) of a message of {@code count} items into {@code seg} from byte
     * {@code segOffset}: one strided kernel call when they are whole blocks of one progression
     * ({@link PackPlan#wholeBlocks}), else a walk. Indices were checked by the caller.
     */
    static void pack(PackPlan plan, Object array, int offset, int count, long from, long n, MemorySegment seg,
                     long segOffset) {
        if (n > 0 && plan.wholeBlocks(count, from, n)) {
            Kernels.packStrided(array, plan.blockIndex(offset, from), (int) plan.stride, plan.runLength,
                    (int) plan.blocks(n), seg, segOffset);
        } else {
            walk(plan, offset, from, n, new Sink.Pack(array, seg, segOffset, from, plan.sizeOf()));
        }
    }

    /** The inverse of {@link #pack}: unpacks {@code seg} from byte {@code segOffset} into the stream elements [from, from + n). */
    static void unpack(PackPlan plan, MemorySegment seg, long segOffset, Object array, int offset, int count, long from,
                       long n) {
        if (n > 0 && plan.wholeBlocks(count, from, n)) {
            Kernels.unpackStrided(seg, segOffset, array, plan.blockIndex(offset, from), (int) plan.stride,
                    plan.runLength, (int) plan.blocks(n));
        } else {
            walk(plan, offset, from, n, new Sink.Unpack(array, seg, segOffset, from, plan.sizeOf()));
        }
    }

    /**
     * Copies the message elements [from, from + n) of {@code src} into {@code dst} with the cheapest walk the
     * two plans allow: one bulk copy (both dense), a gather or scatter walk (one side dense), one strided copy
     * (two vectors of one block length), else a walk of the source followed by a {@link Cursor} on the
     * destination. Both buffers, the range and the base types were checked by {@link PackPlan#copyRange}.
     */
    static void copy(Object src, int srcOffset, int srcCount, PackPlan srcPlan,
                     Object dst, int dstOffset, int dstCount, PackPlan dstPlan, long from, long n) {
        try {
            if (srcPlan.dense && dstPlan.dense) {
                System.arraycopy(src, (int) (srcOffset + srcPlan.first + from), dst,
                        (int) (dstOffset + dstPlan.first + from), (int) n);
            } else if (dstPlan.dense && srcPlan.wholeBlocks(srcCount, from, n)) {
                Kernels.gather(src, srcPlan.blockIndex(srcOffset, from), (int) srcPlan.stride, srcPlan.runLength,
                        (int) srcPlan.blocks(n), dst, (int) (dstOffset + dstPlan.first + from));
            } else if (dstPlan.dense) {
                walk(srcPlan, srcOffset, from, n, new Sink.Gather(src, dst, dstOffset + dstPlan.first));
            } else if (srcPlan.dense && dstPlan.wholeBlocks(dstCount, from, n)) {
                Kernels.scatter(src, (int) (srcOffset + srcPlan.first + from), dst, dstPlan.blockIndex(dstOffset, from),
                        (int) dstPlan.stride, dstPlan.runLength, (int) dstPlan.blocks(n));
            } else if (srcPlan.dense) {
                walk(dstPlan, dstOffset, from, n, new Sink.Scatter(dst, src, srcOffset + srcPlan.first));
            } else if (srcPlan.runLength == dstPlan.runLength && srcPlan.wholeBlocks(srcCount, from, n)
                    && dstPlan.wholeBlocks(dstCount, from, n)) {
                // Two vectors with one block length: block b of the message sits at first + b * stride on
                // each side (PackPlan.copyRange checked the bounds of both messages).
                Kernels.stridedCopy(src, srcPlan.blockIndex(srcOffset, from), (int) srcPlan.stride,
                        dst, dstPlan.blockIndex(dstOffset, from), (int) dstPlan.stride, srcPlan.runLength,
                        (int) srcPlan.blocks(n));
            } else {
                walk(srcPlan, srcOffset, from, n, new Sink.Plan(src, dst, new Cursor(dstPlan, dstOffset, from)));
            }
        } catch (ArrayStoreException e) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "an MPI.OBJECT element does not fit the receive"
                    + " buffer's element type " + dst.getClass().getComponentType().getName() + ": " + e.getMessage());
        }
    }
}
