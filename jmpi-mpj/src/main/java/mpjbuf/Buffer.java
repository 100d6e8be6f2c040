// Why this file stays past 600 lines: it is MPJ Express's public mpjbuf.Buffer, whose API has one
// write/gather/strGather/read/scatter/strScatter overload per element type (8 types and Object: 54 public
// methods, each documented) besides the section and low-level methods; programs and the API list checks
// need every one of them on this class. Each overload is a one-line call of one generic body (per Elem).
// What does not need the buffer's state lives beside it: Elem (the per-type element moves), Regions (the
// argument and strided-region checks) and DynamicPart (the serialization stream of the dynamic part).
package mpjbuf;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A message buffer of MPJ Express's {@code mpjbuf} API, written for jmpi from that API's documented
 * behaviour.
 *
 * <p>A buffer holds a sequence of <em>sections</em>, each of elements of one type. It is either
 * writeable (new: {@link #putSectionHeader} starts a section, {@code write} / {@code gather} /
 * {@code strGather} append to it) or readable (after {@link #commit}: {@link #getSectionHeader} moves to
 * the next section, {@code read} / {@code scatter} / {@code strScatter} take its elements in order).
 * {@link #commit} again rewinds a readable buffer; {@link #clear} empties it and makes it writeable.
 *
 * <p>The <em>static</em> part has a fixed capacity: each section starts on a multiple of
 * {@link #ALIGNMENT_UNIT} bytes with a header of {@link #SECTION_OVERHEAD} bytes (type code in the
 * first byte, element count in bytes 4..7), followed, for a static section, by its elements in the
 * buffer's byte order (native when made). Sections of {@link Type#OBJECT} and the {@code *_DYNAMIC}
 * types keep only their header there; their elements go, serialized, to the <em>dynamic</em> part,
 * which grows as needed.
 *
 * <p>Strided regions ({@code strGather}, {@code strScatter}): with {@code r = rank}, extents
 * {@code n[i] = shape[exts + i]} and strides {@code s[i] = shape[strs + i]}, the elements are
 * {@code a[off + j0*s[0] + ... + j(r-1)*s[r-1]]} for {@code 0 <= ji < n[i]}, the last index varying
 * fastest; rank 0 is the single element {@code a[off]}.
 *
 * <p>Each operation checks its arguments and the buffer's room before it moves any data (objects
 * are serialized one by one, so a failing one leaves those before it written or read). Sent with
 * {@code MPI.PACKED} ({@code comm.Send(buffer, 0, n, MPI.PACKED, dest, tag)}: offset and count are
 * ignored, as in MPJ Express) the buffer is committed, its contents travel, and it is cleared for the
 * next message. A buffer received into ({@code comm.Recv(buffer, ...)}, {@code Irecv}) is committed,
 * ready to read; objects in it are read with the receiving rank's class loader behind the MPI.OBJECT
 * allow-list. A buffer is not thread-safe.
 */
public class Buffer {
    /** Bytes of a section header in the static part. */
    public static final int SECTION_OVERHEAD = 8;
    /** Sections start on multiples of this many bytes. */
    public static final int ALIGNMENT_UNIT = 8;

    private static final ByteOrder LOCAL = ByteOrder.nativeOrder();

    static {
        jmpi.mpj.BufferAccess.install(new Access());
    }

    private RawBuffer staticBuffer;
    private ByteBuffer view;
    private final int bufoffset;
    private final int capacity;
    private ByteOrder encoding = LOCAL;

    private boolean freed;
    private boolean writeable = true;
    private Type currentSectionType;
    /** Bytes used in the static part. */
    private int size;
    private int sectionHeader;
    private int sectionSize;
    private int readPtr;
    private int elementsRemaining;

    /** The serialized elements of the object and dynamic sections. */
    private final DynamicPart dynamic = new DynamicPart();
    /** A posted receive's landing place: element 0 becomes the message (see {@link #settle}). */
    private Object[] arrival;

    /** An empty, writeable buffer with a static part of {@code capacity} bytes, in native byte order. */
    public Buffer(int capacity) {
        this(new NIOBuffer(capacity), 0, capacity);
    }

    /**
     * An empty, writeable buffer whose static part is {@code capacity} bytes of {@code buffer} from
     * {@code bufoffset} ({@code new Buffer(BufferFactory.create(n), 0, n)}). As in MPJ Express, a
     * capacity that runs past the raw buffer's end is cut to what the raw buffer holds after
     * {@code bufoffset} (programs write {@code new Buffer(create(n + OVERHEAD), OVERHEAD, n + OVERHEAD)}).
     *
     * @throws java.lang.IllegalArgumentException for a negative offset or capacity, an offset past the
     *         raw buffer's end, or a raw buffer not made by {@link BufferFactory} / {@link NIOBuffer}
     */
    public Buffer(RawBuffer buffer, int bufoffset, int capacity) {
        if (!(buffer instanceof NIOBuffer nio)) {
            throw new java.lang.IllegalArgumentException("the raw buffer must come from BufferFactory.create, not "
                    + (buffer == null ? "null" : buffer.getClass().getName()));
        }
        if (bufoffset < 0 || capacity < 0 || bufoffset > buffer.getCapacity()) {
            throw new java.lang.IllegalArgumentException("offset " + bufoffset + " and capacity " + capacity
                    + " do not fit a raw buffer of " + buffer.getCapacity() + " bytes");
        }
        this.staticBuffer = buffer;
        this.view = nio.getBuffer().duplicate().order(LOCAL);
        this.bufoffset = bufoffset;
        this.capacity = Math.min(capacity, buffer.getCapacity() - bufoffset);
    }

    /** Where this buffer's static part starts in its raw buffer. */
    public int offset() {
        return bufoffset;
    }

    /** Bytes of the static part. */
    public int getCapacity() {
        return capacity;
    }

    // ---------------------------------------------------------------- states

    /**
     * Makes the buffer readable from its start (or rewinds a readable one).
     *
     * @throws WrongStateException after {@link #free}
     * @throws DynamicBufferException when the dynamic part cannot be completed
     */
    public void commit() throws BufferException {
        settle();
        checkNotFreed();
        if (writeable) {
            closeSection();
            dynamic.finish();
        }
        dynamic.closeStreams();
        currentSectionType = null;
        readPtr = 0;
        elementsRemaining = 0;
        writeable = false;
    }

    /** Empties the buffer and makes it writeable. @throws WrongStateException after {@link #free} */
    public void clear() throws BufferException {
        settle();
        checkNotFreed();
        reset();
    }

    private void reset() {
        encoding = LOCAL;
        view.order(LOCAL);
        currentSectionType = null;
        size = 0;
        sectionHeader = 0;
        sectionSize = 0;
        readPtr = 0;
        elementsRemaining = 0;
        dynamic.clear();
        writeable = true;
    }

    /** Releases the buffer: every later call but {@code free} fails with {@link WrongStateException}. */
    public void free() {
        if (!freed) {
            dynamic.clear();
            arrival = null;
            staticBuffer.free();
            freed = true;
        }
    }

    /** True while the buffer is writeable (before {@link #commit}, after {@link #clear}). */
    public boolean isWritable() {
        settleQuietly();
        return writeable;
    }

    // ---------------------------------------------------------------- sections

    /**
     * Starts a new section of {@code type}: pads the static part to the next multiple of
     * {@link #ALIGNMENT_UNIT} and writes a header of {@link #SECTION_OVERHEAD} bytes.
     *
     * @throws WrongStateException if the buffer is not writeable or was freed
     * @throws BufferOverflowException if the header does not fit
     * @throws IllegalArgumentException if {@code type} is null or {@link Type#UNDEFINED}
     */
    public void putSectionHeader(Type type) throws BufferException {
        settle();
        checkNotFreed();
        if (!writeable) {
            throw new WrongStateException("the buffer is not writeable (committed; call clear() first)");
        }
        if (type == null || type == Type.UNDEFINED) {
            throw new IllegalArgumentException("a section needs a type, not " + type);
        }
        int header = align(size);
        if ((long) header + SECTION_OVERHEAD > capacity) {
            throw new BufferOverflowException("no room for a section header at byte " + header + " of a "
                    + capacity + "-byte buffer");
        }
        closeSection();
        view.put(bufoffset + header, (byte) type.getCode());
        view.put(bufoffset + header + 1, (byte) 0).putShort(bufoffset + header + 2, (short) 0);
        view.putInt(bufoffset + header + 4, 0);
        size = header + SECTION_OVERHEAD;
        sectionHeader = header;
        sectionSize = 0;
        currentSectionType = type;
    }

    /**
     * Moves to the next section of a readable buffer and returns its type.
     *
     * @throws WrongStateException if the buffer is not readable or was freed
     * @throws SectionSizeMismatchException if elements of the current section were left unread
     * @throws BufferUnderflowException if there is no next section
     * @throws TypeMismatchException if the header is not a section header (a corrupt buffer)
     */
    public Type getSectionHeader() throws BufferException {
        settle();
        checkNotFreed();
        if (writeable) {
            throw new WrongStateException("the buffer is not readable (call commit() first)");
        }
        if (elementsRemaining != 0) {
            throw new SectionSizeMismatchException(elementsRemaining + " elements of the current "
                    + currentSectionType + " section were not read");
        }
        int header = align(readPtr);
        if ((long) header + SECTION_OVERHEAD > size) {
            throw new BufferUnderflowException("no more sections (the buffer holds " + size + " bytes)");
        }
        int code = view.get(bufoffset + header);
        int count = view.getInt(bufoffset + header + 4);
        if (code < 0 || code >= Type.UNDEFINED.getCode() || count < 0) {
            throw new TypeMismatchException("no section header at byte " + header + " (type code " + code
                    + ", count " + count + ")");
        }
        Type type = Type.getType(code);
        long end = (long) header + SECTION_OVERHEAD + (long) type.staticSize() * count;
        if (end > size) {
            throw new BufferUnderflowException("the " + type + " section at byte " + header + " claims " + count
                    + " elements, past the end of the buffer (" + size + " bytes)");
        }
        readPtr = header + SECTION_OVERHEAD;
        currentSectionType = type;
        sectionSize = count;
        elementsRemaining = count;
        return type;
    }

    /**
     * Elements of the current section: all of them when reading, those written so far when writing.
     *
     * @throws WrongStateException if there is no current section or the buffer was freed
     */
    public int getSectionSize() throws BufferException {
        settle();
        checkNotFreed();
        if (currentSectionType == null) {
            throw new WrongStateException("no current section (call getSectionHeader or putSectionHeader)");
        }
        return sectionSize;
    }

    /** Elements of the current section not read yet. @throws WrongStateException unless readable */
    public int getRemaining() throws BufferException {
        settle();
        checkNotFreed();
        if (writeable) {
            throw new WrongStateException("the buffer is not readable (call commit() first)");
        }
        return elementsRemaining;
    }

    // ---------------------------------------------------------------- low level

    /** The raw buffer holding the static part (give it to {@link BufferFactory#destroy} when done). */
    public RawBuffer getStaticBuffer() {
        return staticBuffer;
    }

    /**
     * Puts the static part in {@code raw} (from its start; it must hold this buffer's offset and capacity).
     *
     * @throws java.lang.IllegalArgumentException for a raw buffer that is not an {@link NIOBuffer} or too small
     */
    public void setStaticBuffer(RawBuffer raw) {
        if (!(raw instanceof NIOBuffer nio) || (long) bufoffset + capacity > raw.getCapacity()) {
            throw new java.lang.IllegalArgumentException("the raw buffer must be an NIOBuffer of at least "
                    + ((long) bufoffset + capacity) + " bytes");
        }
        staticBuffer = raw;
        view = nio.getBuffer().duplicate().order(encoding);
    }

    /** Byte order of numbers in the static part. */
    public ByteOrder getEncoding() {
        settleQuietly();
        return encoding;
    }

    /** Sets the byte order in which the static part is read and written from now on. */
    public void setEncoding(ByteOrder encoding) {
        if (encoding == null) {
            throw new NullPointerException("encoding");
        }
        settleQuietly();
        this.encoding = encoding;
        view.order(encoding);
    }

    /** Bytes used in the static part. */
    public int getSize() {
        settleQuietly();
        return size;
    }

    /**
     * Sets the bytes used in the static part (low level: {@code Comm.Pack} uses it for its
     * {@code position}).
     *
     * @throws java.lang.IllegalArgumentException outside {@code [0, getCapacity()]}
     */
    public void setSize(int size) {
        if (size < 0 || size > capacity) {
            throw new java.lang.IllegalArgumentException("size " + size + " outside [0, " + capacity + "]");
        }
        settleQuietly();
        this.size = size;
    }

    /** The dynamic part's bytes (complete once committed), or null when there is none. */
    public byte[] getDynamicBuffer() {
        settleQuietly();
        return dynamic.data();
    }

    /** Replaces the dynamic part (low level; the buffer should be empty). */
    public void setDynamicBuffer(byte[] dynamicBuffer) {
        settleQuietly();
        dynamic.replace(dynamicBuffer);
    }

    // ---------------------------------------------------------------- objects

    /** Appends {@code source[srcOff .. srcOff+numEls-1]}, serialized, to the current {@code OBJECT} section. */
    public void write(Object[] source, int srcOff, int numEls) throws BufferException {
        Type section = startWrite();
        Regions.checkRange(source.length, srcOff, numEls, "source");
        putObjects(section, source, null, srcOff, numEls);
    }

    /** Appends {@code source[indexes[idxOff]] ..} to the current {@code OBJECT} section. */
    public void gather(Object[] source, int numEls, int idxOff, int[] indexes) throws BufferException {
        Type section = startWrite();
        Regions.checkIndexes(source.length, numEls, idxOff, indexes, "source");
        putObjects(section, source, indexes, idxOff, numEls);
    }

    /** Appends a multi-strided region of {@code source} to the current {@code OBJECT} section. */
    public void strGather(Object[] source, int srcOff, int rank, int exts, int strs, int[] shape)
            throws BufferException {
        Type section = startWrite();
        int[] region = Regions.region(source.length, srcOff, rank, exts, strs, shape, "source");
        putObjects(section, source, region, 0, region.length);
    }

    /** Reads the next {@code numEls} objects of the current {@code OBJECT} section into {@code dest[dstOff ..]}. */
    public void read(Object[] dest, int dstOff, int numEls) throws BufferException {
        Type section = startRead(numEls);
        Regions.checkRange(dest.length, dstOff, numEls, "dest");
        getObjects(section, dest, null, dstOff, numEls);
    }

    /** Reads the next {@code numEls} objects into {@code dest[indexes[idxOff]] ..}. */
    public void scatter(Object[] dest, int numEls, int idxOff, int[] indexes) throws BufferException {
        Type section = startRead(numEls);
        Regions.checkIndexes(dest.length, numEls, idxOff, indexes, "dest");
        getObjects(section, dest, indexes, idxOff, numEls);
    }

    /** Reads objects into a multi-strided region of {@code dest}. */
    public void strScatter(Object[] dest, int dstOff, int rank, int exts, int strs, int[] shape)
            throws BufferException {
        int[] region = Regions.region(dest.length, dstOff, rank, exts, strs, shape, "dest");
        Type section = startRead(region.length);
        getObjects(section, dest, region, 0, region.length);
    }

    private void putObjects(Type section, Object[] a, int[] idx, int off, int n) throws BufferException {
        if (section != Type.OBJECT) {
            throw new TypeMismatchException("cannot write objects to a section of " + section);
        }
        try {
            ObjectOutputStream o = dynamic.out();
            for (int i = 0; i < n; i++) {
                o.writeObject(a[idx == null ? off + i : idx[off + i]]);
                sectionSize++;
            }
        } catch (IOException e) {
            throw new DynamicBufferException("cannot serialize an object into the buffer: " + e, e);
        }
    }

    private void getObjects(Type section, Object[] a, int[] idx, int off, int n) throws BufferException {
        if (section != Type.OBJECT) {
            throw new TypeMismatchException("cannot read objects from a section of " + section);
        }
        Class<?> element = a.getClass().getComponentType();
        for (int i = 0; i < n; i++) {
            Object o = dynamic.readObject();
            elementsRemaining--;
            if (o != null && !element.isInstance(o)) {
                throw new TypeMismatchException("the buffer's object is a " + o.getClass().getName()
                        + ", which " + element.getName() + "[] cannot hold");
            }
            a[idx == null ? off + i : idx[off + i]] = o;
        }
    }

    // ---------------------------------------------------------------- checks and helpers

    private static int align(int at) {
        return (at + ALIGNMENT_UNIT - 1) / ALIGNMENT_UNIT * ALIGNMENT_UNIT;
    }

    private void checkNotFreed() throws WrongStateException {
        if (freed) {
            throw new WrongStateException("the buffer has been freed");
        }
    }

    /** Stores the current section's element count in its header (writing only). */
    private void closeSection() {
        if (currentSectionType != null) {
            view.putInt(bufoffset + sectionHeader + 4, sectionSize);
        }
    }

    private Type startWrite() throws BufferException {
        settle();
        checkNotFreed();
        if (!writeable) {
            throw new WrongStateException("the buffer is not writeable (committed; call clear() first)");
        }
        if (currentSectionType == null) {
            throw new WrongStateException("no section to write to (call putSectionHeader first)");
        }
        return currentSectionType;
    }

    private Type startRead(int numEls) throws BufferException {
        settle();
        checkNotFreed();
        if (writeable) {
            throw new WrongStateException("the buffer is not readable (call commit() first)");
        }
        if (currentSectionType == null) {
            throw new WrongStateException("no section to read (call getSectionHeader first)");
        }
        if (numEls > elementsRemaining) {
            throw new SectionSizeMismatchException("cannot read " + numEls + " elements: " + elementsRemaining
                    + " are left in the current " + currentSectionType + " section");
        }
        return currentSectionType;
    }

    /** Room for {@code n} elements of {@code bytes} bytes in the static part: returns where they go. */
    private int reserve(int bytes, int n) throws BufferOverflowException {
        long end = (long) size + (long) bytes * n;
        if (end > capacity) {
            throw new BufferOverflowException("no room for " + n + " " + currentSectionType + " elements: "
                    + (capacity - size) + " of " + capacity + " bytes are left");
        }
        int at = bufoffset + size;
        size = (int) end;
        sectionSize += n;
        return at;
    }

    // ---------------------------------------------------------------- messages (jmpi.mpj.BufferAccess)

    /** Wire form: static length, byte order, dynamic length (-1: none), static bytes, dynamic bytes. */
    private byte[] takeForSend() throws BufferException {
        commit();
        byte[] dyn = dynamic.data();
        int dynLength = dyn == null ? -1 : dyn.length;
        ByteBuffer wire = ByteBuffer.allocate(9 + size + Math.max(0, dynLength));
        wire.putInt(size).put((byte) (encoding == ByteOrder.BIG_ENDIAN ? 0 : 1)).putInt(dynLength);
        wire.put(view.duplicate().clear().position(bufoffset).limit(bufoffset + size));
        if (dyn != null) {
            wire.put(dyn);
        }
        reset();
        return wire.array();
    }

    private Object[] armReceive(ClassLoader loader, ObjectInputFilter filter) throws BufferException {
        settle();
        checkNotFreed();
        Object[] slot = new Object[1];
        arrival = slot;
        pendingLoader = loader;
        pendingFilter = filter;
        return slot;
    }

    private ClassLoader pendingLoader;
    private ObjectInputFilter pendingFilter;

    /**
     * Takes in a message that arrived for a posted receive: the buffer becomes readable with its
     * contents. A message that cannot be taken in stays, so every later call reports it.
     */
    private void settle() throws BufferException {
        Object[] slot = arrival;
        if (slot == null || slot[0] == null) {
            return;
        }
        Object m = slot[0];
        if (!(m instanceof byte[] bytes) || bytes.length < 9) {
            throw new TypeMismatchException("the message received into this buffer is not an mpjbuf.Buffer ("
                    + m.getClass().getName() + ")");
        }
        ByteBuffer wire = ByteBuffer.wrap(bytes);
        int staticLength = wire.getInt();
        ByteOrder order = wire.get() == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        int dynLength = wire.getInt();
        if (staticLength < 0 || 9L + staticLength + Math.max(0, dynLength) != bytes.length) {
            throw new TypeMismatchException("the message received into this buffer is not an mpjbuf.Buffer ("
                    + bytes.length + " bytes)");
        }
        if (staticLength > capacity) {
            throw new BufferOverflowException("the received buffer's static part (" + staticLength
                    + " bytes) does not fit this buffer's capacity of " + capacity + " bytes");
        }
        arrival = null;
        slot[0] = null;
        reset();
        view.put(bufoffset, bytes, 9, staticLength);
        size = staticLength;
        encoding = order;
        view.order(order);
        dynamic.received(dynLength < 0 ? null : java.util.Arrays.copyOfRange(bytes, 9 + staticLength, bytes.length),
                pendingLoader, pendingFilter);
        writeable = false;
    }

    /**
     * {@link #settle} for the calls that declare no {@link BufferException}: a message that cannot be
     * taken in fails them with an {@link IllegalStateException} (the cause says why).
     */
    private void settleQuietly() {
        try {
            settle();
        } catch (BufferException e) {
            throw new IllegalStateException("the message received into this buffer cannot be taken in: "
                    + e.getMessage(), e);
        }
    }

    /** The hand-over to the mpi API, which lives in another package. */
    private static final class Access extends jmpi.mpj.BufferAccess {
        @Override
        protected byte[] takeForSend(Buffer buffer) throws BufferException {
            return buffer.takeForSend();
        }

        @Override
        protected Object[] armReceive(Buffer buffer, ClassLoader loader, ObjectInputFilter filter)
                throws BufferException {
            return buffer.armReceive(loader, filter);
        }

        @Override
        protected void settle(Buffer buffer) throws BufferException {
            buffer.settle();
        }
    }

    // ---------------------------------------------------------------- primitive elements

    private void write(Elem e, Object source, int srcOff, int numEls) throws BufferException {
        Type section = startWrite();
        Regions.checkRange(e.length(source), srcOff, numEls, "source");
        put(section, e, source, null, srcOff, numEls);
    }

    private void gather(Elem e, Object source, int numEls, int idxOff, int[] indexes) throws BufferException {
        Type section = startWrite();
        Regions.checkIndexes(e.length(source), numEls, idxOff, indexes, "source");
        put(section, e, source, indexes, idxOff, numEls);
    }

    private void strGather(Elem e, Object source, int srcOff, int rank, int exts, int strs, int[] shape)
            throws BufferException {
        Type section = startWrite();
        int[] region = Regions.region(e.length(source), srcOff, rank, exts, strs, shape, "source");
        put(section, e, source, region, 0, region.length);
    }

    private void read(Elem e, Object dest, int dstOff, int numEls) throws BufferException {
        Type section = startRead(numEls);
        Regions.checkRange(e.length(dest), dstOff, numEls, "dest");
        get(section, e, dest, null, dstOff, numEls);
    }

    private void scatter(Elem e, Object dest, int numEls, int idxOff, int[] indexes) throws BufferException {
        Type section = startRead(numEls);
        Regions.checkIndexes(e.length(dest), numEls, idxOff, indexes, "dest");
        get(section, e, dest, indexes, idxOff, numEls);
    }

    private void strScatter(Elem e, Object dest, int dstOff, int rank, int exts, int strs, int[] shape)
            throws BufferException {
        int[] region = Regions.region(e.length(dest), dstOff, rank, exts, strs, shape, "dest");
        Type section = startRead(region.length);
        get(section, e, dest, region, 0, region.length);
    }

    /** Appends {@code a[k]} for the {@code n} indexes {@code k} ({@code off + i}, or {@code idx[off + i]}). */
    private void put(Type section, Elem e, Object a, int[] idx, int off, int n) throws BufferException {
        if (section == e.staticType) {
            int at = reserve(e.size, n);
            ByteBuffer v = view;
            for (int i = 0; i < n; i++, at += e.size) {
                int k = idx == null ? off + i : idx[off + i];
                e.put(v, at, a, k);
            }
        } else if (section == e.dynamicType) {
            try {
                ObjectOutputStream o = dynamic.out();
                for (int i = 0; i < n; i++) {
                    int k = idx == null ? off + i : idx[off + i];
                    e.write(o, a, k);
                    sectionSize++;
                }
            } catch (IOException x) {
                throw new DynamicBufferException("cannot write the dynamic buffer: " + x, x);
            }
        } else {
            throw new TypeMismatchException("cannot write " + e.label + " elements to a section of " + section);
        }
    }

    /** Reads the next {@code n} elements into {@code a[k]} ({@code k} as for {@link #put}). */
    private void get(Type section, Elem e, Object a, int[] idx, int off, int n) throws BufferException {
        if (section == e.staticType) {
            ByteBuffer v = view;
            int at = bufoffset + readPtr;
            for (int i = 0; i < n; i++, at += e.size) {
                int k = idx == null ? off + i : idx[off + i];
                e.get(v, at, a, k);
            }
            readPtr += e.size * n;
            elementsRemaining -= n;
        } else if (section == e.dynamicType) {
            try {
                ObjectInputStream in = dynamic.in();
                for (int i = 0; i < n; i++) {
                    int k = idx == null ? off + i : idx[off + i];
                    e.read(in, a, k);
                    elementsRemaining--;
                }
            } catch (IOException x) {
                throw new DynamicBufferException("cannot read the dynamic buffer: " + x, x);
            }
        } else {
            throw new TypeMismatchException("cannot read " + e.label + " elements from a section of " + section);
        }
    }

    // ---------------------------------------------------------------- byte

    /** Appends {@code source[srcOff .. srcOff+numEls-1]} to the current section ({@code BYTE} or {@code BYTE_DYNAMIC}). */
    public void write(byte[] source, int srcOff, int numEls) throws BufferException {
        write(Elem.BYTE, source, srcOff, numEls);
    }

    /** Appends {@code source[indexes[idxOff]] .. source[indexes[idxOff+numEls-1]]} to the current section. */
    public void gather(byte[] source, int numEls, int idxOff, int[] indexes) throws BufferException {
        gather(Elem.BYTE, source, numEls, idxOff, indexes);
    }

    /** Appends the multi-strided region of {@code source} described by {@code shape} (see the class comment). */
    public void strGather(byte[] source, int srcOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strGather(Elem.BYTE, source, srcOff, rank, exts, strs, shape);
    }

    /** Reads the next {@code numEls} elements of the current section into {@code dest[dstOff ..]}. */
    public void read(byte[] dest, int dstOff, int numEls) throws BufferException {
        read(Elem.BYTE, dest, dstOff, numEls);
    }

    /** Reads the next {@code numEls} elements into {@code dest[indexes[idxOff]] ..}. */
    public void scatter(byte[] dest, int numEls, int idxOff, int[] indexes) throws BufferException {
        scatter(Elem.BYTE, dest, numEls, idxOff, indexes);
    }

    /** Reads elements into the multi-strided region of {@code dest} described by {@code shape}. */
    public void strScatter(byte[] dest, int dstOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strScatter(Elem.BYTE, dest, dstOff, rank, exts, strs, shape);
    }

    // ---------------------------------------------------------------- char

    /** Appends {@code source[srcOff .. srcOff+numEls-1]} to the current section ({@code CHAR} or {@code CHAR_DYNAMIC}). */
    public void write(char[] source, int srcOff, int numEls) throws BufferException {
        write(Elem.CHAR, source, srcOff, numEls);
    }

    /** Appends {@code source[indexes[idxOff]] .. source[indexes[idxOff+numEls-1]]} to the current section. */
    public void gather(char[] source, int numEls, int idxOff, int[] indexes) throws BufferException {
        gather(Elem.CHAR, source, numEls, idxOff, indexes);
    }

    /** Appends the multi-strided region of {@code source} described by {@code shape} (see the class comment). */
    public void strGather(char[] source, int srcOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strGather(Elem.CHAR, source, srcOff, rank, exts, strs, shape);
    }

    /** Reads the next {@code numEls} elements of the current section into {@code dest[dstOff ..]}. */
    public void read(char[] dest, int dstOff, int numEls) throws BufferException {
        read(Elem.CHAR, dest, dstOff, numEls);
    }

    /** Reads the next {@code numEls} elements into {@code dest[indexes[idxOff]] ..}. */
    public void scatter(char[] dest, int numEls, int idxOff, int[] indexes) throws BufferException {
        scatter(Elem.CHAR, dest, numEls, idxOff, indexes);
    }

    /** Reads elements into the multi-strided region of {@code dest} described by {@code shape}. */
    public void strScatter(char[] dest, int dstOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strScatter(Elem.CHAR, dest, dstOff, rank, exts, strs, shape);
    }

    // ---------------------------------------------------------------- short

    /** Appends {@code source[srcOff .. srcOff+numEls-1]} to the current section ({@code SHORT} or {@code SHORT_DYNAMIC}). */
    public void write(short[] source, int srcOff, int numEls) throws BufferException {
        write(Elem.SHORT, source, srcOff, numEls);
    }

    /** Appends {@code source[indexes[idxOff]] .. source[indexes[idxOff+numEls-1]]} to the current section. */
    public void gather(short[] source, int numEls, int idxOff, int[] indexes) throws BufferException {
        gather(Elem.SHORT, source, numEls, idxOff, indexes);
    }

    /** Appends the multi-strided region of {@code source} described by {@code shape} (see the class comment). */
    public void strGather(short[] source, int srcOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strGather(Elem.SHORT, source, srcOff, rank, exts, strs, shape);
    }

    /** Reads the next {@code numEls} elements of the current section into {@code dest[dstOff ..]}. */
    public void read(short[] dest, int dstOff, int numEls) throws BufferException {
        read(Elem.SHORT, dest, dstOff, numEls);
    }

    /** Reads the next {@code numEls} elements into {@code dest[indexes[idxOff]] ..}. */
    public void scatter(short[] dest, int numEls, int idxOff, int[] indexes) throws BufferException {
        scatter(Elem.SHORT, dest, numEls, idxOff, indexes);
    }

    /** Reads elements into the multi-strided region of {@code dest} described by {@code shape}. */
    public void strScatter(short[] dest, int dstOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strScatter(Elem.SHORT, dest, dstOff, rank, exts, strs, shape);
    }

    // ---------------------------------------------------------------- boolean

    /** Appends {@code source[srcOff .. srcOff+numEls-1]} to the current section ({@code BOOLEAN} or {@code BOOLEAN_DYNAMIC}). */
    public void write(boolean[] source, int srcOff, int numEls) throws BufferException {
        write(Elem.BOOLEAN, source, srcOff, numEls);
    }

    /** Appends {@code source[indexes[idxOff]] .. source[indexes[idxOff+numEls-1]]} to the current section. */
    public void gather(boolean[] source, int numEls, int idxOff, int[] indexes) throws BufferException {
        gather(Elem.BOOLEAN, source, numEls, idxOff, indexes);
    }

    /** Appends the multi-strided region of {@code source} described by {@code shape} (see the class comment). */
    public void strGather(boolean[] source, int srcOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strGather(Elem.BOOLEAN, source, srcOff, rank, exts, strs, shape);
    }

    /** Reads the next {@code numEls} elements of the current section into {@code dest[dstOff ..]}. */
    public void read(boolean[] dest, int dstOff, int numEls) throws BufferException {
        read(Elem.BOOLEAN, dest, dstOff, numEls);
    }

    /** Reads the next {@code numEls} elements into {@code dest[indexes[idxOff]] ..}. */
    public void scatter(boolean[] dest, int numEls, int idxOff, int[] indexes) throws BufferException {
        scatter(Elem.BOOLEAN, dest, numEls, idxOff, indexes);
    }

    /** Reads elements into the multi-strided region of {@code dest} described by {@code shape}. */
    public void strScatter(boolean[] dest, int dstOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strScatter(Elem.BOOLEAN, dest, dstOff, rank, exts, strs, shape);
    }

    // ---------------------------------------------------------------- int

    /** Appends {@code source[srcOff .. srcOff+numEls-1]} to the current section ({@code INT} or {@code INT_DYNAMIC}). */
    public void write(int[] source, int srcOff, int numEls) throws BufferException {
        write(Elem.INT, source, srcOff, numEls);
    }

    /** Appends {@code source[indexes[idxOff]] .. source[indexes[idxOff+numEls-1]]} to the current section. */
    public void gather(int[] source, int numEls, int idxOff, int[] indexes) throws BufferException {
        gather(Elem.INT, source, numEls, idxOff, indexes);
    }

    /** Appends the multi-strided region of {@code source} described by {@code shape} (see the class comment). */
    public void strGather(int[] source, int srcOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strGather(Elem.INT, source, srcOff, rank, exts, strs, shape);
    }

    /** Reads the next {@code numEls} elements of the current section into {@code dest[dstOff ..]}. */
    public void read(int[] dest, int dstOff, int numEls) throws BufferException {
        read(Elem.INT, dest, dstOff, numEls);
    }

    /** Reads the next {@code numEls} elements into {@code dest[indexes[idxOff]] ..}. */
    public void scatter(int[] dest, int numEls, int idxOff, int[] indexes) throws BufferException {
        scatter(Elem.INT, dest, numEls, idxOff, indexes);
    }

    /** Reads elements into the multi-strided region of {@code dest} described by {@code shape}. */
    public void strScatter(int[] dest, int dstOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strScatter(Elem.INT, dest, dstOff, rank, exts, strs, shape);
    }

    // ---------------------------------------------------------------- long

    /** Appends {@code source[srcOff .. srcOff+numEls-1]} to the current section ({@code LONG} or {@code LONG_DYNAMIC}). */
    public void write(long[] source, int srcOff, int numEls) throws BufferException {
        write(Elem.LONG, source, srcOff, numEls);
    }

    /** Appends {@code source[indexes[idxOff]] .. source[indexes[idxOff+numEls-1]]} to the current section. */
    public void gather(long[] source, int numEls, int idxOff, int[] indexes) throws BufferException {
        gather(Elem.LONG, source, numEls, idxOff, indexes);
    }

    /** Appends the multi-strided region of {@code source} described by {@code shape} (see the class comment). */
    public void strGather(long[] source, int srcOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strGather(Elem.LONG, source, srcOff, rank, exts, strs, shape);
    }

    /** Reads the next {@code numEls} elements of the current section into {@code dest[dstOff ..]}. */
    public void read(long[] dest, int dstOff, int numEls) throws BufferException {
        read(Elem.LONG, dest, dstOff, numEls);
    }

    /** Reads the next {@code numEls} elements into {@code dest[indexes[idxOff]] ..}. */
    public void scatter(long[] dest, int numEls, int idxOff, int[] indexes) throws BufferException {
        scatter(Elem.LONG, dest, numEls, idxOff, indexes);
    }

    /** Reads elements into the multi-strided region of {@code dest} described by {@code shape}. */
    public void strScatter(long[] dest, int dstOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strScatter(Elem.LONG, dest, dstOff, rank, exts, strs, shape);
    }

    // ---------------------------------------------------------------- float

    /** Appends {@code source[srcOff .. srcOff+numEls-1]} to the current section ({@code FLOAT} or {@code FLOAT_DYNAMIC}). */
    public void write(float[] source, int srcOff, int numEls) throws BufferException {
        write(Elem.FLOAT, source, srcOff, numEls);
    }

    /** Appends {@code source[indexes[idxOff]] .. source[indexes[idxOff+numEls-1]]} to the current section. */
    public void gather(float[] source, int numEls, int idxOff, int[] indexes) throws BufferException {
        gather(Elem.FLOAT, source, numEls, idxOff, indexes);
    }

    /** Appends the multi-strided region of {@code source} described by {@code shape} (see the class comment). */
    public void strGather(float[] source, int srcOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strGather(Elem.FLOAT, source, srcOff, rank, exts, strs, shape);
    }

    /** Reads the next {@code numEls} elements of the current section into {@code dest[dstOff ..]}. */
    public void read(float[] dest, int dstOff, int numEls) throws BufferException {
        read(Elem.FLOAT, dest, dstOff, numEls);
    }

    /** Reads the next {@code numEls} elements into {@code dest[indexes[idxOff]] ..}. */
    public void scatter(float[] dest, int numEls, int idxOff, int[] indexes) throws BufferException {
        scatter(Elem.FLOAT, dest, numEls, idxOff, indexes);
    }

    /** Reads elements into the multi-strided region of {@code dest} described by {@code shape}. */
    public void strScatter(float[] dest, int dstOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strScatter(Elem.FLOAT, dest, dstOff, rank, exts, strs, shape);
    }

    // ---------------------------------------------------------------- double

    /** Appends {@code source[srcOff .. srcOff+numEls-1]} to the current section ({@code DOUBLE} or {@code DOUBLE_DYNAMIC}). */
    public void write(double[] source, int srcOff, int numEls) throws BufferException {
        write(Elem.DOUBLE, source, srcOff, numEls);
    }

    /** Appends {@code source[indexes[idxOff]] .. source[indexes[idxOff+numEls-1]]} to the current section. */
    public void gather(double[] source, int numEls, int idxOff, int[] indexes) throws BufferException {
        gather(Elem.DOUBLE, source, numEls, idxOff, indexes);
    }

    /** Appends the multi-strided region of {@code source} described by {@code shape} (see the class comment). */
    public void strGather(double[] source, int srcOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strGather(Elem.DOUBLE, source, srcOff, rank, exts, strs, shape);
    }

    /** Reads the next {@code numEls} elements of the current section into {@code dest[dstOff ..]}. */
    public void read(double[] dest, int dstOff, int numEls) throws BufferException {
        read(Elem.DOUBLE, dest, dstOff, numEls);
    }

    /** Reads the next {@code numEls} elements into {@code dest[indexes[idxOff]] ..}. */
    public void scatter(double[] dest, int numEls, int idxOff, int[] indexes) throws BufferException {
        scatter(Elem.DOUBLE, dest, numEls, idxOff, indexes);
    }

    /** Reads elements into the multi-strided region of {@code dest} described by {@code shape}. */
    public void strScatter(double[] dest, int dstOff, int rank, int exts, int strs, int[] shape) throws BufferException {
        strScatter(Elem.DOUBLE, dest, dstOff, rank, exts, strs, shape);
    }
}
