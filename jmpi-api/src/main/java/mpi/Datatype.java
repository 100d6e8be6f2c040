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
 * ({@code MPI.LB}, {@code MPI.UB}), or a derived type built from others ({@link #Contiguous},
 * {@link #Vector}, {@link #Hvector}, {@link #Indexed}, {@link #Hindexed}, {@link #Struct}) which must be
 * committed before use. As in mpiJava, displacements, strides and extents count elements of the
 * buffer's array (the "h" constructors count bytes, a multiple of the element size), and all blocks of
 * a type share one base type.
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

    /** MPI_Type_contiguous: {@code count} copies of this type, one after another. */
    public Datatype Contiguous(int count) {
        return derive(() -> TypeMap.contiguous(count, map()), () -> "Contiguous(" + count + ", " + this + ")");
    }

    /** MPI_Type_vector: {@code count} blocks of {@code blocklength} items, block starts {@code stride} items apart. */
    public Datatype Vector(int count, int blocklength, int stride) {
        return derive(() -> TypeMap.vector(count, blocklength, stride, map()),
                () -> "Vector(" + count + ", " + blocklength + ", " + stride + ", " + this + ")");
    }

    /** MPI_Type_hvector: as {@link #Vector} with the stride in bytes. */
    public Datatype Hvector(int count, int blocklength, int stride) {
        return derive(() -> TypeMap.hvector(count, blocklength, stride, map()),
                () -> "Hvector(" + count + ", " + blocklength + ", " + stride + ", " + this + ")");
    }

    /** MPI_Type_indexed: block i of {@code array_of_blocklengths[i]} items at {@code array_of_displacements[i]} items. */
    public Datatype Indexed(int[] array_of_blocklengths, int[] array_of_displacements) {
        return derive(() -> TypeMap.indexed(array_of_blocklengths, array_of_displacements, map()),
                () -> "Indexed(" + this + ")");
    }

    /** MPI_Type_hindexed: as {@link #Indexed} with displacements in bytes. */
    public Datatype Hindexed(int[] array_of_blocklengths, int[] array_of_displacements) {
        return derive(() -> TypeMap.hindexed(array_of_blocklengths, array_of_displacements, map()),
                () -> "Hindexed(" + this + ")");
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

    /** MPI_Type_size: bytes of data in one item (an {@code MPI.OBJECT} element counts 1). */
    public int Size() {
        try {
            return basic != null ? basic.size() : (int) map().size();
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
            handle.commit();
        } catch (DatatypeException e) {
            throw raise(error(e));
        }
    }

    /** MPI_Type_free: the type can no longer be used; types built from it keep working. Predefined types cannot be freed. */
    public void Free() {
        try {
            handle.free();
        } catch (DatatypeException e) {
            throw raise(error(e));
        }
    }

    @Override
    public String toString() {
        return handle.isPredefined() || basic != null ? "MPI." + name : name;
    }
}
