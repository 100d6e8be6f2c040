package mpjbuf;

/**
 * The type of a buffer section, given to {@link Buffer#putSectionHeader} and returned by
 * {@link Buffer#getSectionHeader}. A static section ({@code BYTE} ... {@code DOUBLE}) holds its
 * elements in the buffer's static part; a dynamic one ({@code OBJECT}, {@code *_DYNAMIC}) holds them,
 * serialized, in the dynamic part. The codes are those MPJ Express writes into a section header.
 * Immutable constants; safe from any thread.
 */
public final class Type {
    public static final Type BYTE = new Type(0, "BYTE", 1);
    public static final Type CHAR = new Type(1, "CHAR", 2);
    public static final Type SHORT = new Type(2, "SHORT", 2);
    public static final Type BOOLEAN = new Type(3, "BOOLEAN", 1);
    public static final Type INT = new Type(4, "INT", 4);
    public static final Type LONG = new Type(5, "LONG", 8);
    public static final Type FLOAT = new Type(6, "FLOAT", 4);
    public static final Type DOUBLE = new Type(7, "DOUBLE", 8);

    public static final Type OBJECT = new Type(8, "OBJECT", 0);

    public static final Type BYTE_DYNAMIC = new Type(9, "BYTE_DYNAMIC", 0);
    public static final Type CHAR_DYNAMIC = new Type(10, "CHAR_DYNAMIC", 0);
    public static final Type SHORT_DYNAMIC = new Type(11, "SHORT_DYNAMIC", 0);
    public static final Type BOOLEAN_DYNAMIC = new Type(12, "BOOLEAN_DYNAMIC", 0);
    public static final Type INT_DYNAMIC = new Type(13, "INT_DYNAMIC", 0);
    public static final Type LONG_DYNAMIC = new Type(14, "LONG_DYNAMIC", 0);
    public static final Type FLOAT_DYNAMIC = new Type(15, "FLOAT_DYNAMIC", 0);
    public static final Type DOUBLE_DYNAMIC = new Type(16, "DOUBLE_DYNAMIC", 0);

    public static final Type UNDEFINED = new Type(17, "UNDEFINED", 0);

    private static final Type[] BY_CODE = {
        BYTE, CHAR, SHORT, BOOLEAN, INT, LONG, FLOAT, DOUBLE, OBJECT,
        BYTE_DYNAMIC, CHAR_DYNAMIC, SHORT_DYNAMIC, BOOLEAN_DYNAMIC, INT_DYNAMIC, LONG_DYNAMIC, FLOAT_DYNAMIC,
        DOUBLE_DYNAMIC, UNDEFINED};

    private final int code;
    private final String name;
    /** Bytes per element in the static part; 0 for a dynamic section. */
    private final int staticSize;

    private Type(int code, String name, int staticSize) {
        this.code = code;
        this.name = name;
        this.staticSize = staticSize;
    }

    /** The code stored in a section header. */
    public int getCode() {
        return code;
    }

    /**
     * The type with {@code code}.
     *
     * @throws ArrayIndexOutOfBoundsException when no type has that code (as MPJ Express's table lookup)
     */
    public static Type getType(int code) {
        if (code < 0 || code >= BY_CODE.length) {
            throw new ArrayIndexOutOfBoundsException("no section type has code " + code);
        }
        return BY_CODE[code];
    }

    int staticSize() {
        return staticSize;
    }

    boolean isStatic() {
        return staticSize > 0;
    }

    @Override
    public String toString() {
        return name;
    }
}
