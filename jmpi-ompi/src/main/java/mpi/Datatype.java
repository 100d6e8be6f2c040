package mpi;

import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.datatype.DatatypeException;
import jmpi.datatype.PackPlan;
import jmpi.datatype.TypeHandle;
import jmpi.datatype.TypeMap;

/**
 * An MPI datatype (Open MPI Java API). Every type has a <em>base type</em>, the Java element type of the
 * buffers it is used with ({@code int[]} or an {@code IntBuffer} for {@code MPI.INT} and every type built
 * from it; {@code byte[]} or a {@code ByteBuffer} for {@link #createStruct} types and the pair types
 * {@code MPI.INT2} ...; {@code float[]} for {@code MPI.FLOAT_COMPLEX}, two floats per value).
 *
 * <p>Units, as Open MPI's Java API has them: {@link #createVector} and {@link #createIndexed} count in extents
 * of the old type; {@link #createHVector}, {@link #createHIndexed}, {@link #createStruct} and
 * {@link #createResized} take <em>bytes</em>; the queries {@link #getSize}, {@link #getExtent}, {@link #getLb},
 * {@link #getTrueLb}, {@link #getTrueExtent} answer in elements of the base type (bytes divided by the base
 * type's size: {@code MPI.INT.getExtent()} is 1, {@code MPI.INT2.getExtent()} 8). A byte displacement that
 * is not a whole number of base elements of a typed (non-byte) type is {@code ERR_ARG}: Java arrays cannot
 * hold an {@code int} at an odd byte.
 *
 * <p>Internally the type is a jmpi type map in base elements ({@link TypeMap}); a struct's fields of any
 * type become their bytes ({@link TypeMap#inBytes}). Thread-safe after commit.
 */
public final class Datatype implements Freeable, Cloneable {
    // Open MPI's base-type codes (protected in its API).
    protected static final int NULL = 0;
    protected static final int BYTE = 1;
    protected static final int CHAR = 2;
    protected static final int SHORT = 3;
    protected static final int BOOLEAN = 4;
    protected static final int INT = 5;
    protected static final int LONG = 6;
    protected static final int FLOAT = 7;
    protected static final int DOUBLE = 8;
    protected static final int PACKED = 9;
    protected static final int INT2 = 10;
    protected static final int SHORT_INT = 11;
    protected static final int LONG_INT = 12;
    protected static final int FLOAT_INT = 13;
    protected static final int DOUBLE_INT = 14;
    protected static final int FLOAT_COMPLEX = 15;
    protected static final int DOUBLE_COMPLEX = 16;

    /** The element type of this type's buffers (null for {@code MPI.DATATYPE_NULL}). */
    private final BasicType base;
    private volatile TypeHandle handle;
    private final boolean predefined;
    /** For MAXLOC / MINLOC: the value type of a pair type ({@code MPI.INT2}, ...), else null. */
    private final BasicType pairValue;
    /** True for the complex types (PROD multiplies complex numbers). */
    private final boolean complex;
    /** True when the bytes of this type are typed fields (a struct): no predefined arithmetic on them. */
    private final boolean structured;
    private volatile String name;
    private final Attributes attributes = new Attributes();
    /** The alignment C gives the type's largest field, in bytes (pads a struct's extent, as MPI does). */
    private int align;

    private Datatype(BasicType base, TypeHandle handle, boolean predefined, BasicType pairValue, boolean complex,
                     boolean structured, String name) {
        this.align = base == null ? 1 : pairValue != null ? Math.max(4, pairValue.size()) : base.size();
        this.base = base;
        this.handle = handle;
        this.predefined = predefined;
        this.pairValue = pairValue;
        this.complex = complex;
        this.structured = structured;
        this.name = name;
    }

    /** A predefined basic type. */
    static Datatype basic(BasicType t, String name) {
        return new Datatype(t, TypeHandle.predefined(t, name), true, null, false, false, name);
    }

