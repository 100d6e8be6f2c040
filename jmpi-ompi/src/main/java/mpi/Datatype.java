package mpi;

import jmpi.core.ErrorClass;
import jmpi.datatype.BasicType;

/**
 * An MPI datatype (Open MPI Java API). This first slice has the predefined basic types only
 * ({@code MPI.BYTE} .. {@code MPI.DOUBLE}); sizes and extents are counted in elements of the base type, as
 * Open MPI's Java API counts them ({@code MPI.INT.getExtent()} is 1). Immutable.
 */
public final class Datatype {
    private final BasicType basic;
    private final String name;

    Datatype(BasicType basic, String name) {
        this.basic = basic;
        this.name = name;
    }

    BasicType basic() {
        return basic;
    }

    /** MPI_Type_size, in elements of the base type. */
    public int getSize() throws MPIException {
        MPI.check();
        return 1;
    }

    /** MPI_Type_get_extent's extent, in elements of the base type. */
    public int getExtent() throws MPIException {
        MPI.check();
        return 1;
    }

    /** MPI_Type_get_extent's lower bound, in elements of the base type. */
    public int getLb() throws MPIException {
        MPI.check();
        return 0;
    }

    /** The name Open MPI gives the predefined type ({@code MPI_INT}, ...). */
    public String getName() throws MPIException {
        MPI.check();
        return name;
    }

    /** A predefined type cannot be freed. */
    public void free() throws MPIException {
        MPI.check();
        throw MPIException.of(ErrorClass.ERR_TYPE, name + " is a predefined datatype: it cannot be freed");
    }

    /** Predefined types are always committed. */
    public void commit() throws MPIException {
        MPI.check();
    }

    /**
     * Checks that {@code buf} is an array this type's elements fit and holds {@code count} of them from
     * index 0; returns the array.
     */
    Object array(String what, Object buf, int count) throws MPIException {
        if (count < 0) {
            throw MPIException.of(ErrorClass.ERR_COUNT, what + ": negative count " + count);
        }
        if (buf == null) {
            if (count == 0) {
                return null;
            }
            throw MPIException.of(ErrorClass.ERR_BUFFER, what + " is null");
        }
        if (buf instanceof java.nio.Buffer) {
            throw MPIException.of(ErrorClass.ERR_BUFFER, what + ": java.nio buffers are not supported by jmpi's Open"
                    + " MPI API yet (arrays are)");
        }
        if (buf.getClass() != basic.arrayClass()) {
            throw MPIException.of(ErrorClass.ERR_TYPE, what + " is a " + buf.getClass().getSimpleName() + ", not the "
                    + basic.arrayClass().getSimpleName() + " that " + name + " needs");
        }
        int length = java.lang.reflect.Array.getLength(buf);
        if (count > length) {
            throw MPIException.of(ErrorClass.ERR_BUFFER, what + ": " + count + " elements of " + name + " do not fit"
                    + " in an array of " + length);
        }
        return buf;
    }

    @Override
    public String toString() {
        return name;
    }
}
