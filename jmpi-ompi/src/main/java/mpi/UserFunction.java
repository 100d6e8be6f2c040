package mpi;

import java.nio.ByteBuffer;

/**
 * A user-defined reduction (Open MPI Java API): override {@link #call(Object, Object, int, Datatype)} (arrays
 * of the datatype's base type) or {@link #call(ByteBuffer, ByteBuffer, int, Datatype)} (the operands' bytes in
 * native order). The result goes into the second operand: {@code inOutVec[i] = inVec[i] op inOutVec[i]}. For a
 * datatype whose base type is BOOLEAN only the array form is called.
 */
public abstract class UserFunction {
    /**
     * The operation on arrays of {@code count * datatype.getExtent()} base elements ({@code count} items of
     * {@code datatype} laid out as the type lays them out).
     */
    public void call(Object inVec, Object inOutVec, int count, Datatype datatype) throws MPIException {
        throw new UnsupportedOperationException("Not supported yet.");
    }

    /**
     * The operation on the operands' bytes ({@code count} items of {@code datatype}, native byte order). By
     * default: copies both into arrays of the base type, calls the array form, copies the result back.
     */
    public void call(ByteBuffer in, ByteBuffer inOut, int count, Datatype datatype) throws MPIException {
        jmpi.datatype.BasicType base = datatype.base();
        int n = in.capacity() / base.size();
        Object a = java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), n);
        Object b = java.lang.reflect.Array.newInstance(base.arrayClass().getComponentType(), n);
        java.lang.foreign.MemorySegment.copy(java.lang.foreign.MemorySegment.ofBuffer(in.duplicate().clear()),
                base.layout(), 0, a, 0, n);
        java.lang.foreign.MemorySegment io = java.lang.foreign.MemorySegment.ofBuffer(inOut.duplicate().clear());
        java.lang.foreign.MemorySegment.copy(io, base.layout(), 0, b, 0, n);
        call(a, b, count, datatype);
        java.lang.foreign.MemorySegment.copy(b, 0, io, base.layout(), 0, n);
    }
}