    /** MPI.DATATYPE_NULL. */
    static Datatype nullType() {
        return new Datatype(null, null, true, null, false, false, "MPI_DATATYPE_NULL");
    }

    /** A predefined complex type: two elements of {@code t} per value. */
    static Datatype complex(BasicType t, String name) {
        TypeHandle h = TypeHandle.derived(TypeMap.contiguous(2, TypeMap.of(t)), name);
        h.commit();
        return new Datatype(t, h, true, null, true, false, name);
    }

    /**
     * A predefined pair type of C's layout on LP64 ({@code struct { T value; int index; }}): the value's bytes at
     * 0, the int's at {@code indexAt}, extent {@code extent} bytes; base type BYTE.
     */
    static Datatype pair(BasicType value, int indexAt, int extent, String name) {
        TypeMap bytes = TypeMap.of(BasicType.BYTE);
        TypeMap fields = TypeMap.struct(new int[] {value.size(), 4}, new int[] {0, indexAt},
                new TypeMap[] {bytes, bytes});
        TypeHandle h = TypeHandle.derived(TypeMap.resized(fields, 0, extent), name);
        h.commit();
        return new Datatype(BasicType.BYTE, h, true, value, false, true, name);
    }

    // ------------------------------------------------------------------ internal views

    BasicType base() throws MPIException {
        live();
        return base;
    }

    /** The committed plan; null for a predefined basic type (contiguous elements). */
    PackPlan plan() throws MPIException {
        TypeHandle h = live();
        if (predefined && pairValue == null && !complex) {
            return null;
        }
        try {
            return h.plan();
        } catch (DatatypeException e) {
            throw MPIException.of(error(e));
        }
    }

    /** Base elements one item holds. */
    int elementsPerItem() throws MPIException {
        return map().elementCount();
    }

    /** True when {@code count} items at offset 0 are exactly {@code count * elementsPerItem()} consecutive elements. */
    boolean contiguous() throws MPIException {
        TypeMap m = map();
        return plan() == null || (plan().isDense() && m.trueLb() == 0 && m.extent() == m.elementCount());
    }

    BasicType pairValue() {
        return pairValue;
    }

    boolean isComplex() {
        return complex;
    }

    boolean structured() {
        return structured;
    }

    boolean predefined() {
        return predefined;
    }

