package mpi;

/**
 * A user-defined reduction (mpiJava 1.2): {@link #Call} must set {@code inoutvec[i] = invec[i] op
 * inoutvec[i]} for {@code count} items of {@code datatype}, starting at the given offsets.
 */
public abstract class User_function {
    public abstract void Call(Object invec, int inoffset, Object inoutvec, int inoutoffset, int count, Datatype datatype);
}
