package mpi;

import jmpi.core.ErrorClass;
import jmpi.core.MpiError;
import jmpi.datatype.BasicType;
import jmpi.datatype.DatatypeException;
import jmpi.datatype.PackPlan;
import jmpi.datatype.TypeHandle;
import jmpi.datatype.TypeMap;

/**
 * An MPI datatype (mpiJava 1.2 {@code Datatype}): a basic type ({@code MPI.INT}, ...), a marker
 * ({@code MPI.LB}, {@code MPI.UB}), or a derived type built from others with the static constructors
 * of mpiJava 1.2 and MPJ Express ({@link #Contiguous(int, Datatype)}, {@link #Vector(int, int, int,
 * Datatype)}, {@link #Hvector(int, int, int, Datatype)}, {@link #Indexed(int[], int[], Datatype)},
 * {@link #Hindexed(int[], int[], Datatype)}, {@link #Struct}), which must be committed before use. The
 * instance forms ({@code oldtype.Vector(count, blocklength, stride)}, ...) are aliases of the static
 * ones. As in mpiJava, displacements, strides, bounds and extents count elements of the buffer's array:
 * {@code Vector} and {@code Indexed} in multiples of the old type's extent, {@code Hvector},
 * {@code Hindexed} and {@code Struct} in elements of the base type (never bytes); {@link #Size()} is
 * the number of base elements one item holds. All blocks of a type share one base type.
 */
public class Datatype {
    private final TypeHandle handle;
    private final String name;
    /** The basic type for a predefined type (null for markers and derived types). */
    private final BasicType basic;

    /** A predefined basic type. */
    Datatype(BasicType basic, String name) {
        this.handle = basic == null ? TypeHandle.marker(name.equals("LB") ? TypeMap.LB : TypeMap.UB, "MPI." + name)
                : TypeHandle.predefined(basic, "MPI." + name);
        this.name = name;
        this.basic = basic;
    }

    /** A predefined, committed derived type (the MAXLOC / MINLOC pair types). */
    Datatype(TypeMap map, String name) {
        this.handle = TypeHandle.derived(map, "MPI." + name);
        this.handle.commit();
        this.name = name;
        this.basic = null;
    }

    private Datatype(TypeHandle handle, String name, boolean derived) {
        this.handle = handle;
        this.name = name;
        this.basic = null;
    }

    /** MPI.NULL: the null datatype; every use of it is ERR_TYPE. */
    static Datatype nullType() {
        return new Datatype(TypeHandle.derived(TypeMap.struct(new int[0], new int[0], new TypeMap[0]), "MPI.NULL"),
                "MPI.NULL", true);
    }

    private void checkNotNullType() {
        if (this == MPI.NULL) {
            throw new MpiError(ErrorClass.ERR_TYPE, "MPI.NULL is the null datatype");
        }
    }

    private static MPIException raise(MpiError e) {
        return MPI.COMM_WORLD.raise(e);
    }

    static MpiError error(DatatypeException e) {
        return new MpiError(ErrorClass.valueOf(e.errorClass().name()), e.getMessage(), e);
    }

    /** The basic type a message of this datatype carries (BYTE for a type of markers only, which carries no data). */
    BasicType basicForMessages() {
        if (basic != null) {
            return basic;
        }
        PackPlan plan = plan();
        // A type of markers only (LB / UB) has size 0: its messages carry no data (an empty signature,
        // which matches any empty receive), so any basic type serves as their wire type.
        return plan.base() == null ? BasicType.BYTE : plan.base();
    }

    BasicType basic() {
        return basicForMessages();
    }

    /** The committed plan of a derived type, or null for a basic type; an uncommitted or freed type is an error. */
    PackPlan planForMessages() {
        return basic != null ? null : plan();
    }

    private PackPlan plan() {
        checkNotNullType();
        try {
            return handle.plan();
        } catch (DatatypeException e) {
            throw error(e);
        }
    }

    /** Basic elements per item of this datatype. */
    int elementsPerItem() {
        return basic != null ? 1 : plan().elementsPerItem();
    }

    /** Elements between successive items in a buffer. */
    int extentElements() {
        return basic != null ? 1 : plan().extent();
    }

    /** True when {@code count} items at an offset are {@code count * elementsPerItem()} consecutive elements. */
    boolean contiguous() {
        return basic != null || (plan().isDense() && plan().type().trueLb() == 0
                && plan().extent() == plan().elementsPerItem());
    }

    private TypeMap map() {
        checkNotNullType();
        try {
            return handle.map();
        } catch (DatatypeException e) {
            throw error(e);
        }
    }

