package jmpi.datatype;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * A committed {@link TypeMap} compiled for copying (MPI_Type_commit): the data entries of one item as a
 * list of runs of consecutive array elements in type-map order, adjacent runs merged. A regular list
 * (one run length, constant distance between run starts: every vector, every contiguous type) keeps only
 * that pattern and is copied by strided loops; a single run whose items tile the array ("dense") is one
 * bulk copy.
 *
 * <h2>Messages</h2>
 * A message of {@code count} items at element {@code offset} of an array is item {@code i} at
 * {@code offset + i * extent()}, each item its type map's data entries. Its <em>packed stream</em> is
 * those elements in order, each {@link BasicType#size()} bytes in native byte order (a boolean is one byte,
 * 1 or 0), as {@link BasicType#bytesOf} has them: a contiguous message's stream is its bytes.
 * {@code offset} may be any value as long as every element the message reaches lies inside the
 * array; a message reaching outside it fails with {@code ERR_BUFFER} before anything is copied.
 *
 * <h2>Operations</h2>
 * <ul>
 * <li>{@link #pack} / {@link #unpack}: a whole message to or from bytes in a {@link MemorySegment};</li>
 * <li>{@link #packRange} / {@link #unpackRange}: a byte range of the stream, for transports that move a
 * message in pieces; a range must start and end on element boundaries ({@code ERR_ARG} otherwise);</li>
 * <li>{@link #copy} / {@link #copyRange}: array to array between two plans, no intermediate buffer
 * (ranks that share memory);</li>
 * <li>{@link #packInto} / {@link #unpackFrom(byte[], int, Object, int, int)} /
 * {@link #packSize}: {@code Comm.Pack}, {@code Unpack}, {@code Pack_size};</li>
 * <li>{@code MPI.OBJECT}: {@link #copy} works on {@code Object[]}; byte transports use
 * {@link #serializeObjects} / {@link #deserializeObjects} (segments cannot hold objects).</li>
 * </ul>
 * Failures are {@link DatatypeException}s. Thread-safe: immutable; concurrent operations on distinct
 * buffers do not interfere.
 *
 * <h2>Where the work is done</h2>
 * This class holds the plan, the checks and the public operations. The copying itself: {@link Walk} walks a
 * message's runs and feeds them to a {@link Sink} (one per kind of copy: to and from bytes, gather, scatter,
 * plan to plan with a {@link Cursor}), whose per-type loops are the generated {@link Kernels};
 * {@link ObjectMessages} handles {@code MPI.OBJECT} messages over bytes with {@link ObjectCodec}.
 */
public final class PackPlan {
    private static final PackPlan[] BASIC = new PackPlan[BasicType.values().length];

    static {
        for (BasicType t : BasicType.values()) {
            BASIC[t.ordinal()] = compile(TypeMap.of(t));
        }
    }

    // The plan: package-private so that Walk, Cursor and the sinks read it without accessors.
    private final TypeMap type;
    private final BasicType base;
    final int elements;
    final int extent;
    private final int dataLo;
    private final int dataHi;
    final int runs;
    final boolean regular;
    /** Regular: start of run 0 (relative to the item), length of every run, distance between run starts. */
    final int first;
    final int runLength;
    final long stride;
    /** Not regular: run starts and lengths, and elements of an item before run r (runs + 1 entries). */
    private final int[] starts;
    private final int[] lengths;
    private final long[] before;
    /** Message element e lies at array index offset + first + e (one run, items tiling the array; or no data). */
    final boolean dense;
    /** Regular, and item i+1's runs continue item i's pattern: a message is one regular list. */
    final boolean chain;
    private final boolean overlapping;

    private PackPlan(TypeMap type) {
        this.type = type;
        this.base = type.base();
        this.elements = type.elementCount();
        this.extent = type.extent();
        this.dataLo = type.trueLb();
        this.dataHi = type.trueUb();
        RunBuilder b = new RunBuilder();
        type.emit(0, b);
        b.finish();
        this.runs = b.runs();
        this.regular = b.regular();
        if (regular) {
            this.first = (int) b.first();
            this.runLength = (int) b.length();
            this.stride = runs == 1 ? extent : b.stride();
            this.starts = null;
            this.lengths = null;
            this.before = null;
            this.chain = runs > 0 && (long) extent == runs * stride;
            this.dense = elements == 0 || (runs == 1 && extent == runLength);
            this.overlapping = runs > 1 && Math.abs(stride) < runLength;
        } else {
            this.first = 0;
            this.runLength = 0;
            this.stride = 0;
            this.starts = b.starts();
            this.lengths = b.lengths();
            this.before = new long[runs + 1];
            for (int r = 0; r < runs; r++) {
                before[r + 1] = before[r] + lengths[r];
            }
            this.chain = false;
            this.dense = false;
            this.overlapping = overlaps(starts, lengths, runs);
        }
    }

    /** Compiles {@code type} (MPI_Type_commit). Costs one walk over the type map. */
    public static PackPlan compile(TypeMap type) {
        if (type == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "datatype is null");
        }
        return new PackPlan(type);
    }

    /** The (shared) plan of one element of a basic type. */
    public static PackPlan of(BasicType type) {
        return BASIC[TypeMap.of(type).base().ordinal()];
    }

    /** The type map this plan was compiled from. */
    public TypeMap type() {
        return type;
    }

    /** The base type of every element, or null for a marker-only type (no data). */
    public BasicType base() {
        return base;
    }

    /** Base elements in one item. */
    public int elementsPerItem() {
        return elements;
    }

    /** The type's extent in elements: the distance between successive items of a message. */
    public int extent() {
        return extent;
    }

    /** Runs of consecutive elements one item is made of, after merging (1 for a contiguous type). */
    public int runCount() {
        return runs;
    }

    /** True when items are a single bulk copy (contiguous, or no data at all). */
    public boolean isDense() {
        return dense;
    }

    /** True when the runs are regular (one length, constant stride): vectors and contiguous types. */
    public boolean isRegular() {
        return regular;
    }

    /**
     * True when one item's type map names some array element twice. Such a type may be sent, but receiving
     * into it is erroneous (MPI): the API refuses it as a receive type, see {@link #checkReceive}.
     */
    public boolean isOverlapping() {
        return overlapping;
    }

    /** Elements in a message of {@code count} items. */
    public long elementsOf(int count) {
        return (long) count * elements;
    }

    /** Bytes in the packed stream of {@code count} items ({@code MPI_Pack_size}, exact; 0 for markers only). */
    public long packedSize(int count) {
        return base == null ? 0 : (long) count * elements * base.size();
    }

    // ---- checks ----

    /**
     * Checks a message buffer: {@code count} not negative ({@code ERR_COUNT}), {@code array} an array of the
     * base type ({@code ERR_TYPE}; null is accepted when the message has no elements, else
     * {@code ERR_BUFFER}), and every element the message reaches inside the array ({@code ERR_BUFFER}).
     */
    public void checkBuffer(Object array, int offset, int count) {
        // The common case in a few tests, small enough to be inlined; anything else, and every failure, below.
        if (count > 0 && elements != 0 && base.accepts(array)) {
            long span = (long) (count - 1) * extent;
            if ((long) offset + dataLo + Math.min(0, span) >= 0
                    && (long) offset + dataHi + Math.max(0, span) <= BasicType.length(array)) {
                return;
            }
        }
        checkBufferFully(array, offset, count);
    }

    /** {@link #checkBuffer} case by case, naming what is wrong. */
    private void checkBufferFully(Object array, int offset, int count) {
        if (count < 0) {
            throw new DatatypeException(DatatypeException.Kind.ERR_COUNT, "negative count " + count);
        }
        if (count == 0 || elements == 0) {
            if (array != null && base != null && !base.accepts(array)) {
                throw wrongArray(array);
            }
            return;
        }
        if (array == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_BUFFER, "buffer is null");
        }
        if (!base.accepts(array)) {
            throw wrongArray(array);
        }
        long span = (long) (count - 1) * extent;
        long lo = (long) offset + dataLo + Math.min(0, span);
        long hi = (long) offset + dataHi + Math.max(0, span);
        int length = BasicType.length(array);
        if (lo < 0 || hi > length) {
            throw new DatatypeException(DatatypeException.Kind.ERR_BUFFER, count + " item(s) of " + type
                    + " at offset " + offset + " reach elements [" + lo + ", " + hi + ") of a buffer of length " + length);
        }
    }

    /**
     * The array elements {@code count} items of this type at {@code offset} reach, as {@code [lo, hi)}
     * ({@code lo == hi} when the message has no data): what a buffer of this call may touch.
     */
    public long[] reach(int offset, int count) {
        if (count <= 0 || elements == 0) {
            return new long[] {offset, offset};
        }
        long span = (long) (count - 1) * extent;
        return new long[] {(long) offset + dataLo + Math.min(0, span), (long) offset + dataHi + Math.max(0, span)};
    }

    /**
     * Checks that {@code count} items of this type may be received into: {@link #checkBuffer}, and no array
     * element written twice, within an item or between items ({@code ERR_TYPE}). The latter costs a sort of
     * the message's runs only for types whose items can overlap (extent shorter than the data's span).
     */
    public void checkReceive(Object array, int offset, int count) {
        checkBuffer(array, offset, count);
        if (overlapsAsReceive(count)) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "receive type " + type + " with count "
                    + count + " writes some element more than once");
        }
    }

    /** True when {@code count} items of this type write some array element more than once. */
    public boolean overlapsAsReceive(int count) {
        if (count <= 0 || elements == 0) {
            return false;
        }
        if (overlapping) {
            return true;
        }
        if (count == 1 || Math.abs((long) extent) >= (long) dataHi - dataLo) {
            return false;
        }
        if (extent == 0) {
            return true;
        }
        long total = (long) count * runs;
        if (total > Integer.MAX_VALUE - 8) {
            throw new DatatypeException(DatatypeException.Kind.ERR_ARG, "too many runs to check for overlap: " + total);
        }
        int[] s = new int[(int) total];
        int[] l = new int[(int) total];
        int k = 0;
        for (int i = 0; i < count; i++) {
            for (int r = 0; r < runs; r++) {
                s[k] = (int) ((long) i * extent + runStart(r));
                l[k++] = runLength(r);
            }
        }
        return overlaps(s, l, k);
    }

    private static boolean overlaps(int[] starts, int[] lengths, int n) {
        long[] keys = new long[n];
        for (int r = 0; r < n; r++) {
            keys[r] = ((long) starts[r] << 32) | r;
        }
        Arrays.sort(keys);
        long end = Long.MIN_VALUE;
        for (long key : keys) {
            int r = (int) key;
            if (starts[r] < end) {
                return true;
            }
            end = (long) starts[r] + lengths[r];
        }
        return false;
    }

    private DatatypeException wrongArray(Object array) {
        return new DatatypeException(DatatypeException.Kind.ERR_TYPE, "datatype of base " + base + " needs a "
                + base.arrayClass().getSimpleName() + " buffer, got " + array.getClass().getSimpleName());
    }

    private void checkSegmentable(String what) {
        if (base == BasicType.OBJECT) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, what
                    + " cannot hold MPI.OBJECT elements: use serializeObjects / deserializeObjects");
        }
    }

    static void checkSegment(MemorySegment seg, long offset, long bytes, String what) {
        if (seg != null && offset >= 0 && offset <= seg.byteSize() && seg.byteSize() - offset >= bytes) {
            return;
        }
        segmentError(seg, offset, bytes, what);
    }

    private static void segmentError(MemorySegment seg, long offset, long bytes, String what) {
        if (seg == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_BUFFER, what + " segment is null");
        }
        if (offset < 0 || offset > seg.byteSize() || seg.byteSize() - offset < bytes) {
            throw new DatatypeException(DatatypeException.Kind.ERR_BUFFER, what + " segment of " + seg.byteSize()
                    + " bytes cannot hold " + bytes + " bytes at offset " + offset);
        }
    }

    /** Checks a stream range against a message of {@code count} items; returns its first element. */
    private long checkRange(int count, long streamFrom, long len) {
        long total = packedSize(count);
        int size = base == null ? 1 : base.size();
        if (streamFrom >= 0 && len >= 0 && streamFrom <= total && total - streamFrom >= len && streamFrom % size == 0
                && len % size == 0) {
            return streamFrom / size;
        }
        throw rangeError(total, streamFrom, len);
    }

    private DatatypeException rangeError(long total, long streamFrom, long len) {
        if (streamFrom < 0 || len < 0 || streamFrom > total || total - streamFrom < len) {
            throw new DatatypeException(DatatypeException.Kind.ERR_ARG, "bytes [" + streamFrom + ", " + (streamFrom + len)
                    + ") are outside the packed stream of " + total + " bytes");
        }
        int size = base == null ? 1 : base.size();
        return new DatatypeException(DatatypeException.Kind.ERR_ARG, "bytes [" + streamFrom + ", " + (streamFrom + len)
                + ") do not start and end on " + base + " element boundaries (" + size + " bytes)");
    }

    // ---- packing to and from segments ----

    /** Packs {@code count} items of {@code array} from {@code offset} into {@code dst} at {@code dstOffset}. */
    public void pack(Object array, int offset, int count, MemorySegment dst, long dstOffset) {
        checkBuffer(array, offset, count);
        checkSegmentable("a byte segment");
        checkSegment(dst, dstOffset, packedSize(count), "destination");
        Walk.pack(this, array, offset, count, 0, elementsOf(count), dst, dstOffset);
    }

    /** Unpacks {@code count} items from {@code src} at {@code srcOffset} into {@code array} from {@code offset}. */
    public void unpack(MemorySegment src, long srcOffset, Object array, int offset, int count) {
        checkBuffer(array, offset, count);
        checkSegmentable("a byte segment");
        checkSegment(src, srcOffset, packedSize(count), "source");
        Walk.unpack(this, src, srcOffset, array, offset, count, 0, elementsOf(count));
    }

    /**
     * Packs the bytes [{@code streamFrom}, {@code streamFrom + len}) of the packed stream of {@code count}
     * items into {@code dst} from {@code dstOffset}. Both ends must be multiples of the element size.
     */
    public void packRange(Object array, int offset, int count, long streamFrom, MemorySegment dst, long dstOffset,
                          long len) {
        checkBuffer(array, offset, count);
        checkSegmentable("a byte segment");
        long from = checkRange(count, streamFrom, len);
        checkSegment(dst, dstOffset, len, "destination");
        Walk.pack(this, array, offset, count, from, len / sizeOf(), dst, dstOffset);
    }

    /**
     * Unpacks {@code len} bytes from {@code src} at {@code srcOffset}, which are the bytes
     * [{@code streamFrom}, {@code streamFrom + len}) of the packed stream of {@code count} items, into
     * {@code array}. A receive of a shorter message than its capacity unpacks the range [0, bytes received).
     */
    public void unpackRange(MemorySegment src, long srcOffset, Object array, int offset, int count, long streamFrom,
                            long len) {
        checkBuffer(array, offset, count);
        checkSegmentable("a byte segment");
        long from = checkRange(count, streamFrom, len);
        checkSegment(src, srcOffset, len, "source");
        Walk.unpack(this, src, srcOffset, array, offset, count, from, len / sizeOf());
    }

    int sizeOf() {
        return base == null ? 1 : base.size();
    }

    // ---- array to array ----

    /**
     * Copies a message of {@code srcCount} items of {@code srcPlan} from {@code src} into the receive buffer
     * of {@code dstCount} items of {@code dstPlan} in {@code dst}, element by element in stream order, with no
     * intermediate buffer; both buffers are checked first ({@link #checkBuffer}), and the base types must be
     * equal ({@code ERR_TYPE}) unless the message is empty. Copies as many elements as fit and returns that
     * number: a caller that must report truncation compares it with {@code srcPlan.elementsOf(srcCount)}
     * (or asks {@link Signature#match} first). The buffers must not overlap (MPI forbids it).
     */
    public static long copy(Object src, int srcOffset, int srcCount, PackPlan srcPlan,
                            Object dst, int dstOffset, int dstCount, PackPlan dstPlan) {
        long sent = srcPlan.elementsOf(Math.max(0, srcCount));
        long n = Math.min(sent, dstPlan.elementsOf(Math.max(0, dstCount)));
        copyRange(src, srcOffset, srcCount, srcPlan, dst, dstOffset, dstCount, dstPlan, 0, n);
        return n;
    }

    /**
     * Copies the message elements [{@code from}, {@code from + n}) (stream order) from {@code src} to
     * {@code dst}, as {@link #copy} does: several threads may copy disjoint ranges of one message at once.
     * The range must lie within both the message and the receive buffer's capacity ({@code ERR_ARG}).
     */
    public static void copyRange(Object src, int srcOffset, int srcCount, PackPlan srcPlan,
                                 Object dst, int dstOffset, int dstCount, PackPlan dstPlan, long from, long n) {
        srcPlan.checkBuffer(src, srcOffset, srcCount);
        dstPlan.checkBuffer(dst, dstOffset, dstCount);
        long limit = Math.min(srcPlan.elementsOf(srcCount), dstPlan.elementsOf(dstCount));
        if (from < 0 || n < 0 || from > limit || limit - from < n) {
            throw copyRangeError(from, n, limit);
        }
        if (n == 0) {
            return;
        }
        if (srcPlan.base != dstPlan.base) {
            throw copyTypeError(srcPlan, dstPlan);
        }
        Walk.copy(src, srcOffset, srcCount, srcPlan, dst, dstOffset, dstCount, dstPlan, from, n);
    }

    // (the failures' messages are built out of line, so that the checks stay small enough to be inlined)
    private static DatatypeException copyRangeError(long from, long n, long limit) {
        return new DatatypeException(DatatypeException.Kind.ERR_ARG, "elements [" + from + ", " + (from + n)
                + ") are outside the " + limit + " elements both buffers hold");
    }

    private static DatatypeException copyTypeError(PackPlan srcPlan, PackPlan dstPlan) {
        return new DatatypeException(DatatypeException.Kind.ERR_TYPE, "cannot copy " + srcPlan.base + " elements into "
                + dstPlan.base + " elements");
    }

    /**
     * True when the stream elements [{@code from}, {@code from + n}) of a message of {@code count} items are
     * whole blocks of one arithmetic progression (a vector's blocks, also across items when the next item
     * continues the stride), and the plan is not dense: the range is then
     * {@code n / runLength} blocks of {@code runLength} elements {@code stride} apart from
     * {@link #blockIndex}, copied with one strided kernel call and no walk.
     */
    boolean wholeBlocks(int count, long from, long n) {
        return !dense && progression(count) && (runLength == 1 || (from % runLength == 0 && n % runLength == 0));
    }

    /** Under {@link #wholeBlocks}: the array index of the block holding stream element {@code from}. */
    int blockIndex(int offset, long from) {
        return (int) (offset + first + blocks(from) * stride);
    }

    /** Under {@link #wholeBlocks}: the blocks {@code n} elements make (no division for one-element blocks). */
    long blocks(long n) {
        return runLength == 1 ? n : n / runLength;
    }

    /**
     * True when the runs of a message of {@code count} items form one arithmetic progression
     * ({@code first + j * stride}): a regular plan whose next item continues the stride, or one item.
     */
    boolean progression(int count) {
        return regular && runs > 0 && (count <= 1 || chain);
    }

    // ---- MPI.OBJECT over byte transports ----

    /** The message's objects in stream order, in a fresh array (for serialization or inspection). */
    public Object[] gatherObjects(Object[] array, int offset, int count) {
        return ObjectMessages.gather(this, array, offset, count);
    }

    /**
     * Stores {@code objects} (stream order) into the first {@code objects.length} elements of the receive
     * buffer of {@code count} items ({@code ERR_TRUNCATE} when they do not fit).
     */
    public void scatterObjects(Object[] objects, Object[] array, int offset, int count) {
        ObjectMessages.scatter(this, objects, array, offset, count);
    }

    /** Serializes the message's objects in stream order ({@link ObjectCodec#serialize}). */
    public byte[] serializeObjects(Object[] array, int offset, int count) {
        return ObjectMessages.serialize(this, array, offset, count);
    }

    /**
     * Deserializes {@code n} objects ({@link ObjectCodec#deserialize}: allow-list, the receiver's loader) and
     * stores them as {@link #scatterObjects} does; on failure nothing is stored.
     */
    public void deserializeObjects(byte[] data, int n, Object[] array, int offset, int count, ClassLoader loader,
                                   java.io.ObjectInputFilter filter) {
        ObjectMessages.deserialize(this, data, n, array, offset, count, loader, filter);
    }

    // ---- Comm.Pack / Unpack / Pack_size ----

    /**
     * {@code Comm.Pack}: packs {@code incount} items of {@code inbuf} from {@code offset} into {@code outbuf}
     * at {@code position} and returns the position after them ({@code ERR_BUFFER} when they do not fit).
     * {@code MPI.OBJECT} messages are packed as a 4-byte native-order length and their serialized form.
     */
    public int packInto(Object inbuf, int offset, int incount, byte[] outbuf, int position) {
        if (outbuf == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_BUFFER, "output buffer is null");
        }
        if (base == BasicType.OBJECT) {
            return ObjectMessages.packInto(this, inbuf, offset, incount, outbuf, position);
        }
        long bytes = packedSize(Math.max(incount, 0));
        checkBuffer(inbuf, offset, incount);
        checkSegment(MemorySegment.ofArray(outbuf), position, bytes, "output buffer");
        pack(inbuf, offset, incount, MemorySegment.ofArray(outbuf), position);
        return (int) (position + bytes);
    }

    /**
     * {@code Comm.Unpack}: unpacks {@code outcount} items from {@code inbuf} at {@code position} into
     * {@code outbuf} from {@code offset}, and returns the position after them ({@code ERR_BUFFER} when
     * {@code inbuf} ends first). For {@code MPI.OBJECT} use the form with a class loader and filter.
     */
    public int unpackFrom(byte[] inbuf, int position, Object outbuf, int offset, int outcount) {
        return unpackFrom(inbuf, position, outbuf, offset, outcount, null, null);
    }

    /** {@code Comm.Unpack}, with the receiving rank's class loader and allow-list for {@code MPI.OBJECT}. */
    public int unpackFrom(byte[] inbuf, int position, Object outbuf, int offset, int outcount, ClassLoader loader,
                      java.io.ObjectInputFilter filter) {
        if (inbuf == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_BUFFER, "input buffer is null");
        }
        if (base == BasicType.OBJECT) {
            return ObjectMessages.unpackFrom(this, inbuf, position, outbuf, offset, outcount, loader, filter);
        }
        MemorySegment in = MemorySegment.ofArray(inbuf);
        long bytes = packedSize(Math.max(outcount, 0));
        checkBuffer(outbuf, offset, outcount);
        checkSegment(in, position, bytes, "input buffer");
        unpack(in, position, outbuf, offset, outcount);
        return (int) (position + bytes);
    }

    /**
     * {@code Comm.Pack_size}: bytes {@code count} items take when packed. Not known in advance for
     * {@code MPI.OBJECT} ({@code ERR_TYPE}).
     */
    public int packSize(int count) {
        if (count < 0) {
            throw new DatatypeException(DatatypeException.Kind.ERR_COUNT, "negative count " + count);
        }
        if (base == BasicType.OBJECT) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE,
                    "the packed size of MPI.OBJECT elements is known only once they are serialized");
        }
        long bytes = packedSize(count);
        if (bytes > Integer.MAX_VALUE) {
            throw new DatatypeException(DatatypeException.Kind.ERR_COUNT, count + " items pack into " + bytes
                    + " bytes, more than a byte[] holds");
        }
        return (int) bytes;
    }

    // ---- the runs, for Walk and Cursor ----

    long runStart(int r) {
        return regular ? first + r * stride : starts[r];
    }

    int runLength(int r) {
        return regular ? runLength : lengths[r];
    }

    /** Elements of an item before run {@code r}. */
    long elementsBefore(int r) {
        return regular ? (long) r * runLength : before[r];
    }

    /** Index of the run holding element {@code w} (0 <= w < elements) of an item. */
    int runAt(long w) {
        if (regular) {
            return (int) (w / runLength);
        }
        int i = Arrays.binarySearch(before, 0, runs, w);
        return i >= 0 ? i : -i - 2;
    }

    @Override
    public String toString() {
        return "PackPlan[" + type + ", runs=" + runs + (regular ? ", regular stride " + stride : "")
                + (dense ? ", dense" : "") + (overlapping ? ", overlapping" : "") + "]";
    }
}
