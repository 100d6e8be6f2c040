package jmpi.core;

import jmpi.datatype.BasicType;
import jmpi.datatype.PackPlan;

/** A posted receive: where the data goes and which messages it accepts. Linked into the posted queue. */
public final class RecvRequest extends CoreRequest {
    /** Where the message goes: the user's array, or for a staged receive a staging array made on first use. */
    private Object buffer;
    final int offset;
    final int capacity;
    final BasicType type;
    final int context;
    final int wantSource;
    final int wantTag;
    /** {@link #buffer} is the calling thread's {@link Scratch} array until {@link #finish} ({@link #stageInScratch}). */
    private boolean scratchStaged;
    /**
     * A receive into a non-contiguous datatype: the message lands contiguously in {@link #buffer} (a
     * staging array of the base type) and is scattered into {@code userBuffer} by {@code plan} on
     * completion. Null for a contiguous receive.
     */
    jmpi.datatype.PackPlan plan;
    Object userBuffer;
    int userOffset;
    int userItems;
    /**
     * What only some receives use, made on first use ({@link #rare()}): a byte-transport rendezvous's state, a
     * truncation's true count, a matching library's operation. Out of the object every receive allocates (a small
     * receive's allocation costs time per byte: bench/results/2026-12-07-small-bandwidth.txt).
     */
    private Rare rare;
    /** Posted-queue links; written only under the engine's progress lock. */
    RecvRequest next;
    RecvRequest prev;

    RecvRequest(Engine engine, Object buffer, int offset, int capacity, BasicType type, int context,
                int wantSource, int wantTag) {
        super(engine);
        this.buffer = buffer;
        this.offset = offset;
        this.capacity = capacity;
        this.type = type;
        this.context = context;
        this.wantSource = wantSource;
        this.wantTag = wantTag;
        this.typeCode = type.code();
    }

    /**
     * A receive of {@code items} items of {@code plan}'s type (null: basic elements of {@code type}) into
     * {@code buf} from {@code offset}, matching {@code source} / {@code tag} on {@code context}: straight into the
     * buffer when the type is contiguous, else into a staging array (made when a message arrives by copy,
     * {@link #buffer()}) that the plan scatters at finish. A receive from PROC_NULL is complete at once, empty.
     * What both matchers post.
     */
    static RecvRequest of(Engine engine, int context, int source, int tag, Object buf, int offset, int items,
                          BasicType type, PackPlan plan) {
        RecvRequest r;
        if (plan == null) {
            r = new RecvRequest(engine, buf, offset, items, type, context, source, tag);
        } else if (plan.isDense() && plan.base() != null) { // (a zero-size type keeps its plan: it names truncations)
            r = new RecvRequest(engine, buf, offset + plan.type().trueLb(), Message.elements(items, plan), type,
                    context, source, tag);
        } else {
            r = new RecvRequest(engine, null, 0, Message.elements(items, plan), type, context, source, tag);
            r.plan = plan;
            r.userBuffer = buf;
            r.userOffset = offset;
            r.userItems = items;
        }
        if (source == Engine.PROC_NULL) {
            r.source = Engine.PROC_NULL;
            r.tag = Engine.ANY_TAG;
            r.count = 0;
            r.markDoneLocally();
        }
        return r;
    }

    /** Elements this receive can hold. */
    public int capacity() {
        return capacity;
    }

    /** The basic type this receive accepts. */
    public BasicType type() {
        return type;
    }

    /**
     * Elements the matched message carried: {@link #count()}, except after a truncation (error
     * {@code ERR_TRUNCATE}), where {@code count()} is what fit and this is what was sent.
     */
    public int messageCount() {
        int from = rare == null ? 0 : rare.truncatedFrom;
        return error == ErrorClass.ERR_TRUNCATE && from > count ? from : count;
    }

    /** Whether this receive has its array yet: the user's (contiguous) or a staging array (non-contiguous). */
    boolean hasBuffer() {
        return buffer != null;
    }

    /** The array the message is stored into (for a staged receive, the staging array, made now if needed). */
    Object buffer() {
        Object b = buffer;
        if (b == null && plan != null) {
            b = java.lang.reflect.Array.newInstance(type.arrayClass().getComponentType(), capacity);
            buffer = b;
        }
        return b;
    }

    /**
     * For a receive into a non-contiguous datatype that a message of {@code count} elements is about to be copied
     * into and {@link #finish}ed at once, within the calling thread's call: stages it in this thread's
     * {@link Scratch} array instead of a fresh one.
     */
    void stageInScratch(int count) {
        if (plan != null && buffer == null && type != BasicType.OBJECT) {
            buffer = Scratch.take(Scratch.RECEIVE, type, Math.max(0, Math.min(count, capacity)));
            scratchStaged = true;
        }
    }

    /** Completes the receive: scatters a staged message into the user's buffer first. */
    void finish() {
        // A truncated message still fills the buffer with what fits; a type mismatch stores nothing.
        if (plan != null && buffer != null && error != ErrorClass.ERR_TYPE && count > 0) {
            try {
                jmpi.datatype.PackPlan.copy(buffer, 0, Math.min(count, capacity), jmpi.datatype.PackPlan.of(type),
                        userBuffer, userOffset, userItems, plan);
            } catch (jmpi.datatype.DatatypeException e) {
                fail(e);
            }
        }
        if (scratchStaged) { // the thread's array is its own again: this request must not hold it
            buffer = null;
            scratchStaged = false;
        }
        markDoneLocally();
    }

    /** Records a datatype failure (buffer, type, truncation) as this receive's error. */
    void fail(jmpi.datatype.DatatypeException e) {
        error = ErrorClass.valueOf(e.errorClass().name());
        errorDetail = e.getMessage();
    }

    /** The rarely used state, made now if this receive has none yet. */
    Rare rare() {
        Rare r = rare;
        if (r == null) {
            r = new Rare();
            rare = r;
        }
        return r;
    }

    /** See {@link RecvRequest#rare}. Written under the progress lock (matching library: by the posting thread). */
    static final class Rare {
        /** Byte-transport rendezvous state ({@link ByteProtocol}). */
        long totalBytes;
        long receivedBytes;
        /** Where DATA lands when the buffer has no byte view (objects, booleans). */
        byte[] staging;
        /** The message is consumed but not stored (type mismatch). */
        boolean discard;
        /**
         * A byte rendezvous into a non-contiguous datatype ({@link ByteProtocol}): the bytes of an element a
         * piece of data began and the next piece ends, and the stream byte where that next piece must start.
         */
        byte[] partial;
        long partialEnd;
        /** After a truncation: how many elements the message carried ({@link RecvRequest#count()} is then what fit). */
        int truncatedFrom;
        /** The matching transport's operation of this receive (for cancel), or null. */
        Object libraryOperation;
    }
}
