package mpjbuf;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;

/**
 * The primitive element types of a {@link Buffer}: each one's static and dynamic section types, its size in
 * the static part and how one element of its array moves. The accessors switch on the kind (no reflection),
 * so that {@link Buffer} has one generic body per operation instead of one per type. Immutable.
 */
enum Elem {
    BYTE(Type.BYTE, Type.BYTE_DYNAMIC, 1, "byte"),
    CHAR(Type.CHAR, Type.CHAR_DYNAMIC, 2, "char"),
    SHORT(Type.SHORT, Type.SHORT_DYNAMIC, 2, "short"),
    BOOLEAN(Type.BOOLEAN, Type.BOOLEAN_DYNAMIC, 1, "boolean"),
    INT(Type.INT, Type.INT_DYNAMIC, 4, "int"),
    LONG(Type.LONG, Type.LONG_DYNAMIC, 8, "long"),
    FLOAT(Type.FLOAT, Type.FLOAT_DYNAMIC, 4, "float"),
    DOUBLE(Type.DOUBLE, Type.DOUBLE_DYNAMIC, 8, "double");

    final Type staticType;
    final Type dynamicType;
    /** Bytes of one element in the static part. */
    final int size;
    /** The Java type's name, for messages. */
    final String label;

    Elem(Type staticType, Type dynamicType, int size, String label) {
        this.staticType = staticType;
        this.dynamicType = dynamicType;
        this.size = size;
        this.label = label;
    }

    int length(Object a) {
        return switch (this) {
            case BYTE -> ((byte[]) a).length;
            case CHAR -> ((char[]) a).length;
            case SHORT -> ((short[]) a).length;
            case BOOLEAN -> ((boolean[]) a).length;
            case INT -> ((int[]) a).length;
            case LONG -> ((long[]) a).length;
            case FLOAT -> ((float[]) a).length;
            case DOUBLE -> ((double[]) a).length;
        };
    }

    /** Puts {@code a[k]} into the static part at byte {@code at}. */
    void put(ByteBuffer v, int at, Object a, int k) {
        switch (this) {
            case BYTE -> v.put(at, ((byte[]) a)[k]);
            case CHAR -> v.putChar(at, ((char[]) a)[k]);
            case SHORT -> v.putShort(at, ((short[]) a)[k]);
            case BOOLEAN -> v.put(at, (byte) (((boolean[]) a)[k] ? 1 : 0));
            case INT -> v.putInt(at, ((int[]) a)[k]);
            case LONG -> v.putLong(at, ((long[]) a)[k]);
            case FLOAT -> v.putFloat(at, ((float[]) a)[k]);
            case DOUBLE -> v.putDouble(at, ((double[]) a)[k]);
        }
    }

    /** Gets {@code a[k]} from the static part at byte {@code at}. */
    void get(ByteBuffer v, int at, Object a, int k) {
        switch (this) {
            case BYTE -> ((byte[]) a)[k] = v.get(at);
            case CHAR -> ((char[]) a)[k] = v.getChar(at);
            case SHORT -> ((short[]) a)[k] = v.getShort(at);
            case BOOLEAN -> ((boolean[]) a)[k] = v.get(at) != 0;
            case INT -> ((int[]) a)[k] = v.getInt(at);
            case LONG -> ((long[]) a)[k] = v.getLong(at);
            case FLOAT -> ((float[]) a)[k] = v.getFloat(at);
            case DOUBLE -> ((double[]) a)[k] = v.getDouble(at);
        }
    }

    /** Writes {@code a[k]} to the dynamic part. */
    void write(ObjectOutputStream o, Object a, int k) throws IOException {
        switch (this) {
            case BYTE -> o.writeByte(((byte[]) a)[k]);
            case CHAR -> o.writeChar(((char[]) a)[k]);
            case SHORT -> o.writeShort(((short[]) a)[k]);
            case BOOLEAN -> o.writeBoolean(((boolean[]) a)[k]);
            case INT -> o.writeInt(((int[]) a)[k]);
            case LONG -> o.writeLong(((long[]) a)[k]);
            case FLOAT -> o.writeFloat(((float[]) a)[k]);
            case DOUBLE -> o.writeDouble(((double[]) a)[k]);
        }
    }

    /** Reads {@code a[k]} from the dynamic part. */
    void read(ObjectInputStream in, Object a, int k) throws IOException {
        switch (this) {
            case BYTE -> ((byte[]) a)[k] = in.readByte();
            case CHAR -> ((char[]) a)[k] = in.readChar();
            case SHORT -> ((short[]) a)[k] = in.readShort();
            case BOOLEAN -> ((boolean[]) a)[k] = in.readBoolean();
            case INT -> ((int[]) a)[k] = in.readInt();
            case LONG -> ((long[]) a)[k] = in.readLong();
            case FLOAT -> ((float[]) a)[k] = in.readFloat();
            case DOUBLE -> ((double[]) a)[k] = in.readDouble();
        }
    }
}
