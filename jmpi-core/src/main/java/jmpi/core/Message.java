package jmpi.core;

import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;

/**
 * A message's data on this rank: {@code items} items in {@code buffer} from element {@code offset}
 * on. With a null {@code plan} an item is one element of the basic {@code type} (contiguous); else it
 * is one item of the derived datatype the plan describes ({@link PackPlan#elementsPerItem} elements
 * of {@code type}, laid out as the plan says).
 *
 * <p>Units along the path: the program counts <em>items</em> (this record); frames, requests and
 * statuses count <em>elements</em> of the basic type ({@code Frame.count}, {@link RecvRequest#capacity});
 * only the byte protocol and the transports count <em>bytes</em>. Offsets are always in elements.
 *
 * <p>Immutable. Built per call and unpacked at once by the engine ({@link Matching}).
 */
public record Message(Object buffer, int offset, int items, BasicType type, PackPlan plan) {
    /** {@code elements} contiguous elements of {@code type} (no derived datatype). */
    public static Message of(Object buffer, int offset, int elements, BasicType type) {
        return new Message(buffer, offset, elements, type, null);
    }

    /** Elements of {@code type} in the message; more than an array holds is {@code ERR_COUNT}. */
    public int elements() {
        return elements(items, plan);
    }

    /** Elements of {@code items} items of {@code plan} (null: {@code items} elements); ERR_COUNT past an array. */
    static int elements(int items, PackPlan plan) {
        if (plan == null) {
            return items;
        }
        long elements = plan.elementsOf(items);
        if (elements > Integer.MAX_VALUE) {
            throw new MpiError(ErrorClass.ERR_COUNT, items + " items of " + plan.type() + " exceed an array");
        }
        return (int) elements;
    }
}
