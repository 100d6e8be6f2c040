package jmpi.core;

import jmpi.datatype.PackPlan;
import jmpi.spi.Frame;

/**
 * A frame between ranks that share memory ({@link SharedMemoryProtocol}): the elements travel by
 * reference, typed, instead of as bytes. The transport hands the object itself over and never looks
 * past the {@link Frame} fields.
 *
 * <ul>
 *   <li>{@link Frame#EAGER}: {@link #elements} is a private copy of the {@code count} elements (from
 *       {@link #elementOffset}), or {@link #references} an {@code Object[]} of references handed over
 *       as they are; for {@code MPI.OBJECT} the serialized elements are in {@link Frame#bytes}
 *       instead.</li>
 *   <li>{@link Frame#RTS}: {@link #elements} is the sender's own array; with a {@link #plan} it is laid
 *       out by that non-contiguous datatype ({@link #items} items of it). The receiver copies straight
 *       out of it, then calls {@link Frame#ack}, which releases the sender.</li>
 * </ul>
 * {@link Frame#ack}, when set, is called exactly once by the receiving engine: after the copy for
 * RTS, on match for a synchronous eager send, and on match for a buffered send (to free its space).
 *
 * <p>Ownership as for {@link Frame}: written by the sending thread only before it is sent.
 */
final class SharedFrame extends Frame {
    /** The elements: an array of the basic type (or {@code Object[]} of references); null when empty. */
    Object elements;
    /** Where the message starts in {@link #elements}, in elements. */
    int elementOffset;
    /** RTS only: the sender's non-contiguous datatype over {@link #elements}; null when contiguous. */
    PackPlan plan;
    /** Items of {@link #plan} (when it is set). */
    int items;
    /** {@link #elements} is an {@code Object[]} of references to hand over as they are, not to serialize. */
    boolean references;
}
