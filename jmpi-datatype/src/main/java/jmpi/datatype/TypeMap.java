package jmpi.datatype;

import java.util.EnumMap;
import java.util.Map;

/**
 * An immutable MPI type map with mpiJava 1.2 semantics: every displacement, stride, lower and upper
 * bound and extent is counted in <em>elements of the buffer's Java array</em>, not in bytes, and every
 * data entry of a type is of one base {@link BasicType} (the array's), except the {@link #LB} and
 * {@link #UB} markers, which carry no data.
 *
 * <p>The constructors mirror {@code mpi.Datatype}: {@link #contiguous}, {@link #vector},
 * {@link #hvector}, {@link #indexed}, {@link #hindexed} and {@link #struct}. As the mpiJava 1.2
 * specification says, the "h" variants take their strides and displacements in elements of the base
 * type (not in bytes, as other bindings do, and not in multiples of the old type's extent, as
 * {@link #vector} and {@link #indexed} do). Block lengths and counts may be zero; strides
 * and displacements may be negative (the accesses a type makes are checked against the array only
 * when it is used, by {@link PackPlan}).
 *
 * <p>Bounds follow the MPI standard (MPI-1 3.12.3) with every element of size 1 and no alignment
 * padding: {@code lb} is the lowest displacement of any entry (data or marker) unless the type map
 * holds {@code LB} markers, in which case it is the lowest of those; {@code ub} is the highest
 * {@code displacement + 1} of a data entry, or displacement of a marker, unless the type map holds
 * {@code UB} markers, in which case it is the highest of those; {@code extent = ub - lb}. An empty type
 * map has {@code lb = ub = 0}. Markers are inherited by derived types, as in MPI.
 *
 * <p>Every constructor fails with a {@link DatatypeException}: {@code ERR_TYPE} for a null or mixed
 * base type, {@code ERR_COUNT} for a negative count, {@code ERR_ARG} for a negative block length,
 * arrays of different lengths, or a type whose
 * bounds or number of elements do not fit an {@code int}. Thread-safe (immutable).
 */
public final class TypeMap {
    /** The lower-bound marker {@code MPI.LB}: no data, extent 0. */
    public static final TypeMap LB = new TypeMap(Marker.LB);
    /** The upper-bound marker {@code MPI.UB}: no data, extent 0. */
    public static final TypeMap UB = new TypeMap(Marker.UB);

    private static final Map<BasicType, TypeMap> BASIC = new EnumMap<>(BasicType.class);

    static {
        for (BasicType t : BasicType.values()) {
            BASIC.put(t, new TypeMap(t));
        }
    }

    /** How a type map is built from others; {@link #emit} flattens it. */
    sealed interface Node permits Basic, Marker, Vector, Blocks, Resized {
    }

    /** {@code old}'s data with bounds set to {@code [lb, lb + extent)} (MPI_Type_create_resized). */
    record Resized(TypeMap old, long lb, long extent) implements Node {
    }

    record Basic(BasicType type) implements Node {
    }

    enum Marker implements Node { LB, UB }

    /** {@code count} blocks {@code stride} elements apart, each of {@code blocklength} copies of old. */
    record Vector(int count, int blocklength, long stride, TypeMap old) implements Node {
    }

    /** Block k: {@code blocklengths[k]} copies of {@code types[k]} from displacement {@code displacements[k]}. */
    record Blocks(int[] blocklengths, long[] displacements, TypeMap[] types) implements Node {
    }

    private final Node node;
    private final BasicType base;
    private final int elements;
    private final boolean hasData;
    private final int dataLo;
    private final int dataHi;
    private final boolean hasEntries;
    private final int allLo;
    private final int allHi;
    private final boolean hasMarkLb;
    private final int markLb;
    private final boolean hasMarkUb;
    private final int markUb;
    /** The data entries, in type-map order, are dataLo, dataLo+1, ..., dataHi-1 (each once). */
    private final boolean contiguousData;

    private TypeMap(BasicType basic) {
        this.node = new Basic(basic);
        this.base = basic;
        this.elements = 1;
        this.hasData = true;
        this.dataLo = 0;
        this.dataHi = 1;
        this.hasEntries = true;
        this.allLo = 0;
        this.allHi = 1;
        this.hasMarkLb = false;
        this.markLb = 0;
        this.hasMarkUb = false;
        this.markUb = 0;
        this.contiguousData = true;
    }

