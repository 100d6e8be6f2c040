package mpi;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A C-like struct laid out in bytes (Open MPI Java API): a subclass adds its fields ({@link #addInt()}, ...;
 * each returns the field's byte offset: fields follow one another without padding unless {@link #setOffset}
 * moves the next one), and reads and writes them through its {@link Data} views of a {@code ByteBuffer} or
 * {@code byte[]}. {@link #getType()} is the matching datatype (base type BYTE: count in structs).
 */
public abstract class Struct {
    private int extent;
    private final List<int[]> fields = new ArrayList<>(); // {offset, length}
    private final List<Datatype> types = new ArrayList<>();
    private Datatype type;
    private int typeExtent;

    /** The predefined pair types use MPI's own datatype (MPI.INT2, ...): null for program structs. */
    Datatype predefined() {
        return null;
    }

    private void commit() throws MPIException {
        if (type != null) {
            return;
        }
        Datatype fixed = predefined();
        if (fixed != null) {
            type = fixed;
        } else {
            int n = fields.size();
            int[] lengths = new int[n];
            int[] displs = new int[n];
            Datatype[] t = new Datatype[n];
            for (int i = 0; i < n; i++) {
                displs[i] = fields.get(i)[0];
                lengths[i] = fields.get(i)[1];
                t[i] = types.get(i);
            }
            Datatype d = Datatype.createStruct(lengths, displs, t);
            if (d.getExtent() < extent) { // setOffset past the last field: the struct's size includes the gap
                d = Datatype.createResized(d, 0, extent);
            }
            d.commit();
            type = d;
        }
        typeExtent = type.getExtent();
    }

    /** The struct's extent in bytes (its fields, and C's padding to the largest field's alignment). */
    public final int getExtent() throws MPIException {
        commit();
        return typeExtent;
    }

    /** The committed datatype of one struct. */
    public final Datatype getType() throws MPIException {
        commit();
        return type;
    }

    /** A new, unbound {@link Data} view of this struct's subclass. */
    protected abstract Data newData();

    @SuppressWarnings("unchecked")
    <T extends Data> T bind(ByteBuffer buffer, int offset) {
        Data d = newData();
        d.buffer = buffer;
        d.offset = offset;
        return (T) d;
    }

    /** The struct at the start of {@code buffer}. */
    public final <T extends Data> T getData(ByteBuffer buffer) throws MPIException {
        commit();
        return bind(buffer, 0);
    }

    /** Struct {@code index} of {@code buffer} (at {@code index * getExtent()} bytes). */
    public final <T extends Data> T getData(ByteBuffer buffer, int index) throws MPIException {
        return bind(buffer, Math.multiplyExact(index, getExtent()));
    }

    /** The struct at the start of {@code array} (native byte order). */
    public final <T extends Data> T getData(byte[] array) throws MPIException {
        commit();
        return bind(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()), 0);
    }

    /** Struct {@code index} of {@code array}. */
    public final <T extends Data> T getData(byte[] array, int index) throws MPIException {
        return bind(ByteBuffer.wrap(array).order(ByteOrder.nativeOrder()), Math.multiplyExact(index, getExtent()));
    }

    /** Moves the next field to byte {@code offset} (not before the fields added so far). */
    public final Struct setOffset(int offset) {
        if (offset < extent) {
            throw new IllegalArgumentException("The offset must be greater or equal to the extent (" + extent + ").");
        }
        extent = offset;
        return this;
    }

    private int add(Datatype t, int length, int size) {
        if (type != null) {
            throw new AssertionError("The struct type is already committed: add fields before using it.");
        }
        if (length < 0) {
            throw new IllegalArgumentException("negative length " + length);
        }
        int at = extent;
        fields.add(new int[] {at, length});
        types.add(t);
        extent = Math.addExact(at, Math.multiplyExact(size, length));
        return at;
    }

    public final int addByte() {
        return addByte(1);
    }

    public final int addByte(int length) {
        return add(MPI.BYTE, length, 1);
    }

    public final int addChar() {
        return addChar(1);
    }

    public final int addChar(int length) {
        return add(MPI.CHAR, length, 2);
    }

    public final int addShort() {
        return addShort(1);
    }

    public final int addShort(int length) {
        return add(MPI.SHORT, length, 2);
    }

    public final int addInt() {
        return addInt(1);
    }

    public final int addInt(int length) {
        return add(MPI.INT, length, 4);
    }

    public final int addLong() {
        return addLong(1);
    }

    public final int addLong(int length) {
        return add(MPI.LONG, length, 8);
    }

    public final int addFloat() {
        return addFloat(1);
    }

    public final int addFloat(int length) {
        return add(MPI.FLOAT, length, 4);
    }

    public final int addDouble() {
        return addDouble(1);
    }

    public final int addDouble(int length) {
        return add(MPI.DOUBLE, length, 8);
    }

    /** A field that is another struct. */
    public final int addStruct(Struct struct) throws MPIException {
        return addStruct(struct, 1);
    }

    public final int addStruct(Struct struct, int length) throws MPIException {
        return add(struct.getType(), length, struct.getExtent());
    }

    /** A field of any datatype ({@code type.getExtent()} base elements per item). */
    public final int addData(Datatype type) throws MPIException {
        return addData(type, 1);
    }

    public final int addData(Datatype type, int length) throws MPIException {
        return add(type, length, type.getExtent() * type.base().size());
    }

    /** A view of one struct in a buffer; subclasses add typed getters and setters over the struct's fields. */
    public abstract class Data {
        ByteBuffer buffer;
        int offset;

        /** The buffer from this struct on (the buffer itself at offset 0), for sends and receives. */
        public final ByteBuffer getBuffer() {
            return offset == 0 ? buffer : MPI.slice(buffer.duplicate(), offset);
        }

        protected final byte getByte(int field) {
            return buffer.get(offset + field);
        }

        protected final byte getByte(int field, int index) {
            return buffer.get(offset + field + index);
        }

        protected final void putByte(int field, byte v) {
            buffer.put(offset + field, v);
        }

        protected final void putByte(int field, int index, byte v) {
            buffer.put(offset + field + index, v);
        }

        protected final char getChar(int field) {
            return buffer.getChar(offset + field);
        }

        protected final char getChar(int field, int index) {
            return buffer.getChar(offset + field + index * 2);
        }

        protected final void putChar(int field, char v) {
            buffer.putChar(offset + field, v);
        }

        protected final void putChar(int field, int index, char v) {
            buffer.putChar(offset + field + index * 2, v);
        }

        protected final short getShort(int field) {
            return buffer.getShort(offset + field);
        }

        protected final short getShort(int field, int index) {
            return buffer.getShort(offset + field + index * 2);
        }

        protected final void putShort(int field, short v) {
            buffer.putShort(offset + field, v);
        }

        protected final void putShort(int field, int index, short v) {
            buffer.putShort(offset + field + index * 2, v);
        }

        protected final int getInt(int field) {
            return buffer.getInt(offset + field);
        }

        protected final int getInt(int field, int index) {
            return buffer.getInt(offset + field + index * 4);
        }

        protected final void putInt(int field, int v) {
            buffer.putInt(offset + field, v);
        }

        protected final void putInt(int field, int index, int v) {
            buffer.putInt(offset + field + index * 4, v);
        }

        protected final long getLong(int field) {
            return buffer.getLong(offset + field);
        }

        protected final long getLong(int field, int index) {
            return buffer.getLong(offset + field + index * 8);
        }

        protected final void putLong(int field, long v) {
            buffer.putLong(offset + field, v);
        }

        protected final void putLong(int field, int index, long v) {
            buffer.putLong(offset + field + index * 8, v);
        }

        protected final float getFloat(int field) {
            return buffer.getFloat(offset + field);
        }

        protected final float getFloat(int field, int index) {
            return buffer.getFloat(offset + field + index * 4);
        }

        protected final void putFloat(int field, float v) {
            buffer.putFloat(offset + field, v);
        }

        protected final void putFloat(int field, int index, float v) {
            buffer.putFloat(offset + field + index * 4, v);
        }

        protected final double getDouble(int field) {
            return buffer.getDouble(offset + field);
        }

        protected final double getDouble(int field, int index) {
            return buffer.getDouble(offset + field + index * 8);
        }

        protected final void putDouble(int field, double v) {
            buffer.putDouble(offset + field, v);
        }

        protected final void putDouble(int field, int index, double v) {
            buffer.putDouble(offset + field + index * 8, v);
        }

        /** The struct-typed field at byte {@code field}. */
        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field) {
            return struct.<D>bind(buffer, offset + field);
        }

        /** Element {@code index} of a struct-array field. */
        @SuppressWarnings("unchecked")
        protected final <S extends Struct, D extends Struct.Data> D getData(S struct, int field, int index) {
            try {
                return struct.<D>bind(buffer, offset + field + index * struct.getExtent());
            } catch (MPIException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }

        /** The buffer from the field at byte {@code field} on. */
        protected final ByteBuffer getBuffer(Datatype type, int field) {
            return MPI.slice(buffer.duplicate(), offset + field);
        }

        /** The buffer from element {@code index} of the field at byte {@code field}. */
        protected final ByteBuffer getBuffer(Datatype type, int field, int index) throws MPIException {
            return MPI.slice(buffer.duplicate(), offset + field + index * type.getExtent() * type.base().size());
        }
    }
}