    private TypeHandle live() throws MPIException {
        MPI.check();
        TypeHandle h = handle;
        if (h == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, base == null ? "MPI.DATATYPE_NULL is the null datatype"
                    : name + " has been freed");
        }
        return h;
    }

    private TypeMap map() throws MPIException {
        try {
            return live().map();
        } catch (DatatypeException e) {
            throw MPIException.of(error(e));
        }
    }

    static MpiError error(DatatypeException e) {
        return new MpiError(ErrorClass.valueOf(e.errorClass().name()), e.getMessage(), e);
    }

    // ------------------------------------------------------------------ queries

    /** MPI_Type_get_extent's lower bound, in base elements. */
    public int getLb() throws MPIException {
        return map().lb();
    }

    /** MPI_Type_get_extent's extent, in base elements. */
    public int getExtent() throws MPIException {
        return map().extent();
    }

    /** MPI_Type_get_true_extent's lower bound, in base elements. */
    public int getTrueLb() throws MPIException {
        return map().trueLb();
    }

    /** MPI_Type_get_true_extent's extent, in base elements. */
    public int getTrueExtent() throws MPIException {
        TypeMap m = map();
        return m.trueUb() - m.trueLb();
    }

    /** MPI_Type_size, in base elements (the data one item holds). */
    public int getSize() throws MPIException {
        return map().elementCount();
    }

    /** MPI_Type_commit. */
    public void commit() throws MPIException {
        try {
            live().commit();
        } catch (DatatypeException e) {
            throw MPIException.of(error(e));
        }
    }

    /** MPI_Type_free: the type is unusable afterwards; types built from it stay valid. */
    @Override
    public void free() throws MPIException {
        TypeHandle h = live();
        if (predefined) {
            throw MPIException.of(ErrorClass.ERR_TYPE, name + " is predefined: it cannot be freed");
        }
        h.free();
        handle = null;
    }

    /** True for {@code MPI.DATATYPE_NULL} and freed types. */
    public boolean isNull() {
        return handle == null;
    }

    /** MPI_Type_dup, as a RuntimeException on error (Open MPI's clone). */
    @Override
    public Datatype clone() {
        try {
            return dup();
        } catch (MPIException e) {
            throw new RuntimeException(e.getMessage(), e);
        }
    }

    /** MPI_Type_dup: a new type with the same layout, committed if this one is, with a copy of the attributes. */
    public Datatype dup() throws MPIException {
        TypeHandle h = live();
        TypeHandle copy;
        try {
            copy = TypeHandle.derived(h.map(), name);
            if (h.committed()) {
                copy.commit();
            }
        } catch (DatatypeException e) {
            throw MPIException.of(error(e));
        }
        Datatype d = new Datatype(base, copy, false, pairValue, complex, structured, name);
        d.align = align;
        attributes.copyTo(d.attributes);
        return d;
    }

    /** MPI_Type_set_name. */
    public void setName(String name) throws MPIException {
        live();
        if (name == null) {
            throw MPIException.of(ErrorClass.ERR_ARG, "the name is null");
        }
        this.name = name;
    }

    /** MPI_Type_get_name. */
    public String getName() throws MPIException {
        MPI.check();
        return name;
    }

    // ------------------------------------------------------------------ constructors

    private static Datatype derive(Datatype old, java.util.function.Function<TypeMap, TypeMap> build, String what)
            throws MPIException {
        if (old == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, what + ": the old type is null");
        }
        TypeMap map = old.map();
        try {
            Datatype d = new Datatype(old.base, TypeHandle.derived(build.apply(map), what), false, null, false,
                    old.structured, what);
            d.align = old.align;
            return d;
        } catch (DatatypeException e) {
            throw MPIException.of(error(e));
        }
    }

    /** MPI_Type_contiguous. */
    public static Datatype createContiguous(int count, Datatype oldType) throws MPIException {
        return derive(oldType, m -> TypeMap.contiguous(count, m), "Contiguous(" + count + ", " + oldType + ")");
    }

    /** MPI_Type_vector: {@code stride} in extents of the old type. */
    public static Datatype createVector(int count, int blockLength, int stride, Datatype oldType) throws MPIException {
        return derive(oldType, m -> TypeMap.vector(count, blockLength, stride, m),
                "Vector(" + count + ", " + blockLength + ", " + stride + ", " + oldType + ")");
    }

    /** MPI_Type_create_hvector: {@code stride} in bytes. */
    public static Datatype createHVector(int count, int blockLength, int stride, Datatype oldType) throws MPIException {
        int s = elementsOf(stride, oldType, "createHVector stride");
        return derive(oldType, m -> TypeMap.hvector(count, blockLength, s, m),
                "HVector(" + count + ", " + blockLength + ", " + stride + " bytes, " + oldType + ")");
    }

    /** MPI_Type_indexed: displacements in extents of the old type. */
    public static Datatype createIndexed(int[] blockLengths, int[] displacements, Datatype oldType) throws MPIException {
        return derive(oldType, m -> TypeMap.indexed(blockLengths, displacements, m), "Indexed(" + oldType + ")");
    }

    /** MPI_Type_create_hindexed: displacements in bytes. */
    public static Datatype createHIndexed(int[] blockLengths, int[] displacements, Datatype oldType)
            throws MPIException {
        if (displacements == null) {
            throw MPIException.of(ErrorClass.ERR_ARG, "createHIndexed: the displacements are null");
        }
        int[] d = new int[displacements.length];
        for (int i = 0; i < d.length; i++) {
            d[i] = elementsOf(displacements[i], oldType, "createHIndexed displacements[" + i + "]");
        }
        return derive(oldType, m -> TypeMap.hindexed(blockLengths, d, m), "HIndexed(" + oldType + ")");
    }

    /**
     * MPI_Type_create_struct: block i is {@code blockLengths[i]} items of {@code types[i]} at byte
     * {@code displacements[i]}. The result's base type is BYTE (its buffers are {@code byte[]} or
     * {@code ByteBuffer}s), whatever the fields' types, as in Open MPI.
     */
    public static Datatype createStruct(int[] blockLengths, int[] displacements, Datatype[] types)
            throws MPIException {
        MPI.check();
        if (types == null) {
            throw MPIException.of(ErrorClass.ERR_ARG, "createStruct: the types are null");
        }
        TypeMap[] maps = new TypeMap[types.length];
        for (int i = 0; i < types.length; i++) {
            if (types[i] == null) {
                throw MPIException.of(ErrorClass.ERR_TYPE, "createStruct: types[" + i + "] is null");
            }
            try {
                maps[i] = types[i].map().inBytes();
            } catch (DatatypeException e) {
                throw MPIException.of(error(e));
            }
        }
        int align = 1;
        for (Datatype t : types) {
            align = Math.max(align, t.align);
        }
        try {
            TypeMap map = TypeMap.struct(blockLengths, displacements, maps);
            if (!map.hasExplicitUb() && map.extent() % align != 0) { // C's padding of the struct to its alignment
                map = TypeMap.resized(map, map.lb(), map.extent() + align - Math.floorMod(map.extent(), align));
            }
            Datatype d = new Datatype(BasicType.BYTE, TypeHandle.derived(map, "Struct"), false, null, false, true,
                    "Struct");
            d.align = align;
            return d;
        } catch (DatatypeException e) {
            throw MPIException.of(error(e));
        }
    }

    /** MPI_Type_create_resized: lower bound and extent in bytes. */
    public static Datatype createResized(Datatype oldType, int lb, int extent) throws MPIException {
        int l = elementsOf(lb, oldType, "createResized lb");
        int e = elementsOf(extent, oldType, "createResized extent");
        return derive(oldType, m -> TypeMap.resized(m, l, e), "Resized(" + oldType + ", " + lb + ", " + extent + ")");
    }

    /** {@code bytes} in base elements of {@code type}; ERR_ARG when not a whole number of them. */
    private static int elementsOf(int bytes, Datatype type, String what) throws MPIException {
        if (type == null) {
            throw MPIException.of(ErrorClass.ERR_TYPE, what + ": the old type is null");
        }
        int size = type.base().size();
        if (bytes % size != 0) {
            throw MPIException.of(ErrorClass.ERR_ARG, what + " of " + bytes + " bytes is not a whole number of "
                    + size + "-byte elements of " + type + " (a Java " + type.base().arrayClass().getSimpleName()
                    + " cannot hold an element there)");
        }
        return bytes / size;
    }

    // ------------------------------------------------------------------ attributes

    /** MPI_Type_create_keyval. */
    public static int createKeyval() throws MPIException {
        MPI.check();
        return Attributes.createKeyval();
    }

    /** MPI_Type_free_keyval. */
    public static void freeKeyval(int keyval) throws MPIException {
        MPI.check();
        Attributes.freeKeyval(keyval);
    }

    /** MPI_Type_set_attr (the value is kept as a serialized copy, as Open MPI keeps it). */
    public void setAttr(int keyval, Object value) throws MPIException {
        live();
        attributes.set(keyval, value);
    }

    /** MPI_Type_get_attr: null when not set. */
    public Object getAttr(int keyval) throws MPIException {
        live();
        return attributes.get(keyval);
    }

    /** MPI_Type_delete_attr. */
    public void deleteAttr(int keyval) throws MPIException {
        live();
        attributes.delete(keyval);
    }

    @Override
    public String toString() {
        return name;
    }
}