    /** A new derived type built by {@code build}; its failures go to COMM_WORLD's error handler. */
    private static Datatype derive(java.util.function.Supplier<TypeMap> build, java.util.function.Supplier<String> name) {
        try {
            TypeMap map = build.get();
            String what = name.get();
            return new Datatype(TypeHandle.derived(map, what), what, true);
        } catch (DatatypeException e) {
            throw raise(error(e));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** The old type's map, or ERR_TYPE for a null old type (raised through COMM_WORLD's handler by derive). */
    private static TypeMap mapOf(Datatype oldtype) {
        if (oldtype == null) {
            throw new MpiError(ErrorClass.ERR_TYPE, "oldtype is null");
        }
        return oldtype.map();
    }

    /** MPI_Type_contiguous: {@code count} copies of {@code oldtype}, one after another. */
    public static Datatype Contiguous(int count, Datatype oldtype) {
        return derive(() -> TypeMap.contiguous(count, mapOf(oldtype)), () -> "Contiguous(" + count + ", " + oldtype + ")");
    }

    /**
     * MPI_Type_vector: {@code count} blocks of {@code blocklength} items of {@code oldtype}, block starts
     * {@code stride} old extents apart.
     */
    public static Datatype Vector(int count, int blocklength, int stride, Datatype oldtype) {
        return derive(() -> TypeMap.vector(count, blocklength, stride, mapOf(oldtype)),
                () -> "Vector(" + count + ", " + blocklength + ", " + stride + ", " + oldtype + ")");
    }

    /**
     * MPI_Type_hvector: as {@link #Vector(int, int, int, Datatype)}, but block starts are {@code stride}
     * elements of the base type apart (mpiJava 1.2: "in units of the base type, not bytes").
     */
    public static Datatype Hvector(int count, int blocklength, int stride, Datatype oldtype) {
        return derive(() -> TypeMap.hvector(count, blocklength, stride, mapOf(oldtype)),
                () -> "Hvector(" + count + ", " + blocklength + ", " + stride + ", " + oldtype + ")");
    }

    /**
     * MPI_Type_indexed: block i of {@code array_of_blocklengths[i]} items of {@code oldtype} at
     * {@code array_of_displacements[i]} old extents.
     */
    public static Datatype Indexed(int[] array_of_blocklengths, int[] array_of_displacements, Datatype oldtype) {
        return derive(() -> TypeMap.indexed(array_of_blocklengths, array_of_displacements, mapOf(oldtype)),
                () -> "Indexed(" + oldtype + ")");
    }

    /**
     * MPI_Type_hindexed: as {@link #Indexed(int[], int[], Datatype)}, with displacements in elements of
     * the base type (mpiJava 1.2: not bytes).
     */
    public static Datatype Hindexed(int[] array_of_blocklengths, int[] array_of_displacements, Datatype oldtype) {
        return derive(() -> TypeMap.hindexed(array_of_blocklengths, array_of_displacements, mapOf(oldtype)),
                () -> "Hindexed(" + oldtype + ")");
    }

    /** Alias of {@link #Contiguous(int, Datatype)} with this type as the old type. */
    public Datatype Contiguous(int count) {
        return Contiguous(count, this);
    }

    /** Alias of {@link #Vector(int, int, int, Datatype)} with this type as the old type. */
    public Datatype Vector(int count, int blocklength, int stride) {
        return Vector(count, blocklength, stride, this);
    }

    /** Alias of {@link #Hvector(int, int, int, Datatype)} with this type as the old type (stride in base elements). */
    public Datatype Hvector(int count, int blocklength, int stride) {
        return Hvector(count, blocklength, stride, this);
    }

    /** Alias of {@link #Indexed(int[], int[], Datatype)} with this type as the old type. */
    public Datatype Indexed(int[] array_of_blocklengths, int[] array_of_displacements) {
        return Indexed(array_of_blocklengths, array_of_displacements, this);
    }

    /** Alias of {@link #Hindexed(int[], int[], Datatype)} with this type as the old type (displacements in base elements). */
    public Datatype Hindexed(int[] array_of_blocklengths, int[] array_of_displacements) {
        return Hindexed(array_of_blocklengths, array_of_displacements, this);
    }

    /**
     * MPI_Type_struct: block i of {@code array_of_blocklengths[i]} items of {@code array_of_types[i]} at
     * {@code array_of_displacements[i]} elements; all types share one base type (besides the LB and UB markers).
     */
    public static Datatype Struct(int[] array_of_blocklengths, int[] array_of_displacements, Datatype[] array_of_types) {
        return derive(() -> {
            if (array_of_types == null) {
                throw new MpiError(ErrorClass.ERR_ARG, "array_of_types is null");
            }
            TypeMap[] maps = new TypeMap[array_of_types.length];
            for (int i = 0; i < maps.length; i++) {
                if (array_of_types[i] == null) {
                    throw new MpiError(ErrorClass.ERR_TYPE, "array_of_types[" + i + "] is null");
                }
                maps[i] = array_of_types[i].map();
            }
            return TypeMap.struct(array_of_blocklengths, array_of_displacements, maps);
        }, () -> "Struct");
    }

    /**
     * MPI_Type_size, in mpiJava's unit: the number of base elements one item of this type holds
     * ({@code MPI.INT.Size() == 1}, a vector of 3 blocks of 2 ints has size 6; the markers have size 0).
     */
    public int Size() {
        try {
            return basic != null ? 1 : map().elementCount();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Type_extent, in elements of the buffer's array (as mpiJava counts it). */
    public int Extent() {
        try {
            return basic != null ? 1 : map().extent();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Type_lb, in elements. */
    public int Lb() {
        try {
            return basic != null ? 0 : map().lb();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Type_ub, in elements. */
    public int Ub() {
        try {
            return basic != null ? 1 : map().ub();
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Type_commit: compiles a derived type for use in communication (basic types are always committed). */
    public void Commit() {
        try {
            checkNotNullType();
            handle.commit();
        } catch (DatatypeException e) {
            throw raise(error(e));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPI_Type_free: the type can no longer be used; types built from it keep working. Predefined types cannot be freed. */
    public void Free() {
        try {
            checkNotNullType();
            handle.free();
        } catch (DatatypeException e) {
            throw raise(error(e));
        } catch (MpiError e) {
            throw raise(e);
        }
    }

    /** MPJ Express's name for {@link #Free()}. */
    public void free() {
        Free();
    }

    @Override
    public String toString() {
        return handle.isPredefined() || basic != null ? "MPI." + name : name;
    }
}
