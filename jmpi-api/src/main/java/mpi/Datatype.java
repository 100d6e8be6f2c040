package mpi;

import jmpi.core.ErrorClass;
import jmpi.datatype.BasicType;

/**
 * An MPI datatype. The basic types ({@code MPI.INT}, {@code MPI.DOUBLE}, ...) are predefined; derived
 * types come with the datatypes work (vector, indexed, struct).
 */
public class Datatype {
    private final BasicType basic;
    private final String name;
    /** Basic elements per item: 1, or 2 for the (value, index) pair types of MAXLOC / MINLOC. */
    private final int elements;

    Datatype(BasicType basic, String name) {
        this(basic, name, 1);
    }

    Datatype(BasicType basic, String name, int elements) {
        this.basic = basic;
        this.name = name;
        this.elements = elements;
    }

    /** Basic elements per item of this datatype (the buffer holds count times this many). */
    int elementsPerItem() {
        return elements;
    }

    /** The basic type a message of this datatype carries; the LB/UB markers carry none. */
    BasicType basicForMessages() {
        if (basic == null) {
            throw Checks.error(ErrorClass.ERR_TYPE, "datatype " + name + " is a marker and cannot describe a buffer");
        }
        return basic;
    }

    BasicType basic() {
        return basic;
    }

    /** MPI_Type_size: bytes of data in one element (1 for {@code MPI.OBJECT}). */
    public int Size() {
        return basic == null ? 0 : basic.size() * elements;
    }

    /** MPI_Type_extent, in elements of the buffer's array (as mpiJava counts it). */
    public int Extent() {
        return basic == null ? 0 : elements;
    }

    /** MPI_Type_lb, in elements. */
    public int Lb() {
        return 0;
    }

    /** MPI_Type_ub, in elements. */
    public int Ub() {
        return Extent();
    }

    /** MPI_Type_commit: basic types are always committed. */
    public void Commit() {
    }

    /** MPI_Type_free: predefined types cannot be freed. */
    public void Free() {
        throw MPIException.of(ErrorClass.ERR_TYPE, "predefined datatype " + name + " cannot be freed");
    }

    @Override
    public String toString() {
        return "MPI." + name;
    }
}