    private TypeMap(Marker marker) {
        this.node = marker;
        this.base = null;
        this.elements = 0;
        this.hasData = false;
        this.dataLo = 0;
        this.dataHi = 0;
        this.hasEntries = true;
        this.allLo = 0;
        this.allHi = 0;
        this.hasMarkLb = marker == Marker.LB;
        this.markLb = 0;
        this.hasMarkUb = marker == Marker.UB;
        this.markUb = 0;
        this.contiguousData = false;
    }

    private TypeMap(Node node, BasicType base, Bounds b, boolean contiguousData) {
        this.node = node;
        this.base = base;
        this.elements = fit(b.elements, "number of elements");
        this.hasData = b.hasData;
        this.dataLo = b.hasData ? fit(b.dataLo, "lower bound") : 0;
        this.dataHi = b.hasData ? fit(b.dataHi, "upper bound") : 0;
        this.hasEntries = b.hasEntries;
        this.allLo = b.hasEntries ? fit(b.allLo, "lower bound") : 0;
        this.allHi = b.hasEntries ? fit(b.allHi, "upper bound") : 0;
        this.hasMarkLb = b.hasMarkLb;
        this.markLb = b.hasMarkLb ? fit(b.markLb, "lower bound") : 0;
        this.hasMarkUb = b.hasMarkUb;
        this.markUb = b.hasMarkUb ? fit(b.markUb, "upper bound") : 0;
        this.contiguousData = contiguousData && this.hasData && this.elements == this.dataHi - this.dataLo;
        fit((long) ub() - lb(), "extent");
    }

