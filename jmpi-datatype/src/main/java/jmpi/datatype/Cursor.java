package jmpi.datatype;

/**
 * A position in a message of one {@link PackPlan}: item, run within the item, element within the run.
 * It follows the destination of a copy between two plans whose runs do not line up ({@link Sink.Plan}).
 * A dense plan is one virtual run: element e at {@code offset + first + e}.
 *
 * <p>Not thread-safe: mutable, owned by one copy.
 */
final class Cursor {
    private final PackPlan plan;
    private final int offset;
    private long item;
    private int run;
    private int within;

    /** Stream element {@code from} of the message at array element {@code offset}. */
    Cursor(PackPlan plan, int offset, long from) {
        this.plan = plan;
        this.offset = offset;
        if (plan.dense) {
            this.item = 0;
            this.run = 0;
            this.within = (int) from;
            return;
        }
        this.item = from / plan.elements;
        long w = from % plan.elements;
        this.run = plan.runAt(w);
        this.within = (int) (w - plan.elementsBefore(run));
    }

    /** The array index of the element at the cursor. */
    int index() {
        if (plan.dense) {
            return offset + plan.first + within;
        }
        return (int) (offset + item * plan.extent + plan.runStart(run) + within);
    }

    /** Consecutive elements left in the current run from the cursor. */
    int left() {
        return plan.dense ? Integer.MAX_VALUE - within : plan.runLength(run) - within;
    }

    /** Moves {@code k} elements on ({@code k <= left()}). */
    void advance(int k) {
        within += k;
        if (!plan.dense && within == plan.runLength(run)) {
            within = 0;
            if (++run == plan.runs) {
                run = 0;
                item++;
            }
        }
    }
}
