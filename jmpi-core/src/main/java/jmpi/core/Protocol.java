package jmpi.core;

import java.util.function.IntPredicate;

import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;

/**
 * How one send travels, decided once per send by {@link #choose} ({@link Matching#isend}). Whether
 * the peer shares memory picks the class that carries it out: {@link SharedMemoryProtocol} (frames
 * carry arrays by reference) or {@link ByteProtocol} (frames carry bytes).
 *
 * <p>Concurrency: immutable and stateless; {@link #choose} may be called by any thread.
 */
enum Protocol {
    /**
     * Copied at once into the transport's small-message path ({@link jmpi.spi.Endpoint#trySendSmall});
     * when the transport has no room it goes {@link #EAGER} (it is below the eager limit).
     */
    SMALL,
    /** A private copy of the data travels with the envelope; the send completes at once (but synchronous). */
    EAGER,
    /** The envelope first; the data is copied from the sender's array once the receive matched. */
    RENDEZVOUS,
    /**
     * {@link #RENDEZVOUS} between ranks that share memory with a non-contiguous datatype: the receiver copies
     * through both datatypes, from the sender's array into its own, with no gather into a fresh contiguous
     * array on the sender's side first; from {@link Delivery#PLAN_SPLIT_BYTES} on together with the waiting
     * sender ({@link CopyJob#pipelined}: the sender gathers chunks into a pooled staging array while the
     * receiver scatters them). Whatever the block size: the gather into a fresh array (zeroed, cold in cache)
     * by one thread, then the scatter by the other, took twice as long as packing by hand at 256 KiB
     * (bench/compare-noncontig.sh, a vector of one-double blocks 8 apart).
     */
    RENDEZVOUS_THROUGH_PLANS;

    /**
     * @param bytes        the message's size: elements times the element size, or the serialized
     *                     length for {@code MPI.OBJECT}
     * @param plan         the sender's non-contiguous datatype, or null when the data is contiguous
     * @param sharesMemory asked only when the answer matters (not for a small message)
     * @param dest         the destination's world rank, for {@code sharesMemory}
     */
    /**
     * Whether a message goes {@link #SMALL}: a standard or ready send of a type the transport copies, at most
     * {@code smallLimit} bytes. {@link #choose}'s first rule, and {@code Matching.sendNow}'s.
     */
    static boolean small(SendMode mode, BasicType type, long bytes, int smallLimit) {
        return (mode == SendMode.STANDARD || mode == SendMode.READY) && type.segmentable() && bytes <= smallLimit;
    }

    static Protocol choose(SendMode mode, BasicType type, long bytes, PackPlan plan, int smallLimit, int eagerLimit,
                           IntPredicate sharesMemory, int dest) {
        if (small(mode, type, bytes, smallLimit)) {
            return SMALL;
        }
        if (mode == SendMode.BUFFERED || bytes <= eagerLimit) {
            return EAGER;
        }
        boolean shared = sharesMemory.test(dest);
        if (type == BasicType.OBJECT && shared) {
            return EAGER; // the serialized copy is private already: nothing to gain from a rendezvous
        }
        if (plan != null && shared && type != BasicType.OBJECT) {
            return RENDEZVOUS_THROUGH_PLANS;
        }
        return RENDEZVOUS;
    }
}