    /** The type map of one element of a basic type (extent 1, size {@code type.size()}). */
    public static TypeMap of(BasicType type) {
        if (type == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "basic type is null");
        }
        return BASIC.get(type);
    }

    /** MPI_Type_contiguous: {@code count} copies of {@code old}, each {@code old.extent()} after the last. */
    public static TypeMap contiguous(int count, TypeMap old) {
        checkOld(old);
        checkCount(count, "count");
        return vectorOf(1, count, 0, old);
    }

    /**
     * MPI_Type_vector: {@code count} blocks of {@code blocklength} copies of {@code old}; block starts
     * are {@code stride * old.extent()} elements apart (stride may be negative or zero).
     */
    public static TypeMap vector(int count, int blocklength, int stride, TypeMap old) {
        checkOld(old);
        checkCount(count, "count");
        checkBlocklength(blocklength, "blocklength");
        return vectorOf(count, blocklength, mul(stride, old.extent()), old);
    }

    /**
     * MPI_Type_hvector (mpiJava units): as {@link #vector}, but block starts are {@code stride} elements of
     * the base type apart, whatever {@code old}'s extent.
     */
    public static TypeMap hvector(int count, int blocklength, int stride, TypeMap old) {
        checkOld(old);
        checkCount(count, "count");
        checkBlocklength(blocklength, "blocklength");
        return vectorOf(count, blocklength, stride, old);
    }

    /**
     * MPI_Type_indexed: block k is {@code blocklengths[k]} copies of {@code old} from displacement
     * {@code displacements[k] * old.extent()} elements.
     */
    public static TypeMap indexed(int[] blocklengths, int[] displacements, TypeMap old) {
        checkOld(old);
        checkArrays(blocklengths, displacements);
        long[] d = new long[displacements.length];
        for (int k = 0; k < d.length; k++) {
            checkBlocklength(blocklengths[k], "blocklengths[" + k + "]");
            d[k] = mul(displacements[k], old.extent());
        }
        return blocksOf(blocklengths.clone(), d, filled(d.length, old), old.base);
    }

    /**
     * MPI_Type_hindexed (mpiJava units): as {@link #indexed}, with displacements in elements of the base
     * type, whatever {@code old}'s extent.
     */
    public static TypeMap hindexed(int[] blocklengths, int[] displacements, TypeMap old) {
        checkOld(old);
        checkArrays(blocklengths, displacements);
        long[] d = new long[displacements.length];
        for (int k = 0; k < d.length; k++) {
            checkBlocklength(blocklengths[k], "blocklengths[" + k + "]");
            d[k] = displacements[k];
        }
        return blocksOf(blocklengths.clone(), d, filled(d.length, old), old.base);
    }

    /**
     * MPI_Type_struct: block k is {@code blocklengths[k]} copies of {@code types[k]} from displacement
     * {@code displacements[k]} (in elements of the base type, as mpiJava counts). Every type that carries
     * data must have the same base type; the {@link #LB} and {@link #UB} markers may be mixed in.
     */
    public static TypeMap struct(int[] blocklengths, int[] displacements, TypeMap[] types) {
        checkArrays(blocklengths, displacements);
        if (types == null || types.length != blocklengths.length) {
            throw new DatatypeException(DatatypeException.Kind.ERR_ARG, "struct needs as many types as block lengths ("
                    + blocklengths.length + "), got " + (types == null ? "null" : types.length));
        }
        long[] d = new long[displacements.length];
        for (int k = 0; k < d.length; k++) {
            if (types[k] == null) {
                throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "types[" + k + "] is null");
            }
            checkBlocklength(blocklengths[k], "blocklengths[" + k + "]");
            d[k] = displacements[k];
        }
        return blocksOf(blocklengths.clone(), d, types.clone(), null);
    }

    /**
     * MPI_Type_create_resized: {@code old}'s data, with lower bound {@code lb} and extent {@code extent}
     * (elements), whatever bounds or markers {@code old} had: as if the type held only an {@code LB} marker at
     * {@code lb} and a {@code UB} marker at {@code lb + extent}. The extent may be zero or negative, as MPI allows.
     */
    public static TypeMap resized(TypeMap old, int lb, int extent) {
        checkOld(old);
        Bounds b = new Bounds();
        b.addCopies(old, 1, 0, 0, 1);
        b.hasMarkLb = true;
        b.markLb = lb;
        b.hasMarkUb = true;
        b.markUb = add(lb, extent);
        b.hasEntries = true;
        b.allLo = Math.min(b.allLo, Math.min(b.markLb, b.markUb));
        b.allHi = Math.max(b.allHi, Math.max(b.markLb, b.markUb));
        return new TypeMap(new Resized(old, lb, extent), old.base, b, old.contiguousData);
    }

    /**
     * This type map with every element of its base type replaced by that element's bytes, as {@link
     * BasicType#BYTE} elements: displacements, strides, bounds and extents multiplied by the base type's size.
     * For bindings that count displacements in bytes and lay out mixed fields in one byte buffer (the Open MPI
     * Java API's {@code createStruct}). A type map without data (markers only) scales its markers by 1.
     * Not for {@link BasicType#OBJECT}, whose elements have no fixed size.
     */
    public TypeMap inBytes() {
        if (base == BasicType.OBJECT) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "objects have no byte layout");
        }
        return scaled(base == null ? 1 : base.size());
    }

    private TypeMap scaled(int s) {
        return switch (node) {
            case Basic bt -> bt.type() == BasicType.BYTE ? this : contiguous(s, of(BasicType.BYTE));
            case Marker m -> this;
            case Vector v -> vectorOf(v.count(), v.blocklength(), mul(v.stride(), s), v.old().scaled(s));
            case Blocks bl -> {
                long[] d = new long[bl.displacements().length];
                TypeMap[] t = new TypeMap[d.length];
                for (int k = 0; k < d.length; k++) {
                    d[k] = mul(bl.displacements()[k], s);
                    t[k] = bl.types()[k].scaled(s);
                }
                yield blocksOf(bl.blocklengths().clone(), d, t, base == null ? null : BasicType.BYTE);
            }
            case Resized r -> resized(r.old().scaled(s), fit(mul(r.lb(), s), "lower bound"), fit(mul(r.extent(), s),
                    "extent"));
        };
    }

    /**
     * The base type every data entry has, or null for a type map of markers only (which carries no data
     * and accepts any buffer).
     */
    public BasicType base() {
        return base;
    }

    /** Number of base elements (data entries) in one item of this type. */
    public int elementCount() {
        return elements;
    }

    /**
     * MPI_Type_size: bytes of data in one item ({@code elementCount() * base().size()}; for
     * {@code OBJECT} that counts one per object, as {@link BasicType#size()} does).
     */
    public long size() {
        return base == null ? 0 : (long) elements * base.size();
    }

    /** MPI_Type_lb, in elements. */
    public int lb() {
        return hasMarkLb ? markLb : hasEntries ? allLo : 0;
    }

    /** MPI_Type_ub, in elements. */
    public int ub() {
        return hasMarkUb ? markUb : hasEntries ? allHi : 0;
    }

    /** MPI_Type_extent = {@code ub() - lb()}, in elements: the distance between successive items. */
    public int extent() {
        return ub() - lb();
    }

    /** True when the type map holds an explicit {@code LB} marker (it then decides {@link #lb()}). */
    public boolean hasExplicitLb() {
        return hasMarkLb;
    }

    /** True when the type map holds an explicit {@code UB} marker (it then decides {@link #ub()}). */
    public boolean hasExplicitUb() {
        return hasMarkUb;
    }

    /** Lowest displacement of a data entry (the "true lower bound"); 0 without data. */
    public int trueLb() {
        return dataLo;
    }

    /** Highest displacement of a data entry plus one (the "true upper bound"); 0 without data. */
    public int trueUb() {
        return dataHi;
    }

    /** True for the {@link #LB} and {@link #UB} markers themselves. */
    public boolean isMarker() {
        return node instanceof Marker;
    }

    /** Compiles this type map into a {@link PackPlan} (MPI_Type_commit). */
    public PackPlan compile() {
        return PackPlan.compile(this);
    }

    @Override
    public String toString() {
        return "TypeMap[" + describe(node) + ", base=" + base + ", elements=" + elements + ", lb=" + lb()
                + ", ub=" + ub() + "]";
    }

    private static String describe(Node n) {
        return switch (n) {
            case Basic b -> b.type().name();
            case Marker m -> m.name();
            case Vector v -> "vector(" + v.count() + "," + v.blocklength() + "," + v.stride() + "," + describe(v.old().node) + ")";
            case Blocks b -> "blocks(" + b.blocklengths().length + ")";
            case Resized r -> "resized(" + describe(r.old().node) + "," + r.lb() + "," + r.extent() + ")";
        };
    }

    boolean hasData() {
        return hasData;
    }

    boolean contiguousData() {
        return contiguousData;
    }

    /**
     * Feeds the data entries of one item placed at {@code at}, in type-map order, to {@code sink} as runs of
     * consecutive elements.
     */
    void emit(long at, RunBuilder sink) {
        switch (node) {
            case Basic b -> sink.run(at, 1);
            case Marker m -> {
            }
            case Vector v -> {
                for (int i = 0; i < v.count(); i++) {
                    emitCopies(at + i * v.stride(), v.blocklength(), v.old(), sink);
                }
            }
            case Blocks b -> {
                for (int k = 0; k < b.types().length; k++) {
                    emitCopies(at + b.displacements()[k], b.blocklengths()[k], b.types()[k], sink);
                }
            }
            case Resized r -> r.old().emit(at, sink);
        }
    }

    private static void emitCopies(long at, int copies, TypeMap old, RunBuilder sink) {
        if (!old.hasData || copies == 0) {
            return;
        }
        if (old.contiguousData && (copies == 1 || old.extent() == old.elements)) {
            sink.run(at + old.dataLo, (long) copies * old.elements);
            return;
        }
        long e = old.extent();
        for (int j = 0; j < copies; j++) {
            old.emit(at + j * e, sink);
        }
    }

    // ---- construction ----

    private static TypeMap vectorOf(int count, int blocklength, long stride, TypeMap old) {
        Bounds b = new Bounds();
        if (count > 0 && blocklength > 0) {
            long blocksLo = Math.min(0, mul(count - 1, stride));
            long blocksHi = Math.max(0, mul(count - 1, stride));
            b.addCopies(old, blocklength, blocksLo, blocksHi, mul(count, blocklength));
        }
        long blockElements = mul(blocklength, old.elements);
        boolean contiguous = old.contiguousData && (blocklength <= 1 || old.extent() == old.elements)
                && (count <= 1 || stride == blockElements);
        return new TypeMap(new Vector(count, blocklength, stride, old), old.base, b, contiguous);
    }

    /** {@code base}: the old type's base (indexed types keep it even with no blocks), or null to find it in types. */
    private static TypeMap blocksOf(int[] blocklengths, long[] displacements, TypeMap[] types, BasicType base) {
        for (int k = 0; k < types.length; k++) {
            BasicType t = types[k].base;
            if (t != null) {
                if (base == null) {
                    base = t;
                } else if (base != t) {
                    throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "struct mixes base types " + base
                            + " and " + t + " (types[" + k + "]): mpiJava needs one base type per buffer");
                }
            }
        }
        Bounds b = new Bounds();
        int dataBlocks = 0;
        for (int k = 0; k < types.length; k++) {
            if (blocklengths[k] > 0) {
                b.addCopies(types[k], blocklengths[k], displacements[k], displacements[k], blocklengths[k]);
                if (types[k].hasData) {
                    dataBlocks++;
                }
            }
        }
        boolean contiguous = false;
        if (dataBlocks == 1) { // one block of data: contiguous when its copies are (markers do not matter)
            for (int k = 0; k < types.length; k++) {
                if (blocklengths[k] > 0 && types[k].hasData) {
                    contiguous = types[k].contiguousData
                            && (blocklengths[k] == 1 || types[k].extent() == types[k].elements);
                }
            }
        }
        return new TypeMap(new Blocks(blocklengths, displacements, types), base, b, contiguous);
    }

    /** Bounds of a type map under construction, in long arithmetic. */
    private static final class Bounds {
        long elements;
        boolean hasData;
        long dataLo = Long.MAX_VALUE;
        long dataHi = Long.MIN_VALUE;
        boolean hasEntries;
        long allLo = Long.MAX_VALUE;
        long allHi = Long.MIN_VALUE;
        boolean hasMarkLb;
        long markLb = Long.MAX_VALUE;
        boolean hasMarkUb;
        long markUb = Long.MIN_VALUE;

        /**
         * Adds {@code copies} copies of {@code t} (blocks of {@code blocklength}, {@code t.extent()} apart) whose
         * block starts range over [blocksLo, blocksHi].
         */
        void addCopies(TypeMap t, int blocklength, long blocksLo, long blocksHi, long copies) {
            long inBlock = mul(blocklength - 1, t.extent());
            long lo = add(blocksLo, Math.min(0, inBlock));
            long hi = add(blocksHi, Math.max(0, inBlock));
            elements = add(elements, mul(copies, t.elements));
            if (t.hasData) {
                hasData = true;
                dataLo = Math.min(dataLo, add(lo, t.dataLo));
                dataHi = Math.max(dataHi, add(hi, t.dataHi));
            }
            if (t.hasEntries) {
                hasEntries = true;
                allLo = Math.min(allLo, add(lo, t.allLo));
                allHi = Math.max(allHi, add(hi, t.allHi));
            }
            if (t.hasMarkLb) {
                hasMarkLb = true;
                markLb = Math.min(markLb, add(lo, t.markLb));
            }
            if (t.hasMarkUb) {
                hasMarkUb = true;
                markUb = Math.max(markUb, add(hi, t.markUb));
            }
        }
    }

    // ---- checks and arithmetic ----

    private static void checkOld(TypeMap old) {
        if (old == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_TYPE, "old type is null");
        }
    }

    private static void checkCount(int count, String what) {
        if (count < 0) {
            throw new DatatypeException(DatatypeException.Kind.ERR_COUNT, "negative " + what + " " + count);
        }
    }

    private static void checkBlocklength(int blocklength, String what) {
        if (blocklength < 0) {
            throw new DatatypeException(DatatypeException.Kind.ERR_ARG, "negative " + what + " " + blocklength);
        }
    }

    private static void checkArrays(int[] blocklengths, int[] displacements) {
        if (blocklengths == null || displacements == null) {
            throw new DatatypeException(DatatypeException.Kind.ERR_ARG, "block lengths or displacements are null");
        }
        if (blocklengths.length != displacements.length) {
            throw new DatatypeException(DatatypeException.Kind.ERR_ARG, blocklengths.length + " block lengths but "
                    + displacements.length + " displacements");
        }
    }

    private static TypeMap[] filled(int n, TypeMap t) {
        TypeMap[] a = new TypeMap[n];
        java.util.Arrays.fill(a, t);
        return a;
    }

    private static int fit(long v, String what) {
        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
            throw new DatatypeException(DatatypeException.Kind.ERR_ARG, "the type's " + what + " (" + v
                    + ") does not fit an int: no Java array can hold it");
        }
        return (int) v;
    }

    static long mul(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw new DatatypeException(DatatypeException.Kind.ERR_ARG, "type map too large: " + a + " * " + b + " overflows");
        }
    }

    static long add(long a, long b) {
        try {
            return Math.addExact(a, b);
        } catch (ArithmeticException e) {
            throw new DatatypeException(DatatypeException.Kind.ERR_ARG, "type map too large: " + a + " + " + b + " overflows");
        }
    }
}
